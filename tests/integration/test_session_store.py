"""The session write path writes its rows with plain SQL (results/store.py). What it stores and
what it hands back must be exactly what the ORM reads: documents, results, timestamps, the
revision, the games, the per-seat rows and the audit entry, on PostgreSQL and on SQLite."""

import datetime

import pytest

from clubs.models import AuditEntry, Role
from results import store
from results.models import Part, Session, SessionRevision, SessionSeat
from results.services import session_append_part, session_submit, session_undo_last_part
from tests.documents import classic_document, classic_games
from tests.factories import EventFactory, seated_table, user_with_role

pytestmark = pytest.mark.django_db

SESSION_FIELDS = [
    "id",
    "table_id",
    "event_id",
    "ruleset",
    "document",
    "result",
    "complete",
    "revision",
    "created_at",
    "updated_at",
    "updated_by_id",
]


def as_read(session: Session) -> dict:
    return {name: getattr(session, name) for name in SESSION_FIELDS}


def test_what_a_write_returns_is_what_the_database_holds():
    event = EventFactory()
    table = seated_table(event)
    scorer = user_with_role(event.club, Role.SCORER)
    games = classic_games()

    first = session_append_part(table=table, submitted_by=scorer, part=games[0])
    second = session_append_part(table=table, submitted_by=scorer, part=games[1])
    stored = Session.objects.get(table=table)
    assert as_read(second) == as_read(stored)
    assert stored.updated_at >= first.updated_at and stored.created_at == first.created_at
    assert isinstance(stored.updated_at, datetime.datetime) and stored.updated_at.tzinfo
    assert as_read(store.table_session(table.pk)) == as_read(stored)

    revisions = list(SessionRevision.objects.filter(session=stored).order_by("number"))
    assert [(r.number, r.created_by_id) for r in revisions] == [(1, scorer.pk), (2, scorer.pk)]
    assert revisions[1].document == stored.document and revisions[1].result == stored.result
    assert revisions[1].created_at.tzinfo is not None

    rows = list(Part.objects.filter(session=stored).order_by("number"))
    assert [(g.number, g.kind, g.actor, g.level) for g in rows] == [
        (1, games[0]["contract"], 0, "counts"),
        (2, games[1]["contract"], 1, "counts"),
    ]
    assert [g.points for g in rows] == [g["points"] for g in stored.result["games"]]
    recorded = {key: value for key, value in games[0].items() if key not in ("contract", "chooser")}
    assert rows[0].data == recorded and "counts" in recorded

    seats = list(SessionSeat.objects.filter(session=stored).order_by("position"))
    assert [s.total for s in seats] == stored.result["totals"]
    assert [s.placement for s in seats] == [None] * 4  # placements once the session is complete
    assert [(s.position, s.player_id, s.total) for s in second.seat_results.all()] == [
        (s.position, s.player_id, s.total) for s in seats
    ]

    entry = AuditEntry.objects.filter(action="session.save").order_by("-id").first()
    assert (entry.actor_id, entry.actor_label, entry.club_id) == (
        scorer.pk,
        scorer.username,
        event.club_id,
    )
    assert (entry.object_type, entry.object_id) == ("games.session", str(stored.pk))
    assert entry.details == {"revision": 2, "complete": False, "reason": ""}


def test_a_correction_rewrites_the_games_from_the_first_change_and_places_the_seats():
    event = EventFactory()
    table = seated_table(event)
    scorer = user_with_role(event.club, Role.SCORER)
    session_submit(table=table, submitted_by=scorer, document=classic_document())
    kept = dict(
        Part.objects.filter(session__table=table, number__lte=4).values_list("number", "pk")
    )

    corrected = classic_document()
    corrected["games"][4]["counts"] = [0, 4, 5, 4]  # game 5, hearts
    session = session_submit(
        table=table, submitted_by=scorer, document=corrected, expected_revision=1, reason="recount"
    )
    rows = {g.number: g for g in Part.objects.filter(session=session)}
    assert sorted(rows) == list(range(1, 13))
    assert {n: rows[n].pk for n in kept} == kept  # games before the change are untouched
    assert rows[5].data["counts"] == [0, 4, 5, 4] and rows[5].pk not in kept.values()
    seats = SessionSeat.objects.filter(session=session).order_by("position")
    assert [s.placement for s in seats] == session.result["placements"]
    assert session.complete and Session.objects.get(pk=session.pk).complete

    session_undo_last_part(table=table, submitted_by=scorer)
    assert Part.objects.filter(session=session).count() == 11
    assert (
        list(SessionSeat.objects.filter(session=session).values_list("placement", flat=True))
        == [None] * 4
    )
    assert SessionRevision.objects.get(session=session, number=3).reason == "undo last part"


def test_a_table_link_write_is_audited_as_the_link():
    event = EventFactory()
    table = seated_table(event)
    session_append_part(
        table=table, submitted_by=None, part=classic_games()[0], table_token=table.scoring_token
    )
    entry = AuditEntry.objects.get(action="session.save")
    assert (entry.actor_id, entry.actor_label) == (None, "table link")
    assert SessionRevision.objects.get().created_by_id is None


def test_a_game_sent_through_the_api_takes_its_eight_statements(django_assert_num_queries):
    """The write path's statements, counted (the load benchmark's submissions are these): the
    table read with the event's game, rules and the writer's role (after its lock, on
    PostgreSQL a statement of its own), the session, the seats, the session's update, the
    revision, the game, the per-seat rows and the audit entry, inside a savepoint here (a
    transaction in production). Before them the API reads the table once to answer who may
    not see it (web.api.access.table_scope); nothing is read twice: a field the locked read left out
    would cost a query of its own."""
    from django.db import connection
    from rest_framework.test import APIClient

    event = EventFactory()
    table = seated_table(event)
    client = APIClient()
    client.force_authenticate(user_with_role(event.club, Role.SCORER))
    games = classic_games()
    url = f"/api/v1/tables/{table.pk}/session/games/"
    assert client.post(url, {"part": games[0]}, format="json").status_code == 201
    lock = 1 if connection.features.has_select_for_update else 0
    # The table seen, the eight, the savepoint and its release.
    with django_assert_num_queries(11 + lock):
        assert client.post(url, {"part": games[1]}, format="json").status_code == 201
