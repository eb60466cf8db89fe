"""Failed sign-ins are counted so passwords cannot be guessed at speed, without a lever to lock
a real user out (clubs.access.throttle): an address that fails ten times for a username is stopped
for five minutes; an address guessing many usernames is stopped; a username failed from anywhere
is slowed down to one attempt per few seconds, never locked. A refused attempt is not checked
at all, answers 429 with Retry-After and a message in the page's language. The admin's sign-in
counts the same way, and a client's own X-Forwarded-For is not its address."""

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client, RequestFactory

from clubs.access.throttle import (
    LOGIN_ADDRESS_LIMIT,
    LOGIN_FAILURE_LIMIT,
    LOGIN_SLOWDOWN_SECONDS,
    SignInGuard,
)

pytestmark = pytest.mark.django_db

URL = "/accounts/login/"


@pytest.fixture(autouse=True)
def fresh_counters():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def user():
    return User.objects.create_user("kees", password="juist-wachtwoord", is_staff=True)


def attempt(
    password: str,
    *,
    username: str = "kees",
    address: str = "10.0.0.1",
    language: str = "en",
    url: str = URL,
    **headers,
):
    return Client().post(
        url,
        {"username": username, "password": password},
        REMOTE_ADDR=address,
        HTTP_ACCEPT_LANGUAGE=language,
        **headers,
    )


def test_signing_in_works(user):
    assert attempt("juist-wachtwoord").status_code == 302


def test_ten_failures_stop_that_address_for_that_username(user):
    for _ in range(LOGIN_FAILURE_LIMIT):
        assert attempt("fout").status_code == 200
    response = attempt("juist-wachtwoord")
    assert response.status_code == 429
    assert int(response["Retry-After"]) > 0
    body = response.content.decode()
    assert "Too many failed sign-in attempts" in body and 'name="username"' in body
    assert "_auth_user_id" not in response.client.session


def test_the_real_user_is_slowed_down_not_locked_out(user):
    for _ in range(LOGIN_FAILURE_LIMIT):
        attempt("fout", address="10.6.6.6")  # someone else guessing kees's password
    assert attempt("juist-wachtwoord", address="10.0.0.2").status_code == 302
    for _ in range(LOGIN_FAILURE_LIMIT):
        attempt("fout", address="10.6.6.7")
    # Guesses from ever new addresses crawl: one attempt for kees per few seconds.
    answers = [attempt("fout", address=f"10.7.0.{n}") for n in range(3)]
    assert [a.status_code for a in answers] == [200, 429, 429]
    assert int(answers[1]["Retry-After"]) == LOGIN_SLOWDOWN_SECONDS
    # The real user waits those seconds at most, then signs in.
    cache.delete(SignInGuard(RequestFactory().post(URL), "kees").slow)  # the seconds pass
    assert attempt("juist-wachtwoord", address="10.0.0.2").status_code == 302


def test_the_message_is_dutch_on_a_dutch_page(user):
    for _ in range(LOGIN_FAILURE_LIMIT):
        attempt("fout", language="nl")
    response = attempt("fout", language="nl")
    assert response.status_code == 429
    assert "Te veel mislukte pogingen" in response.content.decode()


def test_one_address_guessing_many_usernames_is_stopped(user):
    for n in range(LOGIN_ADDRESS_LIMIT):
        attempt("fout", username=f"gok{n}")
    assert attempt("juist-wachtwoord").status_code == 429
    assert attempt("juist-wachtwoord", address="10.0.0.9").status_code == 302


def test_a_few_mistakes_are_forgiven_and_a_success_resets_the_count(user):
    for _ in range(LOGIN_FAILURE_LIMIT - 1):
        attempt("fout")
    assert attempt("juist-wachtwoord").status_code == 302
    for _ in range(LOGIN_FAILURE_LIMIT - 1):
        attempt("fout")
    assert attempt("juist-wachtwoord").status_code == 302


def test_the_stop_ends_with_its_window(user):
    for _ in range(LOGIN_FAILURE_LIMIT):
        attempt("fout")
    assert attempt("juist-wachtwoord").status_code == 429
    cache.clear()  # what the five minutes do
    assert attempt("juist-wachtwoord").status_code == 302


def test_a_throttled_attempt_does_not_check_the_password(user, monkeypatch):
    for _ in range(LOGIN_FAILURE_LIMIT):
        attempt("fout")
    checked = []
    monkeypatch.setattr(
        "django.contrib.auth.forms.authenticate", lambda *a, **kw: checked.append(kw)
    )
    assert attempt("juist-wachtwoord").status_code == 429
    assert checked == []


def test_the_admin_sign_in_is_counted_too(user):
    admin_url = "/admin/login/?next=/admin/"
    for _ in range(15):
        attempt("fout", url=admin_url)
    refused = attempt("juist-wachtwoord", url=admin_url)
    assert refused.status_code == 429
    assert "_auth_user_id" not in refused.client.session
    assert attempt("juist-wachtwoord", url=admin_url, address="10.0.0.8").status_code == 302
    page = Client().get("/admin/login/")
    assert page.status_code == 200 and 'name="username"' in page.content.decode()


def test_a_clients_own_forwarded_for_is_not_its_address(user):
    for n in range(LOGIN_FAILURE_LIMIT):
        attempt("fout", HTTP_X_FORWARDED_FOR=f"192.0.2.{n}")
    assert attempt("juist-wachtwoord", HTTP_X_FORWARDED_FOR="192.0.2.99").status_code == 429


def test_behind_a_trusted_proxy_the_forwarded_address_counts(user, settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    for _ in range(LOGIN_FAILURE_LIMIT):
        attempt("fout", address="10.9.9.9", HTTP_X_FORWARDED_FOR="192.0.2.1")
    assert (
        attempt(
            "juist-wachtwoord", address="10.9.9.9", HTTP_X_FORWARDED_FOR="192.0.2.1"
        ).status_code
        == 429
    )
    assert (
        attempt(
            "juist-wachtwoord", address="10.9.9.9", HTTP_X_FORWARDED_FOR="192.0.2.2"
        ).status_code
        == 302
    )


def test_there_is_no_anonymous_password_reset_form():
    assert Client().get("/accounts/password_reset/").status_code == 404
    assert Client().post("/accounts/password_reset/", {"email": "a@b.nl"}).status_code == 404
