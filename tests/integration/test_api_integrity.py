"""Plain CRUD cannot go around the services: players shared by clubs, round and event
status, results that deleting a parent would take along, seats under a session, and an event
moved to another date (the club's ratings are replayed in the new order)."""

import datetime

import pytest
from rest_framework.test import APIClient

from clubs.models import AuditEntry, Membership, Player, Role
from core import club_events
from ranking.ratings.models import RatedSession
from ranking.ratings.services import ratings_update
from results.models import Session, SessionRevision, SessionSeat
from results.services import session_submit
from tests.conftest import queued_tasks
from tests.documents import classic_document
from tests.factories import (
    ClubFactory,
    EventFactory,
    PlayerFactory,
    api_client,
    seated_table,
    user_with_role,
)
from tests.integration.ratings_support import club_with_history
from tournaments.models import Event, EventPlayer, Round, Seat, Table
from tournaments.rounds.services import round_generate
from tournaments.tasks import LEAGUES_TASK, RATINGS_TASK

pytestmark = pytest.mark.django_db


def scored_table(event=None) -> Table:
    """A table whose session is complete (entered by an organizer of the club)."""
    table = seated_table(event or EventFactory())
    organizer = user_with_role(table.round.event.club, Role.ORGANIZER)
    session_submit(table=table, submitted_by=organizer, document=classic_document())
    return table


def results_snapshot() -> tuple:
    return (
        sorted(Session.objects.values_list("pk", "table_id", "event_id", "revision")),
        SessionRevision.objects.count(),
        sorted(SessionSeat.objects.values_list("session_id", "position", "player_id")),
        sorted(Seat.objects.values_list("pk", "table_id", "position", "player_id")),
    )


# --- Players shared by clubs -----------------------------------------------------------------


@pytest.fixture
def shared_player():
    """A player of club A and club B."""
    club_a, club_b = ClubFactory(), ClubFactory()
    player = PlayerFactory(name="Gedeeld")
    Membership.objects.create(club=club_a, player=player)
    Membership.objects.create(club=club_b, player=player)
    return club_a, club_b, player


@pytest.mark.parametrize("role", [Role.SCORER, Role.ORGANIZER])
def test_a_scorer_or_organizer_of_one_club_cannot_delete_a_player_shared_with_another(
    shared_player, role
):
    club_a, club_b, player = shared_player
    organizer_b = user_with_role(club_b, Role.ORGANIZER)
    before = AuditEntry.objects.count()
    response = api_client(user_with_role(club_a, role)).delete(f"/api/v1/players/{player.pk}/")
    assert response.status_code == 403, response.content
    assert response.json()["errors"][0]["code"] == "not_allowed"
    assert "every club" in response.json()["errors"][0]["message"]
    assert set(player.memberships.values_list("club_id", flat=True)) == {club_a.pk, club_b.pk}
    assert AuditEntry.objects.count() == before
    # Club B's organizer still runs club B.
    assert (
        api_client(organizer_b)
        .patch(f"/api/v1/clubs/{club_b.pk}/", {"city": "Ede"}, format="json")
        .status_code
        == 200
    )


def test_a_scorer_of_one_club_cannot_rename_a_player_shared_with_another(shared_player):
    club_a, _club_b, player = shared_player
    response = api_client(user_with_role(club_a, Role.SCORER)).patch(
        f"/api/v1/players/{player.pk}/", {"name": "Overgenomen"}, format="json"
    )
    assert response.status_code == 403, response.content
    player.refresh_from_db()
    assert player.name == "Gedeeld"


def test_a_player_of_another_club_only_is_out_of_reach():
    player = PlayerFactory(name="Elders")
    Membership.objects.create(club=ClubFactory(), player=player)
    scorer = user_with_role(ClubFactory(), Role.SCORER)
    assert (
        api_client(scorer)
        .patch(f"/api/v1/players/{player.pk}/", {"name": "X"}, format="json")
        .status_code
        == 403
    )
    assert api_client(scorer).delete(f"/api/v1/players/{player.pk}/").status_code == 403
    assert Player.objects.get(pk=player.pk).name == "Elders"


def test_scorers_of_every_club_may_rename_a_shared_player(shared_player):
    club_a, club_b, player = shared_player
    user = user_with_role(club_a, Role.SCORER)
    Membership.objects.create(club=club_b, player=user.player, role=Role.SCORER)
    response = api_client(user).patch(
        f"/api/v1/players/{player.pk}/", {"name": " Nieuw "}, format="json"
    )
    assert response.status_code == 200, response.content
    assert response.json()["name"] == "Nieuw"
    entries = AuditEntry.objects.filter(action="player.update", object_id=str(player.pk))
    assert set(entries.values_list("club_id", flat=True)) == {club_a.pk, club_b.pk}


def test_renaming_to_nothing_is_refused(shared_player):
    club_a, club_b, player = shared_player
    user = user_with_role(club_a, Role.ORGANIZER)
    Membership.objects.create(club=club_b, player=user.player, role=Role.ORGANIZER)
    response = api_client(user).patch(
        f"/api/v1/players/{player.pk}/", {"name": "   "}, format="json"
    )
    assert response.status_code == 400
    assert Player.objects.get(pk=player.pk).name == "Gedeeld"


def test_deleting_a_player_takes_an_organizer_of_every_club(shared_player):
    club_a, club_b, player = shared_player
    scorer_everywhere = user_with_role(club_a, Role.SCORER)
    Membership.objects.create(club=club_b, player=scorer_everywhere.player, role=Role.SCORER)
    assert api_client(scorer_everywhere).delete(f"/api/v1/players/{player.pk}/").status_code == 403
    organizer = user_with_role(club_a, Role.ORGANIZER)
    Membership.objects.create(club=club_b, player=organizer.player, role=Role.ORGANIZER)
    assert api_client(organizer).delete(f"/api/v1/players/{player.pk}/").status_code == 204
    assert not Player.objects.filter(pk=player.pk).exists()
    assert AuditEntry.objects.filter(action="player.delete").count() == 2  # one per club


def test_a_player_with_results_is_never_deleted():
    table = scored_table()
    club = table.round.event.club
    organizer = user_with_role(club, Role.ORGANIZER)
    player = table.seats.get(position=0).player
    before = results_snapshot(), Membership.objects.filter(player=player).count()
    response = api_client(organizer).delete(f"/api/v1/players/{player.pk}/")
    assert response.status_code == 409, response.content
    problem = response.json()["errors"][0]
    assert problem["code"] == "player_has_results"
    assert "evidence" in problem["message"] and "bewijs" in problem["message_nl"]
    assert (results_snapshot(), Membership.objects.filter(player=player).count()) == before


def test_a_seated_player_without_a_session_is_not_deleted_either():
    table = seated_table(EventFactory())
    organizer = user_with_role(table.round.event.club, Role.ORGANIZER)
    player = table.seats.get(position=1).player
    response = api_client(organizer).delete(f"/api/v1/players/{player.pk}/")
    assert response.status_code == 409
    assert Player.objects.filter(pk=player.pk).exists()


# --- Status through the commands only ---------------------------------------------------------


def test_a_closed_round_is_not_reopened_through_crud():
    table = seated_table(EventFactory())
    round_ = table.round
    round_.status = Round.Status.CLOSED
    round_.save(update_fields=["status"])
    organizer = user_with_role(round_.event.club, Role.ORGANIZER)
    response = api_client(organizer).patch(
        f"/api/v1/rounds/{round_.pk}/", {"status": "playing"}, format="json"
    )
    assert response.status_code == 400, response.content
    problem = response.json()["errors"][0]
    assert problem["code"] == "command_only" and problem["field"] == "status"
    assert "/accept/" in problem["message"] and problem["message_nl"]
    round_.refresh_from_db()
    assert round_.status == Round.Status.CLOSED
    # ... so the table's link still cannot score.
    response = APIClient().put(
        f"/api/v1/tables/{table.pk}/session/",
        {"document": classic_document()},
        format="json",
        HTTP_X_TABLE_TOKEN=table.scoring_token,
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "round_closed"
    assert not Session.objects.filter(table=table).exists()


def test_a_round_sent_back_unchanged_is_fine():
    round_ = seated_table(EventFactory()).round
    organizer = user_with_role(round_.event.club, Role.ORGANIZER)
    client = api_client(organizer)
    current = client.get(f"/api/v1/rounds/{round_.pk}/").json()
    response = client.put(f"/api/v1/rounds/{round_.pk}/", current, format="json")
    assert response.status_code == 200, response.content


def test_a_new_round_cannot_start_closed():
    event = EventFactory()
    organizer = user_with_role(event.club, Role.ORGANIZER)
    response = api_client(organizer).post(
        "/api/v1/rounds/", {"event": event.pk, "status": "closed"}, format="json"
    )
    assert response.status_code == 400
    assert not Round.objects.filter(event=event).exists()


@pytest.mark.parametrize("change", [{"status": "draft"}, {"published": False}])
def test_event_status_and_visibility_go_through_their_commands(change):
    event = EventFactory(status=Event.Status.FINISHED, published=True)
    organizer = user_with_role(event.club, Role.ORGANIZER)
    response = api_client(organizer).patch(f"/api/v1/events/{event.pk}/", change, format="json")
    assert response.status_code == 400, response.content
    assert response.json()["errors"][0]["code"] == "command_only"
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED and event.published


def test_publish_and_close_commands():
    table = seated_table(EventFactory(published=False))
    event = table.round.event
    client = api_client(user_with_role(event.club, Role.ORGANIZER))
    response = client.post(f"/api/v1/events/{event.pk}/publish/", {}, format="json")
    assert response.status_code == 200 and response.json()["published"] is True
    response = client.post(
        f"/api/v1/events/{event.pk}/publish/", {"published": False}, format="json"
    )
    assert response.json()["published"] is False
    response = client.post(f"/api/v1/events/{event.pk}/close/")
    assert response.status_code == 400  # its table has not finished: what does it count as?
    problem = response.json()["errors"][0]
    assert problem["code"] == "unfinished_table" and problem["field"] == "rounds.1.unfinished.1"
    response = client.post(
        f"/api/v1/events/{event.pk}/close/",
        {"unfinished": {"1": {"1": "not_played"}}},
        format="json",
    )
    assert response.status_code == 200 and response.json()["status"] == "finished"
    assert Round.objects.get(pk=table.round_id).status == Round.Status.CLOSED


def test_an_event_and_its_parts_stay_in_their_club_and_round():
    table = seated_table(EventFactory())
    event = table.round.event
    other_event = EventFactory(club=event.club)
    other_round = Round.objects.create(event=other_event, number=1)
    client = api_client(user_with_role(event.club, Role.ORGANIZER))
    moves = [
        (f"/api/v1/rounds/{table.round_id}/", {"event": other_event.pk}),
        (f"/api/v1/tables/{table.pk}/", {"round": other_round.pk}),
    ]
    for url, change in moves:
        response = client.patch(url, change, format="json")
        assert response.status_code == 400, (url, response.content)
        assert response.json()["errors"][0]["code"] == "cannot_move"
    table.refresh_from_db()
    assert table.round.event_id == event.pk


# --- Results are evidence ---------------------------------------------------------------------


@pytest.mark.parametrize("what", ["events", "rounds", "tables"])
def test_deleting_what_holds_results_is_refused(what):
    table = scored_table()
    club = table.round.event.club
    organizer = user_with_role(club, Role.ORGANIZER)
    target = {"events": table.round.event_id, "rounds": table.round_id, "tables": table.pk}
    before = results_snapshot()
    audits = AuditEntry.objects.count()
    response = api_client(organizer).delete(f"/api/v1/{what}/{target[what]}/")
    assert response.status_code == 409, response.content
    problem = response.json()["errors"][0]
    assert problem["code"] == "has_results"
    assert "evidence" in problem["message"] and "bewijs" in problem["message_nl"]
    assert results_snapshot() == before
    assert Table.objects.filter(pk=table.pk).exists()
    assert AuditEntry.objects.count() == audits


def test_a_club_with_results_is_not_deleted():
    table = scored_table()
    club = table.round.event.club
    response = api_client(user_with_role(club, Role.ORGANIZER)).delete(f"/api/v1/clubs/{club.pk}/")
    assert response.status_code == 409
    assert Session.objects.filter(table=table).exists()


def test_what_holds_no_results_can_still_be_deleted():
    table = seated_table(EventFactory())
    organizer = user_with_role(table.round.event.club, Role.ORGANIZER)
    assert api_client(organizer).delete(f"/api/v1/tables/{table.pk}/").status_code == 204
    assert api_client(organizer).delete(f"/api/v1/rounds/{table.round_id}/").status_code == 204
    assert (
        api_client(organizer).delete(f"/api/v1/events/{table.round.event_id}/").status_code == 204
    )


def test_the_database_itself_protects_sessions():
    from django.db.models import ProtectedError

    table = scored_table()
    with pytest.raises(ProtectedError):
        table.round.event.delete()
    with pytest.raises(ProtectedError):
        table.delete()
    assert Session.objects.filter(table=table).exists()


# --- Seats under a session --------------------------------------------------------------------


def seat_writes(table: Table, spare: Player) -> list[tuple[str, str, dict | None]]:
    seat = table.seats.get(position=0)
    return [
        ("patch", f"/api/v1/seats/{seat.pk}/", {"player": spare.pk}),
        (
            "put",
            f"/api/v1/seats/{seat.pk}/",
            {"table": table.pk, "position": 0, "player": spare.pk},
        ),
        ("delete", f"/api/v1/seats/{seat.pk}/", None),
    ]


def test_the_seats_of_a_table_with_results_stay():
    table = scored_table()
    club = table.round.event.club
    organizer = user_with_role(club, Role.ORGANIZER)
    spare = PlayerFactory()
    Membership.objects.create(club=club, player=spare)
    before = results_snapshot()
    for method, url, data in seat_writes(table, spare):
        response = getattr(api_client(organizer), method)(url, data, format="json")
        assert response.status_code == 409, (method, response.content)
        problem = response.json()["errors"][0]
        assert problem["code"] == "table_has_results"
        assert (
            problem["message"] == f"Table {table.number} already has results; it cannot be changed."
        )
    # A new seat at that table (after freeing one by hand, as an old bug could have left it).
    Seat.objects.filter(table=table, position=3).delete()
    before = results_snapshot()
    response = api_client(organizer).post(
        "/api/v1/seats/", {"table": table.pk, "position": 3, "player": spare.pk}, format="json"
    )
    assert response.status_code == 409
    assert results_snapshot() == before


def test_the_seats_of_a_closed_round_stay():
    table = seated_table(EventFactory())
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.CLOSED)
    organizer = user_with_role(table.round.event.club, Role.ORGANIZER)
    spare = PlayerFactory()
    before = results_snapshot()
    for method, url, data in seat_writes(table, spare):
        response = getattr(api_client(organizer), method)(url, data, format="json")
        assert response.status_code == 409, (method, response.content)
        assert response.json()["errors"][0]["code"] == "round_closed"
    assert results_snapshot() == before


def test_the_seats_of_a_table_without_results_can_change():
    table = seated_table(EventFactory())
    organizer = user_with_role(table.round.event.club, Role.ORGANIZER)
    spare = PlayerFactory()
    Membership.objects.create(club=table.round.event.club, player=spare)
    seat = table.seats.get(position=0)
    response = api_client(organizer).patch(
        f"/api/v1/seats/{seat.pk}/", {"player": spare.pk}, format="json"
    )
    assert response.status_code == 200, response.content
    assert Seat.objects.get(pk=seat.pk).player_id == spare.pk


# --- An event moved to another date -----------------------------------------------------------


def test_moving_an_event_to_another_date_queues_the_clubs_ratings(
    django_capture_on_commit_callbacks, monkeypatch
):
    queued = []
    monkeypatch.setattr(
        "ranking.ratings.tasks.ratings_update.apply_async",
        lambda args, countdown=None: queued.append(args[0]),
    )
    table = scored_table()
    event = table.round.event
    client = api_client(user_with_role(event.club, Role.ORGANIZER))
    with django_capture_on_commit_callbacks(execute=True):
        response = client.patch(
            f"/api/v1/events/{event.pk}/", {"name": "Zelfde dag"}, format="json"
        )
    assert response.status_code == 200 and queued == []
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        response = client.patch(
            f"/api/v1/events/{event.pk}/", {"date": "2025-01-02"}, format="json"
        )
    assert response.status_code == 200, response.content
    assert queued == [event.club_id]
    # The ratings (and the club's leagues) once, and the move told to the club's webhooks
    # (event.changed) once.
    assert sorted(queued_tasks(callbacks)) == sorted(
        [RATINGS_TASK, LEAGUES_TASK, club_events.FAN_OUT_TASK]
    )


def test_moving_an_event_replays_the_ratings_in_the_new_order(django_capture_on_commit_callbacks):
    club, _players, sessions = club_with_history(seed=31, evenings=2, rounds=1)
    ratings_update(club_id=club.pk)
    first_evening = sessions[0].event
    first_ids = set(first_evening.sessions.values_list("pk", flat=True))
    positions = dict(RatedSession.objects.values_list("session_id", "position"))
    assert max(positions[s] for s in first_ids) < min(
        p for s, p in positions.items() if s not in first_ids
    )
    organizer = user_with_role(club, Role.ORGANIZER)
    later = first_evening.date + datetime.timedelta(weeks=5)
    with django_capture_on_commit_callbacks(execute=True):
        response = api_client(organizer).patch(
            f"/api/v1/events/{first_evening.pk}/", {"date": later.isoformat()}, format="json"
        )
    assert response.status_code == 200, response.content
    positions = dict(RatedSession.objects.values_list("session_id", "position"))
    assert min(positions[s] for s in first_ids) > max(
        p for s, p in positions.items() if s not in first_ids
    )


# --- Seating again over results ---------------------------------------------------------------


def planned_round_with_results():
    """A planned round (a seating preview) one of whose tables has results: entered while the
    round was played, after which it went back to planned by hand (the service refuses results
    for a round that has not started, so this is the only way there)."""
    event = EventFactory(published=False)
    organizer = user_with_role(event.club, Role.ORGANIZER)
    players = PlayerFactory.create_batch(8)
    for player in players:
        Membership.objects.create(club=event.club, player=player)
        EventPlayer.objects.create(event=event, player=player)
    planned = round_generate(event=event, actor=organizer, seed=5)
    table = planned.tables.order_by("number").first()
    Round.objects.filter(pk=planned.pk).update(status=Round.Status.PLAYING)
    session_submit(
        table=table,
        submitted_by=None,
        document=classic_document(2),
        table_token=table.scoring_token,
    )
    Round.objects.filter(pk=planned.pk).update(status=Round.Status.PLANNED)
    planned.refresh_from_db()
    return event, planned, organizer


def test_a_round_that_has_not_started_takes_no_results():
    event = EventFactory(published=False)
    organizer = user_with_role(event.club, Role.ORGANIZER)
    for player in PlayerFactory.create_batch(4):
        Membership.objects.create(club=event.club, player=player)
        EventPlayer.objects.create(event=event, player=player)
    planned = round_generate(event=event, actor=organizer, seed=5)
    table = planned.tables.get()
    response = APIClient().put(
        f"/api/v1/tables/{table.pk}/session/",
        {"document": classic_document()},
        format="json",
        HTTP_X_TABLE_TOKEN=table.scoring_token,
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "round_not_started"
    assert not Session.objects.exists()


def test_seating_the_planned_round_again_keeps_its_results():
    event, planned, organizer = planned_round_with_results()
    players = [s.player_id for t in planned.tables.order_by("number") for s in t.seats.all()]
    client = api_client(organizer)
    before = results_snapshot()
    for url, payload in [
        (f"/api/v1/events/{event.pk}/seating/", {"seed": 9}),
        (f"/api/v1/rounds/{planned.pk}/regenerate/", {"seed": 9}),
        (f"/api/v1/events/{event.pk}/seating/manual/", {"tables": [players[4:], players[:4]]}),
    ]:
        response = client.post(url, payload, format="json")
        assert response.status_code == 409, (url, response.content)
        problem = response.json()["errors"][0]
        assert problem["code"] == "round_has_results" and problem["message_nl"]
    assert results_snapshot() == before
