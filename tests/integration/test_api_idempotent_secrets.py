"""An answer that shows a secret once (a new API token's key, a webhook's secret, a webhook's
new secret) is never kept for an ``Idempotency-Key`` replay: a retry gets a clear 409 naming
what the first request made and where to find it, in English and Dutch; the secret is not in
it, nor anywhere in the database's kept answers. Other writes replay as before."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from rest_framework.test import APIClient

from clubs.models import ApiToken, Role
from core.club_events import RESULT_SAVED
from results.models import IdempotencyRecord
from tests.factories import ClubFactory, api_client, user_with_role
from week.webhooks.models import Hook

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(settings) -> dict[str, Any]:
    settings.WEBHOOKS_ALLOWED_NETWORKS = []
    club = ClubFactory()
    user = user_with_role(club, Role.ORGANIZER)
    hook = Hook.objects.create(
        club=club, url="https://93.184.216.34/h", kinds=[RESULT_SAVED], secret="s" * 48
    )
    return {"club": club, "user": user, "api": api_client(user), "hook": hook}


def _token(world: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    return "/api/v1/tokens/", {"name": "score app"}


def _hook(world: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    body = {"club": world["club"].pk, "url": "https://93.184.216.34/x", "kinds": [RESULT_SAVED]}
    return "/api/v1/hooks/", body


def _new_secret(world: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    return f"/api/v1/hooks/{world['hook'].pk}/new-secret/", {}


SECRETS: dict[str, tuple[Callable, str, Callable[[dict], str]]] = {
    "a new API token": (_token, "key", lambda w: "/api/v1/tokens/"),
    "a new webhook": (_hook, "secret", lambda w: f"/api/v1/hooks/{Hook.objects.last().pk}/"),
    "a webhook's new secret": (
        _new_secret,
        "secret",
        lambda w: f"/api/v1/hooks/{w['hook'].pk}/",
    ),
}


@pytest.mark.parametrize("what", list(SECRETS))
def test_a_retry_gets_a_409_naming_what_was_made_and_never_the_secret(world, what):
    request, field, where = SECRETS[what]
    path, body = request(world)
    api: APIClient = world["api"]
    first = api.post(path, body, format="json", HTTP_IDEMPOTENCY_KEY="made-once")
    assert first.status_code in (200, 201), first.json()
    secret = first.json()[field]
    made = (ApiToken.objects.count(), Hook.objects.count())
    for _attempt in range(2):
        retry = api.post(
            path, body, format="json", HTTP_IDEMPOTENCY_KEY="made-once", HTTP_ACCEPT_LANGUAGE="nl"
        )
        assert retry.status_code == 409
        assert secret not in retry.content.decode()
        [problem] = retry.json()["errors"]
        assert problem["code"] == "secret_shown_once"
        assert f"id {first.json()['id']}" in problem["message"]
        assert where(world) in problem["message"]
        assert "never shown again" in problem["message"]
        assert "nooit meer getoond" in problem["message_nl"]
        assert retry["Location"] == where(world)
        assert retry["Idempotent-Replayed"] == "true"
    assert (ApiToken.objects.count(), Hook.objects.count()) == made  # nothing made again
    world["hook"].refresh_from_db()
    assert all(secret not in str(record.response) for record in IdempotencyRecord.objects.all())


def test_the_same_key_with_another_request_is_still_the_reused_key(world):
    api: APIClient = world["api"]
    api.post("/api/v1/tokens/", {"name": "a"}, format="json", HTTP_IDEMPOTENCY_KEY="k")
    other = api.post("/api/v1/tokens/", {"name": "b"}, format="json", HTTP_IDEMPOTENCY_KEY="k")
    assert other.status_code == 409
    assert other.json()["errors"][0]["code"] == "idempotency_key_reused"


def test_a_write_without_a_secret_is_replayed_as_before(world):
    api: APIClient = world["api"]
    url = f"/api/v1/hooks/{world['hook'].pk}/"
    first = api.patch(url, {"description": "site"}, format="json", HTTP_IDEMPOTENCY_KEY="p")
    again = api.patch(url, {"description": "site"}, format="json", HTTP_IDEMPOTENCY_KEY="p")
    assert first.status_code == again.status_code == 200
    assert again.json() == first.json() and again["Idempotent-Replayed"] == "true"
