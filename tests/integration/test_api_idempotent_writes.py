"""Every write of the API honours ``Idempotency-Key`` as the session writes do: a retry gets the
first answer (with its headers and ``Idempotent-Replayed``), the same key with another body is a
409, and nothing is written twice."""

from __future__ import annotations

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

from clubs.models import Player, Role
from results.models import Part
from results.services import session_submit
from tests.documents import classic_document
from tests.factories import ClubFactory, EventFactory, api_client, seated_table, user_with_role
from web.api.idempotency import IdempotentWrites

pytestmark = pytest.mark.django_db


def test_a_retried_new_player_is_made_once():
    club = ClubFactory()
    api = api_client(user_with_role(club, Role.ORGANIZER))
    before = Player.objects.count()
    first = api.post(
        "/api/v1/players/",
        {"name": "Walk-in", "club": club.pk},
        format="json",
        HTTP_IDEMPOTENCY_KEY="walk-in-1",
    )
    again = api.post(
        "/api/v1/players/",
        {"name": "Walk-in", "club": club.pk},
        format="json",
        HTTP_IDEMPOTENCY_KEY="walk-in-1",
    )
    assert first.status_code == 201, first.json()
    assert again.status_code == 201 and again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true"
    assert Player.objects.count() == before + 1
    other = api.post(
        "/api/v1/players/",
        {"name": "Someone else", "club": club.pk},
        format="json",
        HTTP_IDEMPOTENCY_KEY="walk-in-1",
    )
    assert other.status_code == 409
    assert other.json()["errors"][0]["code"] == "idempotency_key_reused"


def test_a_retried_undo_takes_back_one_game():
    table = seated_table(EventFactory())
    organizer = user_with_role(table.round.event.club, Role.ORGANIZER)
    session_submit(table=table, submitted_by=organizer, document=classic_document(3))
    api = api_client(organizer)
    url = f"/api/v1/tables/{table.pk}/session/undo/"
    first = api.post(url, {}, format="json", HTTP_IDEMPOTENCY_KEY="undo-1")
    again = api.post(url, {}, format="json", HTTP_IDEMPOTENCY_KEY="undo-1")
    assert first.status_code == 200, first.json()
    assert again.status_code == 200 and again.json() == first.json()
    assert again["ETag"] == first["ETag"]
    assert Part.objects.filter(session__table=table).count() == 2


def test_a_retried_delete_answers_as_the_first():
    event = EventFactory()
    api = api_client(user_with_role(event.club, Role.ORGANIZER))
    first = api.delete(f"/api/v1/events/{event.pk}/", HTTP_IDEMPOTENCY_KEY="del-1")
    again = api.delete(f"/api/v1/events/{event.pk}/", HTTP_IDEMPOTENCY_KEY="del-1")
    assert first.status_code == 204, first.json()
    assert again.status_code == 204 and again["Idempotent-Replayed"] == "true"


def test_a_key_too_long_is_refused_on_any_write():
    club = ClubFactory()
    api = api_client(user_with_role(club, Role.ORGANIZER))
    response = api.post(
        "/api/v1/players/",
        {"name": "Long", "club": club.pk},
        format="json",
        HTTP_IDEMPOTENCY_KEY="k" * 201,
    )
    assert response.status_code == 400
    assert not Player.objects.filter(name="Long").exists()


def _views(patterns):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from _views(pattern.url_patterns)
        elif isinstance(pattern, URLPattern) and getattr(pattern.callback, "cls", None):
            yield str(pattern.pattern), pattern.callback.cls


def test_every_api_view_honours_the_key():
    resolver = get_resolver()
    api_views = [
        (route, cls)
        for route, cls in _views(resolver.url_patterns)
        if cls.__module__.startswith(
            (
                "web.api.",
                "games.bonko.plugin",
                "games.bonken.plugin",
                "games.jonkler.plugin",
                "games.bonanza.plugin",
            )
        )
    ]
    assert api_views
    missing = [route for route, cls in api_views if not issubclass(cls, IdempotentWrites)]
    assert not missing
