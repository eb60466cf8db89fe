"""Closing a round with unfinished tables, reopening rounds and events, and an organizer's
correction of a closed round: no dead ends, and standings, seating and ratings agree on what
an unfinished table counts as."""

import pytest

from clubs.models import AuditEntry, Role
from core.errors import ServiceError
from ranking.ratings.store.loading import rated_sessions
from ranking.standings.event_standings import computed_standing_lines, round_points
from results.models import Session
from results.services import session_append_part, session_submit
from tests.documents import classic_document, classic_games
from tests.factories import EventFactory, api_client, seated_table, user_with_role
from tournaments.models import Event, Round
from tournaments.rounds.lifecycle import event_close, event_reopen, round_close, round_reopen

pytestmark = pytest.mark.django_db


@pytest.fixture
def night():
    """A published, running event: round 1 with table 1 done, table 2 at five games, table 3
    with nothing entered."""
    event = EventFactory(published=True, status=Event.Status.RUNNING)
    organizer = user_with_role(event.club, Role.ORGANIZER)
    done, halfway, empty = (seated_table(event, table_number=n) for n in (1, 2, 3))
    session_submit(table=done, submitted_by=organizer, document=classic_document())
    session_submit(table=halfway, submitted_by=organizer, document=classic_document(5))
    return event, organizer, done, halfway, empty


def test_closing_names_every_unfinished_table_and_its_players(night):
    event, organizer, _done, halfway, empty = night
    with pytest.raises(ServiceError) as refused:
        round_close(round_=halfway.round, actor=organizer)
    errors = refused.value.errors
    assert [e["field"] for e in errors] == ["unfinished.2", "unfinished.3"]
    names = [s.player.name for s in halfway.seats.order_by("position")]
    assert all(name in errors[0]["message"] and name in errors[0]["message_nl"] for name in names)
    assert Round.objects.get(pk=halfway.round_id).status == Round.Status.PLAYING
    # A choice for one table only still leaves the round open.
    with pytest.raises(ServiceError):
        round_close(round_=halfway.round, actor=organizer, unfinished={2: "partial"})
    assert Round.objects.get(pk=halfway.round_id).status == Round.Status.PLAYING


def test_the_choice_is_recorded_and_counted_the_same_everywhere(night):
    event, organizer, done, halfway, empty = night
    before = {line["player_id"] for line in computed_standing_lines(event) if line["sessions"]}
    assert before == {s.player_id for s in done.seats.all()}
    assert round_points(event, 1).keys() == before  # a table still playing does not count
    round_close(round_=halfway.round, actor=organizer, unfinished={2: "partial", 3: "not_played"})
    assert dict(halfway.round.tables.values_list("number", "unfinished")) == {
        1: "",
        2: "partial",
        3: "not_played",
    }
    counted = {s.player_id for t in (done, halfway) for s in t.seats.all()}
    lines = {line["player_id"]: line for line in computed_standing_lines(event)}
    assert {p for p, line in lines.items() if line["sessions"]} == counted
    halfway_totals = Session.objects.get(table=halfway).result["totals"]
    for seat in halfway.seats.all():
        assert lines[seat.player_id]["total"] == halfway_totals[seat.position]
    assert round_points(event, 1).keys() == counted
    assert set(rated_sessions().filter(event=event).values_list("table_id", flat=True)) == {
        done.pk,
        halfway.pk,
    }
    entry = AuditEntry.objects.filter(action="round.close").latest("pk")
    assert entry.details["unfinished"] == {"2": "partial", "3": "not_played"}


def test_paper_totals_count_once_the_organizer_enters_them_with_a_reason(night):
    event, organizer, _done, halfway, empty = night
    round_close(round_=halfway.round, actor=organizer, unfinished={2: "paper", 3: "not_played"})
    assert not rated_sessions().filter(table=halfway).exists()
    with pytest.raises(ServiceError) as refused:  # a closed round: only with a reason
        session_submit(table=halfway, submitted_by=organizer, document=classic_document())
    assert refused.value.errors[0]["code"] == "reason_required"
    session = session_submit(
        table=halfway,
        submitted_by=organizer,
        document=classic_document(),
        reason="copied the paper sheet",
    )
    assert session.complete and session.revision == 2
    assert session.revisions.get(number=2).reason == "copied the paper sheet"
    assert rated_sessions().filter(table=halfway).exists()


def test_a_closed_round_takes_no_part_and_no_table_link(night):
    event, organizer, _done, halfway, _empty = night
    round_close(round_=halfway.round, actor=organizer, unfinished={2: "partial", 3: "paper"})
    with pytest.raises(ServiceError) as refused:  # parts are for a round being played
        session_append_part(table=halfway, submitted_by=organizer, part=classic_games()[5])
    assert refused.value.errors[0]["code"] == "round_closed"
    scorer = user_with_role(event.club, Role.SCORER)
    with pytest.raises(ServiceError) as refused:
        session_submit(
            table=halfway, submitted_by=scorer, document=classic_document(), reason="why not"
        )
    assert refused.value.errors[0]["code"] == "round_closed"
    response = api_client().put(
        f"/api/v1/tables/{halfway.pk}/session/",
        {"document": classic_document()},
        format="json",
        HTTP_X_TABLE_TOKEN=halfway.scoring_token,
    )
    assert response.status_code == 400 and response.json()["errors"][0]["code"] == "round_closed"


def test_reopening_a_round_needs_a_reason_and_undoes_the_choices(night):
    event, organizer, _done, halfway, _empty = night
    round_ = round_close(
        round_=halfway.round, actor=organizer, unfinished={2: "partial", 3: "not_played"}
    )
    with pytest.raises(ServiceError) as refused:
        round_reopen(round_=round_, actor=organizer, reason="  ")
    assert refused.value.errors[0]["field"] == "reason"
    with pytest.raises(ServiceError):
        round_reopen(
            round_=round_, actor=user_with_role(event.club, Role.SCORER), reason="scorers may not"
        )
    round_reopen(round_=round_, actor=organizer, reason="table 2 plays on")
    round_.refresh_from_db()
    assert round_.status == Round.Status.PLAYING
    assert set(round_.tables.values_list("unfinished", flat=True)) == {""}
    assert not rated_sessions().filter(table=halfway).exists()
    entry = AuditEntry.objects.get(action="round.reopen")
    assert entry.details["reason"] == "table 2 plays on"
    session = session_append_part(
        table=halfway, submitted_by=None, part=classic_games()[5], table_token=halfway.scoring_token
    )
    assert session.revision == 2  # the table's link takes results again


def test_an_event_closes_with_choices_and_reopens(night):
    event, organizer, _done, halfway, _empty = night
    with pytest.raises(ServiceError) as refused:
        event_close(event=event, actor=organizer)
    assert [e["field"] for e in refused.value.errors] == [
        "rounds.1.unfinished.2",
        "rounds.1.unfinished.3",
    ]
    assert Event.objects.get(pk=event.pk).status == Event.Status.RUNNING
    event_close(event=event, actor=organizer, unfinished={1: {2: "partial", 3: "not_played"}})
    assert Event.objects.get(pk=event.pk).status == Event.Status.FINISHED
    with pytest.raises(ServiceError) as refused:  # the event first, then the round
        round_reopen(round_=halfway.round, actor=organizer, reason="one more game")
    assert refused.value.errors[0]["code"] == "event_finished"
    # A result is still corrected by the organizer without reopening anything.
    session = session_submit(
        table=halfway,
        submitted_by=organizer,
        document=classic_document(),
        reason="the sheet was complete",
    )
    assert session.complete
    event_reopen(event=event, actor=organizer, reason="round 1 plays on")
    assert Event.objects.get(pk=event.pk).status == Event.Status.RUNNING
    round_reopen(round_=halfway.round, actor=organizer, reason="one more game")
    assert AuditEntry.objects.filter(action__in=["event.reopen", "round.reopen"]).count() == 2


def test_the_api_closes_and_reopens(night):
    event, organizer, _done, halfway, _empty = night
    client = api_client(organizer)
    url = f"/api/v1/rounds/{halfway.round_id}/"
    response = client.post(f"{url}close/", {"unfinished": {"2": "maybe"}}, format="json")
    assert response.status_code == 400
    response = client.post(f"{url}close/", {"unfinished": {"two": "partial"}}, format="json")
    assert response.status_code == 400
    response = client.post(
        f"{url}close/", {"unfinished": {"2": "partial", "9": "paper"}}, format="json"
    )
    assert response.status_code == 400
    fields = {e["field"] for e in response.json()["errors"]}
    assert fields == {"unfinished.9", "unfinished.3"}
    response = client.post(
        f"{url}close/", {"unfinished": {"2": "partial", "3": "paper"}}, format="json"
    )
    assert response.status_code == 200, response.content
    assert response.json()["status"] == "closed"
    assert client.post(f"{url}reopen/", {}, format="json").status_code == 400
    response = client.post(f"{url}reopen/", {"reason": "table 3 plays after all"}, format="json")
    assert response.status_code == 200 and response.json()["status"] == "playing"
    response = client.post(f"/api/v1/events/{event.pk}/reopen/", {"reason": "x"}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "not_finished"


def test_the_organizer_corrects_a_finished_events_result_through_the_api(night):
    event, organizer, done, _halfway, _empty = night
    event_close(event=event, actor=organizer, unfinished={1: {2: "partial", 3: "not_played"}})
    url = f"/api/v1/tables/{done.pk}/session/"
    document = {"ruleset": "classic", "totals": [300, -20, -190, -90]}
    response = api_client(organizer).put(url, {"document": document}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "reason_required"
    response = api_client(organizer).put(
        url, {"document": document, "reason": "the sheet said 300"}, format="json"
    )
    assert response.status_code == 200, response.content
    assert response.json()["revision"] == 2
    scorer = user_with_role(event.club, Role.SCORER)
    response = api_client(scorer).put(
        url, {"document": document, "reason": "me too"}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "event_finished"
