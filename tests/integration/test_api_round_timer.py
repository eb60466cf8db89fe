"""The round's timer through the API (POST /api/v1/rounds/{id}/timer/): start, pause, reset,
the state it answers, bad bodies named, and who may."""

import pytest
from rest_framework.test import APIClient

from clubs.models import AuditEntry, Role
from tests.factories import ClubFactory, EventFactory, seated_table, user_with_role
from tournaments.models import Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    event = EventFactory(published=True)
    table = seated_table(event)
    return event, table.round


def client(user=None) -> APIClient:
    api = APIClient()
    if user is not None:
        api.force_authenticate(user)
    return api


def post(api, round_, body, fmt="json"):
    return api.post(f"/api/v1/rounds/{round_.pk}/timer/", body, format=fmt)


def test_start_pause_reset_through_the_api(world):
    event, round_ = world
    api = client(user_with_role(event.club, Role.SCORER))
    response = post(api, round_, {"action": "start", "minutes": 30})
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["round"] == round_.pk and body["running"] is True and body["minutes"] == 30
    assert 30 * 60 - 2 <= body["remaining"] <= 30 * 60
    body = post(api, round_, {"action": "pause"}).json()
    assert body["running"] is False
    body = post(api, round_, {"action": "reset", "minutes": 40}).json()
    assert body == {
        "round": round_.pk,
        "running": False,
        "minutes": 40,
        "elapsed": 0,
        "remaining": 2400,
    }
    assert AuditEntry.objects.filter(action="round.timer").count() == 3
    # The screen reads the same state.
    screen = APIClient().get(f"/events/{event.pk}/screen.json").json()
    assert screen["round"]["timer"]["minutes"] == 40


@pytest.mark.parametrize(
    "body,code,field",
    [
        ({"action": "start"}, "no_minutes", "minutes"),
        ({"action": "start", "minutes": "lots"}, "bad_minutes", "minutes"),
        ({"action": "start", "minutes": -5}, "bad_minutes", "minutes"),
        ({"action": "start", "minutes": [30]}, "bad_minutes", "minutes"),
        ({"action": "explode"}, "bad_action", "action"),
        ({}, "bad_action", "action"),
        ([1, 2], "bad_body", None),
    ],
)
def test_bad_bodies_are_named(world, body, code, field):
    event, round_ = world
    response = post(client(user_with_role(event.club, Role.ORGANIZER)), round_, body)
    assert response.status_code == 400, response.content
    error = response.json()["errors"][0]
    assert error["code"] == code and error["field"] == field
    assert Round.objects.get(pk=round_.pk).timer_minutes == 0


def test_who_may(world):
    event, round_ = world
    assert post(client(), round_, {"action": "start", "minutes": 5}).status_code == 401
    member = client(user_with_role(event.club, Role.MEMBER))
    assert post(member, round_, {"action": "start", "minutes": 5}).status_code == 403
    stranger = client(user_with_role(ClubFactory(), Role.ORGANIZER))
    assert post(stranger, round_, {"action": "start", "minutes": 5}).status_code == 403
    hidden = seated_table(EventFactory(club=event.club, published=False)).round
    assert post(stranger, hidden, {"action": "start", "minutes": 5}).status_code == 404
    assert not AuditEntry.objects.filter(action="round.timer").exists()


def test_the_schema_lists_the_timer():
    schema = APIClient().get("/api/schema/?format=json").json()
    operation = schema["paths"]["/api/v1/rounds/{round_id}/timer/"]["post"]
    assert "requestBody" in operation
