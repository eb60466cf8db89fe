"""Failed sign-ins slow down whoever makes them, on the sign-in form and the admin's: after a
few failures from one address for one username (or from one address for any), an attempt that
comes before its wait has passed is refused (HTTP 429 with Retry-After, a message in the page's
language) without checking the password. Nobody else is locked out: the same username from
another address signs in as usual. The client's own X-Forwarded-For is not its address."""

import time

import pytest
from django.contrib.auth.models import User
from django.test import Client

pytestmark = pytest.mark.django_db

URL = "/accounts/login/"
ADMIN_URL = "/admin/login/"


@pytest.fixture
def user():
    return User.objects.create_user("kees", password="juist-wachtwoord", is_staff=True)


def attempt(password: str, *, username: str = "kees", address: str = "10.0.0.1",
            language: str = "en", url: str = URL, **headers):
    client = Client()
    response = client.post(url, {"username": username, "password": password},
                           REMOTE_ADDR=address, HTTP_ACCEPT_LANGUAGE=language, **headers)
    response.signed_in = "_auth_user_id" in client.session
    return response


def test_signing_in_works(user):
    response = attempt("juist-wachtwoord")
    assert response.status_code == 302 and response.signed_in


def test_fifteen_wrong_passwords_then_the_right_one_is_refused_for_now(user):
    statuses = [attempt("fout").status_code for _ in range(15)]
    assert statuses[:5] == [200] * 5 and 429 in statuses
    response = attempt("juist-wachtwoord")
    assert response.status_code == 429 and not response.signed_in
    assert int(response["Retry-After"]) >= 1
    body = response.content.decode()
    assert "Too many failed sign-in attempts" in body and 'name="username"' in body


def test_the_admin_sign_in_is_slowed_down_too(user):
    for _ in range(15):
        attempt("fout", url=ADMIN_URL)
    response = attempt("juist-wachtwoord", url=ADMIN_URL)
    assert response.status_code == 429 and not response.signed_in
    assert int(response["Retry-After"]) >= 1
    assert "Too many failed sign-in attempts" in response.content.decode()
    # Staff signing in from elsewhere are not affected.
    assert attempt("juist-wachtwoord", url=ADMIN_URL, address="10.0.0.2").signed_in


def test_someone_elses_failures_do_not_lock_the_member_out(user):
    for _ in range(15):
        attempt("fout", address="10.6.6.6")
    response = attempt("juist-wachtwoord", address="10.0.0.2")
    assert response.status_code == 302 and response.signed_in


def test_the_message_is_dutch_on_a_dutch_page(user):
    for _ in range(7):
        response = attempt("fout", language="nl")
    assert response.status_code == 429
    assert "Te veel mislukte pogingen" in response.content.decode()


def test_one_address_guessing_many_usernames_is_slowed_down(user, settings):
    settings.LOGIN_FREE_FAILURES_PER_ADDRESS = 10
    statuses = [attempt("fout", username=f"gok{n}").status_code for n in range(15)]
    assert statuses[:10] == [200] * 10 and statuses[-1] == 429
    assert attempt("juist-wachtwoord").status_code == 429
    # Another address signs in as usual.
    assert attempt("juist-wachtwoord", address="10.0.0.9").status_code == 302


def test_a_forwarded_for_header_written_by_the_client_is_not_its_address(user, settings):
    settings.LOGIN_FREE_FAILURES_PER_ADDRESS = 10
    for n in range(15):
        attempt("fout", username=f"gok{n}", HTTP_X_FORWARDED_FOR=f"192.0.2.{n}")
    response = attempt("juist-wachtwoord", HTTP_X_FORWARDED_FOR="192.0.2.200")
    assert response.status_code == 429 and not response.signed_in


def test_behind_a_trusted_proxy_its_entry_is_the_address(user, settings):
    settings.TRUSTED_PROXY_COUNT = 1
    for _ in range(15):
        attempt("fout", address="10.0.0.254", HTTP_X_FORWARDED_FOR="203.0.113.7, 198.51.100.1")
    # The client behind the proxy is slowed down; another client of the same proxy is not,
    # whatever the first one writes in front of the proxy's entry.
    assert attempt("juist-wachtwoord", address="10.0.0.254",
                   HTTP_X_FORWARDED_FOR="203.0.113.8, 198.51.100.1").status_code == 429
    assert attempt("juist-wachtwoord", address="10.0.0.254",
                   HTTP_X_FORWARDED_FOR="198.51.100.2").signed_in


def test_a_few_mistakes_are_forgiven_and_a_success_forgets_them(user):
    for _ in range(4):
        attempt("fout")
    assert attempt("juist-wachtwoord").status_code == 302
    for _ in range(5):
        assert attempt("fout").status_code == 200
    assert attempt("juist-wachtwoord").status_code == 302


def test_waiting_lets_the_next_attempt_in_and_the_wait_grows(user, settings):
    settings.LOGIN_FIRST_WAIT = 1
    for _ in range(5):
        attempt("fout")
    assert attempt("fout").status_code == 200  # the first attempt beyond the free ones
    first = attempt("fout")
    assert first.status_code == 429 and first["Retry-After"] == "1"
    time.sleep(1.05)
    assert attempt("fout").status_code == 200  # waited: checked, and wrong again
    second = attempt("juist-wachtwoord")
    assert second.status_code == 429 and second["Retry-After"] == "2"


def test_a_refused_attempt_does_not_check_the_password(user, monkeypatch):
    for _ in range(7):
        attempt("fout")
    checked = []
    monkeypatch.setattr("django.contrib.auth.forms.authenticate",
                        lambda *a, **kw: checked.append(kw))
    assert attempt("juist-wachtwoord").status_code == 429
    assert checked == []


def test_there_is_no_anonymous_password_reset_form():
    assert Client().get("/accounts/password_reset/").status_code == 404
    assert Client().post("/accounts/password_reset/", {"email": "a@b.nl"}).status_code == 404
