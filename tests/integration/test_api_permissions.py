"""Who may write what: anonymous, member, scorer, organizer, organizer of another club."""

import pytest
from rest_framework.test import APIClient

from clubs.access.tokens import api_token_create
from clubs.models import Role
from tests.documents import classic_document, classic_games
from tests.factories import ClubFactory, EventFactory, PlayerFactory, seated_table, user_with_role

pytestmark = pytest.mark.django_db

ACTORS = ["anonymous", "member", "scorer", "organizer", "other_organizer"]


def client_for(actor: str, club) -> APIClient:
    client = APIClient()
    if actor == "anonymous":
        return client
    if actor == "other_organizer":
        client.force_authenticate(user_with_role(ClubFactory(), Role.ORGANIZER))
    else:
        client.force_authenticate(user_with_role(club, actor))
    return client


EXPECTED_DENIAL = {"anonymous": 401, "member": 403, "other_organizer": 403}


@pytest.mark.parametrize("actor", ACTORS)
def test_session_submission(actor):
    table = seated_table(EventFactory())
    client = client_for(actor, table.round.event.club)
    response = client.put(
        f"/api/v1/tables/{table.pk}/session/", {"document": classic_document()}, format="json"
    )
    assert response.status_code == EXPECTED_DENIAL.get(actor, 201)
    response = client.post(
        f"/api/v1/tables/{table.pk}/session/games/", {"part": classic_games()[0]}, format="json"
    )
    if actor in EXPECTED_DENIAL:
        assert response.status_code == EXPECTED_DENIAL[actor]
        assert response.json()["errors"][0]["code"] in {"not_authenticated", "not_allowed"}


@pytest.mark.parametrize("actor", ACTORS)
def test_event_writes_are_for_organizers(actor):
    club = ClubFactory()
    client = client_for(actor, club)
    payload = {"club": club.pk, "name": "Winter cup", "date": "2026-12-01", "ruleset": "classic"}
    response = client.post("/api/v1/events/", payload, format="json")
    expected = {"organizer": 201, "scorer": 403}
    assert response.status_code == expected.get(actor, EXPECTED_DENIAL.get(actor))


@pytest.mark.parametrize("actor", ACTORS)
def test_seating_writes_are_for_organizers(actor):
    event = EventFactory()
    client = client_for(actor, event.club)
    response = client.post("/api/v1/rounds/", {"event": event.pk}, format="json")
    expected = {"organizer": 201, "scorer": 403}
    assert response.status_code == expected.get(actor, EXPECTED_DENIAL.get(actor))


@pytest.mark.parametrize("actor", ACTORS)
def test_registering_players_is_for_organizers_and_scorers(actor):
    club = ClubFactory()
    client = client_for(actor, club)
    response = client.post("/api/v1/players/", {"name": "Walk-in", "club": club.pk}, format="json")
    expected = {"organizer": 201, "scorer": 201}
    assert response.status_code == expected.get(actor, EXPECTED_DENIAL.get(actor))


@pytest.mark.parametrize("actor", ACTORS)
def test_editing_a_club_is_for_its_organizers(actor):
    club = ClubFactory()
    client = client_for(actor, club)
    response = client.patch(f"/api/v1/clubs/{club.pk}/", {"city": "Delft"}, format="json")
    expected = {"organizer": 200, "scorer": 403}
    assert response.status_code == expected.get(actor, EXPECTED_DENIAL.get(actor))


def test_unpublished_events_are_hidden_from_outsiders():
    event = EventFactory(published=False)
    assert APIClient().get(f"/api/v1/events/{event.pk}/").status_code == 404
    member = client_for("member", event.club)
    assert member.get(f"/api/v1/events/{event.pk}/").status_code == 200
    assert APIClient().get(f"/events/{event.pk}/").status_code == 404


def test_an_organizer_cannot_move_an_event_into_a_club_they_do_not_run():
    event = EventFactory()
    client = client_for("organizer", event.club)
    response = client.patch(
        f"/api/v1/events/{event.pk}/", {"club": ClubFactory().pk}, format="json"
    )
    assert response.status_code == 403


def test_token_authentication_works():
    table = seated_table(EventFactory())
    user = user_with_role(table.round.event.club, Role.SCORER)
    _, key = api_token_create(user=user, name="score app")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    response = client.put(
        f"/api/v1/tables/{table.pk}/session/", {"document": classic_document()}, format="json"
    )
    assert response.status_code == 201


def test_a_player_cannot_be_seated_twice_in_a_round():
    table = seated_table(EventFactory())
    other = seated_table(table.round.event, round_number=1, table_number=2)
    client = client_for("organizer", table.round.event.club)
    other.seats.filter(position=0).delete()
    response = client.post(
        "/api/v1/seats/",
        {"table": other.pk, "position": 0, "player": table.seats.first().player_id},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "player"
    response = client.post(
        "/api/v1/seats/",
        {"table": other.pk, "position": 1, "player": PlayerFactory().pk},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "position"
