"""Plain CRUD of entries (/api/v1/entries/) and seats (/api/v1/seats/) refuses what the
check-in service (``entry_set_present``) refuses: a player who is not a member of the event's
club, and any change to a finished event's entries. Each refusal is a 400 in the one error
shape and leaves the database as it was."""

import pytest

from clubs.models import AuditEntry, Membership, Role
from tests.db_state import changed_tables, database_state
from tests.factories import EventFactory, PlayerFactory, api_client, seated_table, user_with_role
from tournaments.models import Event, EventPlayer, Seat

pytestmark = pytest.mark.django_db


def refused(response, status: int, code: str, field: str | None = None) -> dict:
    """The one problem of a refused write, in the one error shape."""
    assert response.status_code == status, response.content
    [problem] = response.json()["errors"]
    assert set(problem) == {"code", "message", "message_nl", "game_number", "field"}
    assert problem["code"] == code
    assert problem["field"] == field
    assert problem["message"] and problem["message_nl"]
    assert problem["message"] != problem["message_nl"]
    return problem


@pytest.fixture
def event():
    return EventFactory(status=Event.Status.RUNNING)


@pytest.fixture
def organizer(event):
    return user_with_role(event.club, Role.ORGANIZER)


def member_of(club, name: str = "Lid"):
    player = PlayerFactory(name=name)
    Membership.objects.create(club=club, player=player)
    return player


# --- Entries: members only --------------------------------------------------------------------


@pytest.mark.parametrize("role", [Role.ORGANIZER, Role.SCORER])
def test_an_outsider_cannot_be_entered_in_an_event(event, role):
    outsider = PlayerFactory(name="Buitenstaander")
    writer = user_with_role(event.club, role)
    before = database_state()
    response = api_client(writer).post(
        "/api/v1/entries/", {"event": event.pk, "player": outsider.pk}, format="json"
    )
    problem = refused(response, 400, "not_a_member", field="player")
    assert problem["message"] == "Buitenstaander is not a member of this club."
    assert problem["message_nl"] == "Buitenstaander is geen lid van deze club."
    assert changed_tables(before, database_state()) == []


def test_a_member_of_another_club_cannot_be_entered(event, organizer):
    elsewhere = member_of(EventFactory().club)
    response = api_client(organizer).post(
        "/api/v1/entries/", {"event": event.pk, "player": elsewhere.pk}, format="json"
    )
    refused(response, 400, "not_a_member", field="player")
    assert not EventPlayer.objects.filter(event=event).exists()


def test_a_member_is_entered(event, organizer):
    player = member_of(event.club)
    response = api_client(organizer).post(
        "/api/v1/entries/", {"event": event.pk, "player": player.pk}, format="json"
    )
    assert response.status_code == 201, response.content
    assert EventPlayer.objects.get(event=event, player=player).present


def test_the_role_is_checked_before_the_membership(event):
    """Someone who may not write the event learns nothing about who is a member."""
    response = api_client(user_with_role(event.club, Role.MEMBER)).post(
        "/api/v1/entries/", {"event": event.pk, "player": PlayerFactory().pk}, format="json"
    )
    assert response.status_code == 403
    assert not EventPlayer.objects.exists()


def test_a_player_who_left_the_club_is_not_checked_in_again_but_may_be_checked_out(
    event, organizer
):
    player = member_of(event.club, "Vertrokken")
    entry = EventPlayer.objects.create(event=event, player=player, present=False)
    Membership.objects.filter(player=player).delete()
    for method, data in [
        ("patch", {"present": True}),
        ("put", {"event": event.pk, "player": player.pk, "present": True}),
    ]:
        response = getattr(api_client(organizer), method)(
            f"/api/v1/entries/{entry.pk}/", data, format="json"
        )
        refused(response, 400, "not_a_member", field="player")
        entry.refresh_from_db()
        assert not entry.present
    EventPlayer.objects.filter(pk=entry.pk).update(present=True)
    response = api_client(organizer).patch(
        f"/api/v1/entries/{entry.pk}/", {"present": False}, format="json"
    )
    assert response.status_code == 200, response.content
    entry.refresh_from_db()
    assert not entry.present
    assert api_client(organizer).delete(f"/api/v1/entries/{entry.pk}/").status_code == 204


# --- Entries: a finished event's stay ---------------------------------------------------------


def test_a_finished_events_entries_stay(event, organizer):
    present = member_of(event.club, "Aanwezig")
    entry = EventPlayer.objects.create(event=event, player=present)
    newcomer = member_of(event.club, "Nieuw")
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    before = database_state()
    writes = [
        ("post", "/api/v1/entries/", {"event": event.pk, "player": newcomer.pk}),
        ("patch", f"/api/v1/entries/{entry.pk}/", {"present": False}),
        (
            "put",
            f"/api/v1/entries/{entry.pk}/",
            {"event": event.pk, "player": present.pk, "present": False},
        ),
        ("delete", f"/api/v1/entries/{entry.pk}/", None),
    ]
    for method, url, data in writes:
        response = getattr(api_client(organizer), method)(url, data, format="json")
        problem = refused(response, 400, "event_finished")
        assert problem["message"] == "This event is finished."
        assert problem["message_nl"] == "Dit evenement is afgelopen."
    assert changed_tables(before, database_state()) == []


def test_an_event_closed_through_the_api_refuses_new_entries(event, organizer):
    assert api_client(organizer).post(f"/api/v1/events/{event.pk}/close/").status_code == 200
    response = api_client(organizer).post(
        "/api/v1/entries/", {"event": event.pk, "player": member_of(event.club).pk}, format="json"
    )
    refused(response, 400, "event_finished")


def test_a_running_events_entries_change(event, organizer):
    entry = EventPlayer.objects.create(event=event, player=member_of(event.club))
    audits = AuditEntry.objects.count()
    response = api_client(organizer).patch(
        f"/api/v1/entries/{entry.pk}/", {"present": False}, format="json"
    )
    assert response.status_code == 200, response.content
    assert api_client(organizer).delete(f"/api/v1/entries/{entry.pk}/").status_code == 204
    assert AuditEntry.objects.count() == audits + 2


# --- Seats: members only ----------------------------------------------------------------------


@pytest.fixture
def open_table(event):
    """A seated table without results whose seat 0 is free."""
    table = seated_table(event)
    table.seats.filter(position=0).delete()
    return table


def test_an_outsider_cannot_be_seated(event, organizer, open_table):
    outsider = PlayerFactory(name="Buitenstaander")
    before = database_state()
    response = api_client(organizer).post(
        "/api/v1/seats/",
        {"table": open_table.pk, "position": 0, "player": outsider.pk},
        format="json",
    )
    problem = refused(response, 400, "not_a_member", field="player")
    assert problem["message"] == "Buitenstaander is not a member of this club."
    assert changed_tables(before, database_state()) == []


def test_a_seat_cannot_be_given_to_an_outsider(event, organizer, open_table):
    seat = open_table.seats.get(position=1)
    outsider = member_of(EventFactory().club)  # a member, of another club
    for method, data in [
        ("patch", {"player": outsider.pk}),
        ("put", {"table": open_table.pk, "position": 1, "player": outsider.pk}),
    ]:
        response = getattr(api_client(organizer), method)(
            f"/api/v1/seats/{seat.pk}/", data, format="json"
        )
        refused(response, 400, "not_a_member", field="player")
        assert Seat.objects.get(pk=seat.pk).player_id == seat.player_id


def test_a_member_is_seated_and_a_seat_passes_to_a_member(event, organizer, open_table):
    newcomer, other = member_of(event.club, "Nieuw"), member_of(event.club, "Ander")
    response = api_client(organizer).post(
        "/api/v1/seats/",
        {"table": open_table.pk, "position": 0, "player": newcomer.pk},
        format="json",
    )
    assert response.status_code == 201, response.content
    seat = open_table.seats.get(position=1)
    response = api_client(organizer).patch(
        f"/api/v1/seats/{seat.pk}/", {"player": other.pk}, format="json"
    )
    assert response.status_code == 200, response.content
    assert Seat.objects.get(pk=seat.pk).player_id == other.pk


def test_the_seat_of_a_player_who_left_the_club_may_still_move(event, organizer, open_table):
    """Only a player newly put on a seat has to be a member."""
    seat = open_table.seats.get(position=1)
    Membership.objects.filter(player=seat.player).delete()
    response = api_client(organizer).patch(
        f"/api/v1/seats/{seat.pk}/", {"position": 0}, format="json"
    )
    assert response.status_code == 200, response.content
    assert Seat.objects.get(pk=seat.pk).position == 0
