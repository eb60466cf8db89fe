"""A round (or the event) closing while its tables still send results: each from its own
connection, whichever takes the table first is seen by the other.

* A game that waited on the table while the round closed is refused once the close has
  committed, and nothing of it is saved: the write reads the round and the event again after
  it has the table (PostgreSQL would otherwise hand it the round as it was before it waited).
* A close that waited on a table taking back its last game sees the table unfinished and asks
  what it counts as, instead of closing over a session nobody finished.

On SQLite transactions take the database's write lock when they begin, so the two are
serialised anyway; on PostgreSQL they wait on the table's row.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pytest
from django.db import connection, transaction

from clubs.models import AuditEntry, Role
from core.errors import ServiceError
from results.models import Part, Session
from results.services import session_append_part, session_submit, session_undo_last_part
from tests.documents import classic_document, classic_games
from tests.factories import EventFactory, seated_table, user_with_role
from tournaments.models import Event, Round, Table
from tournaments.round_lifecycle import event_close, round_close

pytestmark = pytest.mark.django_db(transaction=True)

WAIT = 10.0  # seconds a thread waits for the other before it gives up


def _until_another_waits() -> None:
    """Return once another connection to this database waits on a lock (PostgreSQL), or
    after a moment (SQLite: the other waits to begin, which nothing here can see)."""
    if connection.vendor != "postgresql":
        time.sleep(0.5)
        return
    deadline = time.monotonic() + WAIT
    with connection.cursor() as cursor:
        while time.monotonic() < deadline:
            cursor.execute("SELECT pg_stat_clear_snapshot()")  # read afresh inside a transaction
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                "AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()"
            )
            if cursor.fetchone()[0]:
                return
            time.sleep(0.02)


def _both(first: Callable[[threading.Event], None], second: Callable[[], None]) -> None:
    """``first`` runs until it holds its locks and sets the event it is given; ``second``
    starts then. Each thread has its own connection."""
    holding = threading.Event()

    def run_first() -> None:
        try:
            first(holding)
        finally:
            holding.set()
            connection.close()

    def run_second() -> None:
        try:
            holding.wait(WAIT)
            second()
        finally:
            connection.close()

    threads = [threading.Thread(target=run_first), threading.Thread(target=run_second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(3 * WAIT)


def _refusal(call: Callable[[], object]) -> str:
    try:
        call()
    except ServiceError as exc:
        return str(exc.errors[0]["code"])
    return "saved"


def _game_during_close(closing: str) -> tuple[Table, str]:
    """The round (or the event) closes, its table unfinished, and a game for that table
    arrives while the close holds the table; the table and the game's answer."""
    event = EventFactory()
    organizer = user_with_role(event.club, Role.ORGANIZER)
    table = seated_table(event)
    session_submit(table=table, submitted_by=organizer, document=classic_document(5))
    answers: dict[str, str] = {}

    def close(holding: threading.Event) -> None:
        with transaction.atomic():
            if closing == "round":
                round_close(round_=table.round, actor=organizer, unfinished={1: "partial"})
            else:
                event_close(event=event, actor=organizer, unfinished={1: {1: "partial"}})
            holding.set()  # closed, not yet committed: the game now waits on the table
            _until_another_waits()

    def game() -> None:
        answers["game"] = _refusal(
            lambda: session_append_part(
                table=table.pk,
                submitted_by=None,
                part=classic_games()[5],
                table_token=table.scoring_token,
            )
        )

    _both(close, game)
    return table, answers["game"]


@pytest.mark.parametrize("closing", ["round", "event"])
def test_a_game_that_waited_on_a_closing_round_is_refused(closing):
    for trial in range(3):
        table, answer = _game_during_close(closing)
        assert answer == ("round_closed" if closing == "round" else "event_finished"), trial
        session = Session.objects.get(table=table)
        assert (session.revision, Part.objects.filter(session=session).count()) == (1, 5), trial
        assert Round.objects.get(pk=table.round_id).status == Round.Status.CLOSED
        # The log never shows a result saved after the close.
        actions = list(
            AuditEntry.objects.filter(club_id=table.round.event.club_id)
            .order_by("id")
            .values_list("action", flat=True)
        )
        assert actions[-1] in ("round.close", "event.close"), (trial, actions)
        assert actions.count("session.save") == 1, (trial, actions)


def _close_during_undo() -> tuple[Table, str]:
    """A finished table takes back its last game, and while it holds the table the organizer
    closes the round without a choice for it (it looked finished); the table and the close's
    answer."""
    event = EventFactory()
    organizer = user_with_role(event.club, Role.ORGANIZER)
    table = seated_table(event)
    session_submit(table=table, submitted_by=organizer, document=classic_document(12))
    answers: dict[str, str] = {}

    def undo(holding: threading.Event) -> None:
        with transaction.atomic():
            session_undo_last_part(
                table=table.pk, submitted_by=None, table_token=table.scoring_token
            )
            holding.set()  # taken back, not yet committed: the close now waits on the table
            _until_another_waits()

    def close() -> None:
        answers["close"] = _refusal(
            lambda: round_close(round_=Round.objects.get(pk=table.round_id), actor=organizer)
        )

    _both(undo, close)
    return table, answers["close"]


def test_a_close_that_waited_on_a_table_taking_back_its_last_game_asks_about_it():
    for trial in range(3):
        table, answer = _close_during_undo()
        assert answer == "unfinished_table", trial
        assert Round.objects.get(pk=table.round_id).status == Round.Status.PLAYING, trial
        assert not Session.objects.get(table=table).complete
        assert Table.objects.get(pk=table.pk).unfinished == ""
        assert Event.objects.get(pk=table.round.event_id).status == Event.Status.RUNNING
