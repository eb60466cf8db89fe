"""Getting into the API as the README shows: a user creates a first token with a username and
password (HTTP basic authentication), then uses it; and the API's answer to a body that is not
JSON speaks Dutch in ``message_nl``."""

import base64
import re
import shlex
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from clubs.access.throttle import LOGIN_FAILURE_LIMIT
from clubs.models import ApiToken

README = Path(__file__).resolve().parents[2] / "README.md"


def basic(username: str, password: str) -> str:
    return "Basic " + base64.b64encode(f"{username}:{password}".encode()).decode()


@pytest.fixture
def demo(db) -> User:
    return User.objects.create_user("demo", password="demo")


@pytest.mark.django_db
def test_a_token_is_created_with_a_username_and_password(demo):
    client = APIClient()
    response = client.post(
        "/api/v1/tokens/",
        {"name": "score-app"},
        format="multipart",
        HTTP_AUTHORIZATION=basic("demo", "demo"),
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["name"] == "score-app" and body["key"].startswith("bk_")
    assert ApiToken.objects.get(user=demo).prefix == body["prefix"]
    # The key works from then on, without the password.
    listed = APIClient().get("/api/v1/tokens/", HTTP_AUTHORIZATION=f"Token {body['key']}")
    assert listed.status_code == 200 and listed.json()["count"] == 1


@pytest.mark.django_db
def test_a_wrong_password_or_none_gets_no_token(demo):
    wrong = APIClient().post(
        "/api/v1/tokens/",
        {"name": "x"},
        format="multipart",
        HTTP_AUTHORIZATION=basic("demo", "guess"),
    )
    assert wrong.status_code == 401
    assert wrong.json()["errors"][0]["code"] == "authentication_failed"
    anonymous = APIClient().post("/api/v1/tokens/", {"name": "x"}, format="multipart")
    assert anonymous.status_code == 401
    # Clients are still told to send a token, so a browser never pops up a password dialog.
    assert anonymous["WWW-Authenticate"] == "Token"
    assert not ApiToken.objects.exists()


@pytest.mark.django_db
def test_passwords_are_not_guessed_over_the_api(demo, settings):
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "password-guessing",
        }
    }
    for _ in range(LOGIN_FAILURE_LIMIT):
        response = APIClient().post(
            "/api/v1/tokens/",
            {"name": "x"},
            format="multipart",
            HTTP_AUTHORIZATION=basic("demo", "guess"),
        )
        assert response.status_code == 401
    right = APIClient().post(
        "/api/v1/tokens/",
        {"name": "x"},
        format="multipart",
        HTTP_AUTHORIZATION=basic("demo", "demo"),
    )
    assert right.status_code == 429  # refused without checking, until the window passes
    assert not ApiToken.objects.exists()


@pytest.mark.django_db
def test_a_password_opens_the_token_endpoint_only(demo):
    response = APIClient().get("/api/v1/events/", HTTP_AUTHORIZATION=basic("demo", "demo"))
    assert response.status_code == 200  # read as anonymous: the header means nothing here
    created = APIClient().post(
        "/api/v1/clubs/",
        {"name": "Mine", "slug": "mine"},
        format="json",
        HTTP_AUTHORIZATION=basic("demo", "demo"),
    )
    assert created.status_code == 401


def readme_token_command() -> list[str]:
    lines = [line.strip() for line in README.read_text().splitlines()]
    command = next(line for line in lines if line.startswith("curl") and "/tokens/" in line)
    return shlex.split(command)


def test_the_readme_shows_basic_authentication_for_the_first_token():
    command = readme_token_command()
    assert "-u" in command and command[command.index("-u") + 1] == "demo:demo"


def run_curl(command: list[str]) -> tuple[int, str]:
    """What ``curl`` does with the README's options (-s, -X, -u, -H, -d), sent with urllib so
    that the test needs no curl; another option fails the test (the README changed)."""
    assert command[0] == "curl"
    method, data, headers, url = None, None, {}, None
    args = iter(command[1:])
    for arg in args:
        if arg == "-s":
            continue
        if arg == "-X":
            method = next(args)
        elif arg == "-u":
            username, _, password = next(args).partition(":")
            headers["Authorization"] = basic(username, password)
        elif arg == "-H":
            name, _, value = next(args).partition(":")
            headers[name.strip()] = value.strip()
        elif arg == "-d":
            data = next(args).encode()
            headers.setdefault("Content-Type", "application/x-www-form-urlencoded")
        elif arg.startswith("-"):
            raise AssertionError(f"the README's curl command uses {arg}: teach run_curl it")
        else:
            url = arg
    assert url is not None, command
    request = urllib.request.Request(url, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


@pytest.mark.django_db(transaction=True)
def test_the_readme_token_call_works_against_a_running_server(live_server):
    User.objects.create_user("demo", password="demo")
    command = [
        part.replace("http://127.0.0.1:8000", live_server.url) for part in readme_token_command()
    ]
    status, body = run_curl(command)
    assert status == 201, body
    assert re.search(r'"key":"bk_[^"]+"', body) and '"name":"score-app"' in body


@pytest.mark.django_db
@pytest.mark.parametrize(
    "text, dutch",
    [
        ("{not json", "De inhoud van het verzoek is geen geldige JSON (regel 1, kolom 2)."),
        (
            '{"games": [\n  1,\n  ]}',
            "De inhoud van het verzoek is geen geldige JSON (regel 3, kolom 3).",
        ),
        (b"\xff\xfe", "De inhoud van het verzoek is geen geldige JSON."),  # not even text
    ],
)
def test_a_body_that_is_not_json_is_explained_in_dutch(text, dutch):
    response = APIClient().post("/api/v1/sessions/validate/", text, content_type="application/json")
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert error["code"] == "parse_error"
    assert error["message"].startswith("JSON parse error")
    assert error["message_nl"] == dutch
