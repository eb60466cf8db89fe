"""Submitting, playing, correcting and validating sessions through the API."""

import pytest
from rest_framework.test import APIClient

from clubs.models import Role
from core.club_events import FAN_OUT_TASK
from results.models import Part, Session, SessionRevision, SessionSeat
from tests.conftest import queued_tasks
from tests.documents import classic_document, classic_games
from tests.factories import EventFactory, seated_table, user_with_role
from tournaments.models import Standing
from tournaments.tasks import LEAGUES_TASK, PREVIEWS_TASK, RATINGS_TASK, STANDINGS_TASK

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    return seated_table(EventFactory())


@pytest.fixture
def scorer_client(table):
    client = APIClient()
    client.force_authenticate(user_with_role(table.round.event.club, Role.SCORER))
    return client


def url(table) -> str:
    return f"/api/v1/tables/{table.pk}/session/"


def test_validate_scores_a_valid_document_for_anyone():
    response = APIClient().post("/api/v1/sessions/validate/", classic_document(), format="json")
    assert response.status_code == 200
    body = response.json()
    assert body["valid"] is True and body["complete"] is True
    assert sum(body["totals"]) == 0
    assert len(body["games"]) == 12
    assert Session.objects.count() == 0


def test_validate_reports_every_problem_with_code_game_and_field():
    document = classic_document()
    document["games"][1]["contract"] = "hearts"  # hearts is played again in game 5
    document["games"][5]["counts"] = [1, 1, 1, 1]  # kings/jacks: 8 cards, not 4
    response = APIClient().post("/api/v1/sessions/validate/", document, format="json")
    assert response.status_code == 400
    errors = response.json()["errors"]
    codes = {(e["code"], e["game_number"], e["field"]) for e in errors}
    assert ("counts_sum", 6, "counts") in codes
    assert any(e["code"] == "contract_repeated" for e in errors)
    assert all(e["message"] and e["message_nl"] for e in errors)


def test_validate_rejects_a_body_that_is_not_json():
    response = APIClient().post(
        "/api/v1/sessions/validate/", "{not json", content_type="application/json"
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "parse_error"


def test_submit_complete_session_stores_games_totals_and_standings(
    table, scorer_client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        response = scorer_client.put(url(table), {"document": classic_document()}, format="json")
    # For the club's webhooks the result saved, the standings and ratings recomputes (and the
    # club's leagues), queued after commit as one message; by the recompute (in-process here) the
    # standings changed for the webhooks and the link previews redrawn.
    assert queued_tasks(callbacks) == [
        FAN_OUT_TASK,
        STANDINGS_TASK,
        RATINGS_TASK,
        LEAGUES_TASK,
        FAN_OUT_TASK,
        PREVIEWS_TASK,
    ]
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["revision"] == 1 and body["complete"] is True
    assert response["ETag"] == '"1"'
    session = Session.objects.get(table=table)
    assert Part.objects.filter(session=session).count() == 12
    totals = list(SessionSeat.objects.filter(session=session).values_list("total", flat=True))
    assert sum(totals) == 0 and totals == body["result"]["totals"]
    assert session.document["seats"] == [s.player.name for s in table.seats.order_by("position")]
    standings = Standing.objects.filter(event=table.round.event).order_by("rank")
    assert [s.total for s in standings] == sorted(totals, reverse=True)
    assert standings[0].table_wins == 1
    from ranking.ratings.models import PlayerRating

    ratings = PlayerRating.objects.filter(pool__club=table.round.event.club)
    assert ratings.count() == 4 and all(r.sessions_played == 1 for r in ratings)


def test_rejected_document_saves_nothing(table, scorer_client, django_capture_on_commit_callbacks):
    document = classic_document()
    document["games"][0]["chooser"] = 5
    with django_capture_on_commit_callbacks() as callbacks:
        response = scorer_client.put(url(table), {"document": document}, format="json")
    assert callbacks == []
    assert response.status_code == 400
    assert response.json()["errors"][0]["game_number"] == 1
    assert not Session.objects.exists() and not SessionRevision.objects.exists()


def test_game_by_game_then_undo(table, scorer_client):
    for game in classic_games()[:3]:
        response = scorer_client.post(url(table) + "games/", {"part": game}, format="json")
        assert response.status_code == 201, response.json()
    body = response.json()
    assert body["revision"] == 3 and body["complete"] is False
    assert body["result"]["next_chooser"] == 3
    assert "trumps_clubs" in body["result"]["available_contracts"]
    response = scorer_client.post(url(table) + "undo/", {"expected_revision": 3}, format="json")
    assert response.status_code == 200
    assert len(response.json()["document"]["games"]) == 2
    assert SessionRevision.objects.filter(session__table=table).count() == 4


def test_appending_an_invalid_game_is_rejected_and_keeps_the_session(table, scorer_client):
    scorer_client.post(url(table) + "games/", {"part": classic_games()[0]}, format="json")
    bad = dict(classic_games()[1], chooser=0)
    response = scorer_client.post(url(table) + "games/", {"part": bad}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "wrong_chooser"
    assert Session.objects.get(table=table).revision == 1


def test_correction_keeps_history_and_stale_revision_gets_409(table, scorer_client):
    scorer_client.put(url(table), {"document": classic_document()}, format="json")
    corrected = classic_document()
    corrected["games"][4]["counts"] = [1, 4, 5, 3]
    response = scorer_client.put(
        url(table),
        {"document": corrected, "expected_revision": 1, "reason": "hearts miscounted"},
        format="json",
    )
    assert response.status_code == 200 and response.json()["revision"] == 2
    stale = scorer_client.put(
        url(table), {"document": classic_document(), "expected_revision": 1}, format="json"
    )
    assert stale.status_code == 409
    assert stale.json()["errors"][0]["code"] == "revision_conflict"
    # Nothing of the stale write was stored: the correction stands, its games too.
    session = Session.objects.get(table=table)
    assert session.revision == 2 and session.document["games"] == corrected["games"]
    assert SessionRevision.objects.filter(session=session).count() == 2
    assert Part.objects.get(session=session, number=5).data["counts"] == [1, 4, 5, 3]
    revisions = scorer_client.get(f"/api/v1/sessions/{session.pk}/revisions/").json()["results"]
    assert [r["number"] for r in revisions] == [1, 2]
    assert revisions[1]["reason"] == "hearts miscounted"


def test_if_match_header_guards_updates(table, scorer_client):
    scorer_client.put(url(table), {"document": classic_document(11)}, format="json")
    response = scorer_client.put(
        url(table), {"document": classic_document()}, format="json", HTTP_IF_MATCH='"7"'
    )
    assert response.status_code == 412


def test_idempotency_key_replays_the_first_answer(table, scorer_client):
    game = {"part": classic_games()[0]}
    first = scorer_client.post(
        url(table) + "games/", game, format="json", HTTP_IDEMPOTENCY_KEY="abc"
    )
    again = scorer_client.post(
        url(table) + "games/", game, format="json", HTTP_IDEMPOTENCY_KEY="abc"
    )
    assert first.status_code == again.status_code == 201
    assert again["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()
    assert Session.objects.get(table=table).revision == 1
    other = scorer_client.post(
        url(table) + "games/",
        {"part": classic_games()[1]},
        format="json",
        HTTP_IDEMPOTENCY_KEY="abc",
    )
    assert other.status_code == 409
    assert other.json()["errors"][0]["code"] == "idempotency_key_reused"
    # The second game was not stored: the session holds the first game only.
    session = Session.objects.get(table=table)
    assert session.revision == 1 and session.document["games"] == [classic_games()[0]]
    assert list(Part.objects.filter(session=session).values_list("number", flat=True)) == [1]


def test_same_document_twice_is_one_revision(table, scorer_client):
    scorer_client.put(url(table), {"document": classic_document()}, format="json")
    response = scorer_client.put(url(table), {"document": classic_document()}, format="json")
    assert response.status_code == 200 and response.json()["revision"] == 1


def test_table_without_four_players_cannot_take_a_session(scorer_client, table):
    table.seats.last().delete()
    response = scorer_client.put(url(table), {"document": classic_document()}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "table_not_full"


def test_ruleset_of_the_document_must_match_the_event(table, scorer_client):
    document = dict(classic_document(), ruleset="eleven")
    response = scorer_client.put(url(table), {"document": document}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "ruleset_mismatch"


def test_malformed_body_is_a_clear_400(table, scorer_client):
    response = scorer_client.put(url(table), {"doc": {}}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "document"
    response = scorer_client.put(url(table), {"document": [1, 2, 3]}, format="json")
    assert response.status_code == 400


@pytest.mark.parametrize("action", ["games", "undo"])
def test_game_and_undo_routes_take_no_whole_document(table, scorer_client, action):
    response = scorer_client.put(
        f"{url(table)}{action}/", {"document": classic_document()}, format="json"
    )
    assert response.status_code == 405
    assert not Session.objects.filter(table=table).exists()
