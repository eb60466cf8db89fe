"""The SQL of the session write path: the table locked with its round and event, the table's
session and seated players read, and the session, its revision, parts and per-seat rows
written.

Every game entered at every table comes through here (a club night of 50 tables sends one
every few seconds). Built through the ORM, these few statements cost five to seven times
what running them costs, and more than everything else a submission does (``bench.load``
prints the CPU per request). So they are written out once, in SQL that PostgreSQL and SQLite
both run, and return model instances like the ORM would, with only the fields listed here
loaded (any other field is read from the database if touched). The models in
``games.models``, ``tournaments.models`` and ``clubs.models`` define the tables; the tests of
the session services run every statement. Everything else reads and writes through the ORM.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Sequence
from typing import Any, NamedTuple

from django.db import connection
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from clubs.models import Player
from gamekit.seam import Part as GamePart
from games.models import Part, Session
from tournaments.models import Event, Round, Table


class SeatedPlayer(NamedTuple):
    position: int
    player: Player


class SeatResultRow(NamedTuple):
    position: int
    player_id: int
    total: int
    placement: int | None


class LockedTable(NamedTuple):
    table: Table
    actor_role: str | None  # the writer's role in the event's club, if any


def table_lock(table_id: int, *, user_id: int | None) -> LockedTable | None:
    """The table, locked until the transaction ends (PostgreSQL; SQLite serialises writers
    anyway), with its round and the round's event, and the role of user ``user_id`` in the
    event's club; None if there is no such table."""
    lock = " FOR UPDATE OF t" if connection.features.has_select_for_update_of else ""
    row = _one(
        "SELECT t.id, t.number, t.scoring_token, r.id, r.number, r.status, "
        "e.id, e.club_id, e.ruleset, e.game, e.status, e.substitute_counts, "
        "(SELECT m.role FROM clubs_membership m JOIN clubs_player p ON p.id = m.player_id "
        " WHERE m.club_id = e.club_id AND p.user_id = %s) "
        "FROM tournaments_table t "
        "JOIN tournaments_round r ON r.id = t.round_id "
        "JOIN tournaments_event e ON e.id = r.event_id "
        "WHERE t.id = %s" + lock,
        [user_id, table_id],
    )
    if row is None:
        return None
    (
        table_id,
        number,
        token,
        round_id,
        round_number,
        status,
        event_id,
        club_id,
        ruleset,
        game,
        event_status,
        substitute_counts,
        role,
    ) = row
    event = Event.from_db(  # values in the order the model declares its fields
        connection.alias,
        ["id", "club_id", "game", "ruleset", "status", "substitute_counts"],
        [event_id, club_id, game, ruleset, event_status, substitute_counts],
    )
    round_ = Round.from_db(
        connection.alias,
        ["id", "event_id", "number", "status"],
        [round_id, event_id, round_number, status],
    )
    round_.event = event
    table = Table.from_db(
        connection.alias,
        ["id", "round_id", "number", "scoring_token"],
        [table_id, round_id, number, token],
    )
    table.round = round_
    return LockedTable(table, role)


_SESSION_FIELDS = [
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
    "signed_at",
]


def table_session(table_id: int) -> Session | None:
    """The table's session (read it after taking the table's lock: a session that a
    concurrent first write committed meanwhile is then seen)."""
    row = _one(
        "SELECT id, table_id, event_id, ruleset, document, result, complete, revision, "
        "created_at, updated_at, updated_by_id, signed_at FROM games_session WHERE table_id = %s",
        [table_id],
    )
    if row is None:
        return None
    values = list(row)
    values[4], values[5] = _json(values[4]), _json(values[5])
    values[6] = bool(values[6])
    values[8], values[9] = _datetime(values[8]), _datetime(values[9])
    values[11] = _datetime(values[11])
    return Session.from_db(connection.alias, _SESSION_FIELDS, values)


def table_players(table_id: int) -> list[SeatedPlayer]:
    """The players seated at the table, by seat."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT s.position, p.id, p.name FROM tournaments_seat s "
            "JOIN clubs_player p ON p.id = s.player_id "
            "WHERE s.table_id = %s ORDER BY s.position",
            [table_id],
        )
        rows = cursor.fetchall()
    return [
        SeatedPlayer(position, Player.from_db(connection.alias, ["id", "name"], [pk, name]))
        for position, pk, name in rows
    ]


def session_update(session: Session, *, updated_at: datetime.datetime) -> None:
    """Save the session's document, result, completeness, revision and writer; a new revision
    is not signed by anyone yet."""
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE games_session SET document = %s, result = %s, complete = %s, "
            "revision = %s, updated_by_id = %s, updated_at = %s, signed_at = NULL WHERE id = %s",
            [
                json.dumps(session.document),
                json.dumps(session.result),
                session.complete,
                session.revision,
                session.updated_by_id,
                connection.ops.adapt_datetimefield_value(updated_at),
                session.pk,
            ],
        )
    session.updated_at = updated_at
    session.signed_at = None


def signatures_clear(session_id: int) -> int:
    """Delete the session's signatures (its document changed); how many there were."""
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM games_signature WHERE session_id = %s", [session_id])
        return max(cursor.rowcount, 0)


def revision_insert(
    session: Session, *, created_by_id: int | None, reason: str, at: datetime.datetime
) -> None:
    """Record the session as it now stands as its revision ``session.revision``."""
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO games_sessionrevision "
            "(session_id, number, document, result, created_by_id, created_at, reason) "
            "VALUES (%s, %s, %s, %s, %s, %s, %s)",
            [
                session.pk,
                session.revision,
                json.dumps(session.document),
                json.dumps(session.result),
                created_by_id,
                connection.ops.adapt_datetimefield_value(at),
                reason,
            ],
        )


_PARTS = Part._meta.db_table


def parts_delete_after(session_id: int, number: int) -> None:
    """Delete the session's parts after part ``number``."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"DELETE FROM {_PARTS} WHERE session_id = %s AND number > %s", [session_id, number]
        )


def parts_insert(session_id: int, parts: Sequence[GamePart]) -> None:
    if not parts:
        return
    params: list[Any] = []
    for part in parts:
        params += [
            session_id,
            part.number,
            part.kind,
            part.actor,
            part.level,
            None if part.data is None else json.dumps(part.data),
            json.dumps(part.points),
        ]
    values = ", ".join(["(%s, %s, %s, %s, %s, %s, %s)"] * len(parts))
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {_PARTS} (session_id, number, kind, actor, level, data, points) "
            f"VALUES {values}",
            params,
        )


def seat_results_save(session_id: int, rows: Sequence[SeatResultRow]) -> None:
    """Insert the session's per-seat rows, or update the ones it has (one statement)."""
    values = ", ".join(["(%s, %s, %s, %s, %s)"] * len(rows))
    params: list[Any] = []
    for row in rows:
        params += [session_id, row.position, row.player_id, row.total, row.placement]
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO games_sessionseat (session_id, position, player_id, total, placement) "
            f"VALUES {values} ON CONFLICT (session_id, position) DO UPDATE SET "
            "player_id = excluded.player_id, total = excluded.total, "
            "placement = excluded.placement",
            params,
        )


def _one(sql: str, params: Sequence[Any]) -> tuple[Any, ...] | None:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchone()


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, (str, bytes)) else value


def _datetime(value: Any) -> datetime.datetime | None:
    """A stored timestamp as an aware datetime (SQLite hands back text in UTC)."""
    if value is None or isinstance(value, datetime.datetime) and timezone.is_aware(value):
        return value
    parsed = parse_datetime(value) if isinstance(value, str) else value
    if not isinstance(parsed, datetime.datetime):
        raise ValueError(f"not a timestamp: {value!r}")
    return timezone.make_aware(parsed, datetime.UTC) if timezone.is_naive(parsed) else parsed
