"""A cache that cannot be reached (``CACHE_URL`` naming a Redis where nothing listens, the
database and the broker fine) takes nothing down: sign-in on the site, the admin and the API's
token endpoint, anonymous API calls, a table link's game (saved), the validator, the room's
screen, the door and a code sign-off are served as if nothing had been counted yet, the
failure is logged, and ``/healthz`` reports the cache as down (200, "degraded")."""

from __future__ import annotations

import base64
import logging

import pytest
from django.contrib.auth.models import User
from django.test import Client
from rest_framework.test import APIClient

from clubs.access.codes import player_code_issue
from clubs.models import Membership, Role
from core import shared_cache
from results.models import Session
from results.services import session_submit
from tests.documents import classic_document, classic_games
from tests.factories import EventFactory, PlayerFactory, seated_table, user_with_role
from tournaments.models import Event, EventPlayer

pytestmark = [pytest.mark.django_db, pytest.mark.redis]

UNREACHABLE = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": "redis://127.0.0.1:1/0",  # nothing listens there: connections are refused
        "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
    }
}


@pytest.fixture
def cache_down(settings):
    settings.CACHES = UNREACHABLE
    settings.CELERY_BROKER_URL = ""  # the broker is fine (tasks run in-process)
    yield
    shared_cache.reset()


def fresh() -> None:
    """Forget the last failure, so the next request tries the unreachable cache itself."""
    shared_cache.reset()


def basic(username: str, password: str) -> str:
    return "Basic " + base64.b64encode(f"{username}:{password}".encode()).decode()


def test_sign_in_on_the_site_the_admin_and_the_token_endpoint(cache_down, caplog):
    User.objects.create_user("anna", password="secret")
    User.objects.create_user("root", password="secret", is_staff=True, is_superuser=True)
    caplog.set_level(logging.WARNING, logger="core.shared_cache")
    fresh()
    wrong = Client().post("/accounts/login/", {"username": "anna", "password": "nope"})
    assert wrong.status_code == 200  # the form again, with its error
    fresh()
    site = Client().post("/accounts/login/", {"username": "anna", "password": "secret"})
    assert site.status_code == 302
    fresh()
    admin = Client().post(
        "/admin/login/?next=/admin/", {"username": "root", "password": "secret", "next": "/admin/"}
    )
    assert admin.status_code == 302 and admin["Location"] == "/admin/"
    fresh()
    token = APIClient().post(
        "/api/v1/tokens/",
        {"name": "app"},
        format="multipart",
        HTTP_AUTHORIZATION=basic("anna", "secret"),
    )
    assert token.status_code == 201, token.content
    assert any("cache cannot be reached" in r.getMessage() for r in caplog.records)


def test_anonymous_api_calls_the_validator_and_a_table_links_game(cache_down):
    event = EventFactory(published=True)
    organizer = user_with_role(event.club, Role.ORGANIZER)
    table = seated_table(event)
    session_submit(table=table, submitted_by=organizer, document=classic_document(2))
    fresh()
    assert APIClient().get("/api/v1/events/").status_code == 200
    fresh()
    validated = APIClient().post("/api/v1/sessions/validate/", classic_document(), format="json")
    assert validated.status_code == 200, validated.content
    fresh()
    posted = APIClient().post(
        f"/api/v1/tables/{table.pk}/session/games/",
        {"part": classic_games()[2]},
        format="json",
        HTTP_X_TABLE_TOKEN=table.scoring_token,
    )
    assert posted.status_code == 201, posted.content
    assert Session.objects.get(table=table).revision == 2  # the game is saved


def test_the_screen_the_door_and_a_code_sign_off(cache_down):
    event = EventFactory(published=True, status=Event.Status.RUNNING)
    organizer = user_with_role(event.club, Role.ORGANIZER)
    table = seated_table(event)
    session_submit(table=table, submitted_by=organizer, document=classic_document())
    fresh()
    screen = Client().get(f"/events/{event.pk}/screen.json")
    assert screen.status_code == 200 and "standings" in screen.json()

    member = PlayerFactory()
    Membership.objects.create(club=event.club, player=member)
    phone = Client()
    fresh()
    assert phone.get(f"/door/{event.door_token}/").status_code == 200
    fresh()
    checked = phone.post(f"/door/{event.door_token}/check-in/", {"player": member.pk})
    assert checked.status_code == 302
    assert EventPlayer.objects.get(event=event, player=member).present

    player = table.seats.order_by("position").first().player
    code = player_code_issue(actor=organizer, player=player)
    link = APIClient()
    link.credentials(HTTP_X_TABLE_TOKEN=table.scoring_token)
    url = f"/api/v1/tables/{table.pk}/session/signatures/"
    fresh()
    wrong = link.post(
        url,
        {
            "method": "code",
            "revision": 1,
            "player": player.pk,
            "code": "0000" if code != "0000" else "1111",
        },
        format="json",
    )
    assert wrong.status_code == 400 and wrong.json()["errors"][0]["code"] == "wrong_code"
    fresh()
    signed = link.post(
        url, {"method": "code", "revision": 1, "player": player.pk, "code": code}, format="json"
    )
    assert signed.status_code == 201, signed.content


def test_healthz_reports_the_cache_down_as_degraded(cache_down):
    fresh()
    response = Client().get("/healthz")
    assert response.status_code == 200  # results are still saved; throttles count nothing
    body = response.json()
    assert body["cache"] is False and body["status"] == "degraded"
    assert body["database"] is True


def test_healthz_reports_a_reachable_cache(settings):
    settings.CACHES = {
        "default": {**UNREACHABLE["default"], "LOCATION": "redis://127.0.0.1:6379/4"}
    }
    settings.CELERY_BROKER_URL = ""
    body = Client().get("/healthz").json()
    assert body["cache"] is True and body["status"] == "ok"


def test_a_failing_cache_is_tried_again_only_after_a_pause(cache_down, monkeypatch):
    fresh()
    assert shared_cache.shared.count("k", 60) == 0
    calls = []
    monkeypatch.setattr(shared_cache, "caches", _Recording(calls))
    assert shared_cache.shared.get("k", "default") == "default"
    assert shared_cache.shared.add("k", 1, 60) is True
    assert calls == []  # skipped: the backend failed a moment ago


class _Recording:
    def __init__(self, calls: list) -> None:
        self.calls = calls

    def __getitem__(self, name: str):
        self.calls.append(name)
        raise AssertionError("the backend was asked again")
