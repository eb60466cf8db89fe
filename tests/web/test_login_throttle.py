"""The sign-in form counts failed attempts per address and per username: after ten within
five minutes it refuses (HTTP 429, with a message in the page's language) without checking the
password, until the window has passed."""

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client

from clubs.throttle import LOGIN_FAILURE_LIMIT

pytestmark = pytest.mark.django_db

URL = "/accounts/login/"


@pytest.fixture
def user():
    return User.objects.create_user("kees", password="juist-wachtwoord")


def attempt(password: str, *, username: str = "kees", address: str = "10.0.0.1",
            language: str = "en"):
    return Client().post(URL, {"username": username, "password": password},
                         REMOTE_ADDR=address, HTTP_ACCEPT_LANGUAGE=language)


def test_signing_in_works(user):
    response = attempt("juist-wachtwoord")
    assert response.status_code == 302


def test_ten_failures_lock_the_username_even_with_the_right_password(user):
    for _ in range(LOGIN_FAILURE_LIMIT):
        assert attempt("fout").status_code == 200
    response = attempt("juist-wachtwoord", address="10.0.0.2")
    assert response.status_code == 429
    body = response.content.decode()
    assert "Too many failed sign-in attempts" in body and 'name="username"' in body
    assert "_auth_user_id" not in response.client.session


def test_the_message_is_dutch_on_a_dutch_page(user):
    for _ in range(LOGIN_FAILURE_LIMIT):
        attempt("fout", language="nl")
    response = attempt("fout", language="nl")
    assert response.status_code == 429
    assert "Te veel mislukte pogingen" in response.content.decode()


def test_one_address_guessing_many_usernames_is_stopped(user):
    for n in range(LOGIN_FAILURE_LIMIT):
        attempt("fout", username=f"gok{n}")
    assert attempt("juist-wachtwoord").status_code == 429
    # Another address signs in as usual.
    assert attempt("juist-wachtwoord", address="10.0.0.9").status_code == 302


def test_a_few_mistakes_are_forgiven_and_a_success_resets_the_username(user):
    for _ in range(LOGIN_FAILURE_LIMIT - 1):
        attempt("fout", address="10.0.0.3")
    assert attempt("juist-wachtwoord", address="10.0.0.4").status_code == 302
    for _ in range(LOGIN_FAILURE_LIMIT - 1):
        attempt("fout", address="10.0.0.5")
    assert attempt("juist-wachtwoord", address="10.0.0.6").status_code == 302


def test_the_lock_ends_with_its_window(user):
    for _ in range(LOGIN_FAILURE_LIMIT):
        attempt("fout")
    assert attempt("juist-wachtwoord").status_code == 429
    cache.clear()  # what the five minutes do
    assert attempt("juist-wachtwoord").status_code == 302


def test_a_throttled_attempt_does_not_check_the_password(user, monkeypatch):
    for _ in range(LOGIN_FAILURE_LIMIT):
        attempt("fout")
    checked = []
    monkeypatch.setattr("django.contrib.auth.forms.authenticate",
                        lambda *a, **kw: checked.append(kw))
    assert attempt("juist-wachtwoord").status_code == 429
    assert checked == []


def test_there_is_no_anonymous_password_reset_form():
    assert Client().get("/accounts/password_reset/").status_code == 404
    assert Client().post("/accounts/password_reset/", {"email": "a@b.nl"}).status_code == 404
