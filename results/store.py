"""The SQL of the session write path: the table locked, then read with its round and event;
the table's session and seated players read; and the session, its revision, parts and per-seat
rows written.

Every game entered at every table comes through here (a club night of 50 tables sends one
every few seconds). Built through the ORM, these few statements cost five to seven times
what running them costs, and more than everything else a submission does (``bench.load``
prints the CPU per request). So they are written out here, in SQL that PostgreSQL and SQLite
both run, built once per database backend from the models' own description (``_meta``: each
table's and column's name, each field's conversion to the database), and return model
instances like the ORM would, with only the fields listed here loaded (any other field is read
from the database if touched); rows are read by column name. The tests of the session
services run every statement and count them. Everything else reads and writes through the ORM.
"""

from __future__ import annotations

import datetime
import functools
import json
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, TypeVar

from django.db import connection
from django.db.models import Field, Model
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from clubs.models import Membership, Player
from games.seam import Part as GamePart
from results.models import Part, Session, SessionRevision, SessionSeat, Signature
from tournaments.models import Event, Round, Seat, Table

M = TypeVar("M", bound=Model)


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


_TABLE = ("id", "round", "number", "scoring_token")
_ROUND = ("id", "event", "number", "status")
_EVENT = ("id", "club", "game", "ruleset", "status", "substitute_counts")
_SESSION = (
    "id",
    "table",
    "event",
    "ruleset",
    "document",
    "result",
    "complete",
    "revision",
    "created_at",
    "updated_at",
    "updated_by",
    "signed_at",
)
_SESSION_WRITE = (
    "document",
    "result",
    "complete",
    "revision",
    "updated_at",
    "updated_by",
    "signed_at",
)
_REVISION = ("session", "number", "document", "result", "created_by", "created_at", "reason")
_PART = ("session", "number", "kind", "actor", "level", "data", "points")
_SEAT = ("session", "position", "player", "total", "placement")


def table_lock(table_id: int, *, user_id: int | None) -> LockedTable | None:
    """The table, locked until the transaction ends (PostgreSQL; SQLite serialises writers
    anyway), with its round and the round's event, and the role of user ``user_id`` in the
    event's club; None if there is no such table.

    The round and the event are read after the lock is taken, in a statement of their own: a
    write that waited for the lock while the round closed (``round_close`` locks the round,
    then its tables) then sees the round closed. Read in the locking statement, PostgreSQL
    would recheck the table's row only and hand back the round as it was before the wait."""
    statements = _sql()
    if statements.table_lock_only:
        _execute(statements.table_lock_only, [table_id])
    row = _one(statements.table_lock, [user_id, table_id])
    if row is None:
        return None
    table = _columns(Table, _TABLE, "t").instance(row)
    table.round = _columns(Round, _ROUND, "r").instance(row)
    table.round.event = _columns(Event, _EVENT, "e").instance(row)
    return LockedTable(table, row["role"])


def table_session(table_id: int) -> Session | None:
    """The table's session (read it after taking the table's lock: a session that a
    concurrent first write committed meanwhile is then seen)."""
    row = _one(_sql().table_session, [table_id])
    return None if row is None else _columns(Session, _SESSION, "s").instance(row)


def table_players(table_id: int) -> list[SeatedPlayer]:
    """The players seated at the table, by seat."""
    player = _columns(Player, ("id", "name"), "p")
    return [
        SeatedPlayer(row["position"], player.instance(row))
        for row in _all(_sql().table_players, [table_id])
    ]


def session_update(session: Session, *, updated_at: datetime.datetime) -> None:
    """Save the session's document, result, completeness, revision and writer; a new revision
    is not signed by anyone yet."""
    session.updated_at = updated_at
    session.signed_at = None
    written = _columns(Session, _SESSION_WRITE)
    values = [getattr(session, name) for name in written.attnames]
    _execute(_sql().session_update, [*written.params(values), session.pk])


def signatures_clear(session_id: int) -> int:
    """Delete the session's signatures (its document changed); how many there were."""
    with connection.cursor() as cursor:
        cursor.execute(_sql().signatures_clear, [session_id])
        return max(cursor.rowcount, 0)


def revision_insert(
    session: Session, *, created_by_id: int | None, reason: str, at: datetime.datetime
) -> None:
    """Record the session as it now stands as its revision ``session.revision``."""
    row = {
        "session_id": session.pk,
        "number": session.revision,
        "document": session.document,
        "result": session.result,
        "created_by_id": created_by_id,
        "created_at": at,
        "reason": reason,
    }
    _insert(_columns(SessionRevision, _REVISION), [row])


def parts_delete_after(session_id: int, number: int) -> None:
    """Delete the session's parts after part ``number``."""
    _execute(_sql().parts_delete_after, [session_id, number])


def parts_insert(session_id: int, parts: Sequence[GamePart]) -> None:
    rows = [
        {
            "session_id": session_id,
            "number": part.number,
            "kind": part.kind,
            "actor": part.actor,
            "level": part.level,
            "data": part.data,
            "points": part.points,
        }
        for part in parts
    ]
    _insert(_columns(Part, _PART), rows)


def seat_results_save(session_id: int, rows: Sequence[SeatResultRow]) -> None:
    """Insert the session's per-seat rows, or update the ones it has (one statement)."""
    seats = [{"session_id": session_id, **row._asdict()} for row in rows]
    _insert(_columns(SessionSeat, _SEAT), seats, _sql().seat_conflict)


# --- the SQL, built from the models ----------------------------------------------------------


class _Columns:
    """Some fields of a model as a statement reads or writes them: found in the model's
    ``_meta`` by name, in the order the model declares them (the order ``Model.from_db`` reads
    values in), read from a row under ``alias.attname`` (see ``select``)."""

    def __init__(self, model: type[Model], names: tuple[str, ...], alias: str) -> None:
        wanted = set(names)
        self.model = model
        self.fields: list[Field[Any, Any]] = [
            field for field in model._meta.concrete_fields if field.name in wanted
        ]
        assert len(self.fields) == len(wanted), f"{model.__name__}: not all of {names}"
        self.alias = alias
        self.attnames = [field.attname for field in self.fields]
        self.keys = [f"{alias}.{name}" for name in self.attnames]
        self.decoders = [_DECODERS.get(field.get_internal_type()) for field in self.fields]

    def select(self) -> str:
        """The columns, each named ``alias.attname`` in the row."""
        return ", ".join(
            f"{self.alias}.{_quote(field.column)} AS {_quote(key)}"
            for field, key in zip(self.fields, self.keys, strict=True)
        )

    def names(self) -> str:
        return ", ".join(_quote(field.column) for field in self.fields)

    def instance(self, row: dict[str, Any]) -> Any:
        """The model instance a row holds, the values read as the ORM reads them (JSON,
        booleans and timestamps come back as text and numbers from SQLite)."""
        values = [row[key] for key in self.keys]
        for index, decode in enumerate(self.decoders):
            if decode is not None and values[index] is not None:
                values[index] = decode(values[index])
        return self.model.from_db(connection.alias, self.attnames, values)

    def params(self, values: Sequence[Any]) -> list[Any]:
        """``values`` (one per field) as the database takes them."""
        return [
            field.get_db_prep_save(value, connection)
            for field, value in zip(self.fields, values, strict=True)
        ]


@functools.cache
def _columns(model: type[Model], names: tuple[str, ...], alias: str = "") -> _Columns:
    return _Columns(model, names, alias)


class _Statements(NamedTuple):
    table_lock_only: str  # empty where the database serialises writers (SQLite)
    table_lock: str
    table_session: str
    table_players: str
    session_update: str
    signatures_clear: str
    parts_delete_after: str
    seat_conflict: str  # the per-seat insert's ending: update the rows a session has


def _sql() -> _Statements:
    return _statements(connection.vendor, connection.features.has_select_for_update)


@functools.cache
def _statements(vendor: str, lock: bool) -> _Statements:
    """The fixed statements, built once per database backend (``vendor``)."""
    table, round_, event = (
        _columns(Table, _TABLE, "t"),
        _columns(Round, _ROUND, "r"),
        _columns(Event, _EVENT, "e"),
    )
    role = (
        f"(SELECT m.{_column(Membership, 'role')} FROM {_table(Membership)} m "
        f"JOIN {_table(Player)} p ON p.{_column(Player, 'id')} = m.{_column(Membership, 'player')} "
        f"WHERE m.{_column(Membership, 'club')} = e.{_column(Event, 'club')} "
        f"AND p.{_column(Player, 'user')} = %s) AS {_quote('role')}"
    )
    written = _columns(Session, _SESSION_WRITE)
    position = f"s.{_column(Seat, 'position')}"
    key = ", ".join(_column(SessionSeat, name) for name in ("session", "position"))
    changed = (_column(SessionSeat, name) for name in ("player", "total", "placement"))
    return _Statements(
        table_lock_only=f"SELECT {_column(Table, 'id')} FROM {_table(Table)} "
        f"WHERE {_column(Table, 'id')} = %s FOR UPDATE"
        if lock
        else "",
        table_lock=f"SELECT {table.select()}, {round_.select()}, {event.select()}, {role} "
        f"FROM {_table(Table)} t "
        f"JOIN {_table(Round)} r ON r.{_column(Round, 'id')} = t.{_column(Table, 'round')} "
        f"JOIN {_table(Event)} e ON e.{_column(Event, 'id')} = r.{_column(Round, 'event')} "
        f"WHERE t.{_column(Table, 'id')} = %s",
        table_session=f"SELECT {_columns(Session, _SESSION, 's').select()} "
        f"FROM {_table(Session)} s WHERE s.{_column(Session, 'table')} = %s",
        table_players=f"SELECT {position} AS {_quote('position')}, "
        f"{_columns(Player, ('id', 'name'), 'p').select()} FROM {_table(Seat)} s "
        f"JOIN {_table(Player)} p ON p.{_column(Player, 'id')} = s.{_column(Seat, 'player')} "
        f"WHERE s.{_column(Seat, 'table')} = %s ORDER BY {position}",
        session_update=f"UPDATE {_table(Session)} SET "
        + ", ".join(f"{_quote(field.column)} = %s" for field in written.fields)
        + f" WHERE {_column(Session, 'id')} = %s",
        signatures_clear=f"DELETE FROM {_table(Signature)} "
        f"WHERE {_column(Signature, 'session')} = %s",
        parts_delete_after=f"DELETE FROM {_table(Part)} "
        f"WHERE {_column(Part, 'session')} = %s AND {_column(Part, 'number')} > %s",
        seat_conflict=f" ON CONFLICT ({key}) DO UPDATE SET "
        + ", ".join(f"{column} = excluded.{column}" for column in changed),
    )


def _quote(name: str) -> str:
    return str(connection.ops.quote_name(name))


def _table(model: type[Model]) -> str:
    """The model's table, quoted."""
    return _quote(model._meta.db_table)


def _column(model: type[Model], name: str) -> str:
    """The column of the model's field ``name`` (a foreign key's too), quoted."""
    field = model._meta.get_field(name)
    assert isinstance(field, Field) and field.column is not None
    return _quote(field.column)


def _insert(columns: _Columns, rows: Sequence[dict[str, Any]], tail: str = "") -> None:
    """Insert ``rows`` (values by the fields' attnames) in one statement; nothing for none."""
    if not rows:
        return
    params = [value for row in rows for value in columns.params([row[n] for n in columns.attnames])]
    one = "(" + ", ".join(["%s"] * len(columns.fields)) + ")"
    _execute(
        f"INSERT INTO {_table(columns.model)} ({columns.names()}) "
        f"VALUES {', '.join([one] * len(rows))}{tail}",
        params,
    )


def _execute(sql: str, params: Sequence[Any]) -> None:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


def _one(sql: str, params: Sequence[Any]) -> dict[str, Any] | None:
    """The first row, by column name; None if there is none."""
    rows = _all(sql, params)
    return rows[0] if rows else None


def _all(sql: str, params: Sequence[Any]) -> list[dict[str, Any]]:
    """The rows, each by column name."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        names = [column[0] for column in cursor.description]
        return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, (str, bytes)) else value


def _datetime(value: Any) -> datetime.datetime:
    """A stored timestamp as an aware datetime (SQLite hands back text in UTC)."""
    if isinstance(value, datetime.datetime) and timezone.is_aware(value):
        return value
    parsed = parse_datetime(value) if isinstance(value, str) else value
    if not isinstance(parsed, datetime.datetime):
        raise ValueError(f"not a timestamp: {value!r}")
    return timezone.make_aware(parsed, datetime.UTC) if timezone.is_naive(parsed) else parsed


# How a value comes back from the database, by the field's type (None: as it is).
_DECODERS: dict[str, Callable[[Any], Any]] = {
    "JSONField": _json,
    "BooleanField": bool,
    "DateTimeField": _datetime,
}
