"""Writing rated sessions, rating history and current ratings in bulk.

On PostgreSQL rows go in with binary ``COPY ... FROM STDIN`` (psycopg 3 ``cursor.copy``),
the history streamed while the sessions are rated (a writer thread sends it, so the server
stores rows while the next sessions are rated), so a full replay never holds its whole
history in memory; elsewhere rows are collected and saved with ``bulk_create`` in batches.
Doubles are written exactly either way.

The history rows, a row per seat of every session, are packed into PostgreSQL's binary COPY
format here, one ``struct`` call per row (the format: a signature, then per row the number
of fields and each field's byte length and value in network byte order, then a trailer);
handing psycopg the values one by one cost more than rating the sessions.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import date
from typing import Any, Protocol

from django.db import connection
from django.db.models import Field, Model
from psycopg.copy import QueuedLibpqWriter

from ranking.arithmetic.ratings import HistoryEntry
from ranking.arithmetic.ratings import PlayerSkill as Rating
from ranking.ratings.models import PlayerRating, RatedSession, RatingHistory
from ranking.ratings.store.loading import PoolSession

HISTORY_FIELDS: tuple[str, ...] = (
    "pool_id",
    "session_id",
    "position",
    "player_id",
    "seat",
    "played_on",
    "total",
    "place",
    "actual_placement",
    "expected_placement",
    "mu_before",
    "sigma_before",
    "ordinal_before",
    "mu_after",
    "sigma_after",
    "ordinal_after",
    "sessions_played",
    "provisional",
)
RATED_FIELDS: tuple[str, ...] = (
    "pool_id",
    "session_id",
    "revision",
    "order_key",
    "position",
    "played_on",
)
RATING_FIELDS: tuple[str, ...] = (
    "pool_id",
    "player_id",
    "mu",
    "sigma",
    "ordinal",
    "sessions_played",
    "provisional",
    "last_played_on",
)
BATCH = 2_000


class HistorySink(Protocol):
    def add(self, session: PoolSession, entries: Iterable[HistoryEntry]) -> None: ...


@contextmanager
def _copy(model: type[Model], fields: Sequence[str]) -> Iterator[Any]:
    """A binary COPY into ``model``'s table; rows are tuples in the order of ``fields``."""
    meta = model._meta
    columns = [_concrete(meta.get_field(name)) for name in fields]
    sql = (
        f"COPY {meta.db_table} ({', '.join(f.column for f in columns)}) FROM STDIN (FORMAT BINARY)"
    )
    types = [str(f.db_type(connection)).split("(")[0] for f in columns]
    if model is RatingHistory and tuple(types) != HISTORY_TYPES:
        raise TypeError(
            f"the history's columns are {types}, its rows are packed as {HISTORY_TYPES}"
        )
    with (
        connection.cursor() as cursor,
        cursor.copy(sql, writer=QueuedLibpqWriter(cursor.cursor)) as copy,
    ):
        copy.set_types(types)
        yield copy


def _concrete(field: object) -> Field[Any, Any]:
    """A model field with a column (every field the writers name is one)."""
    if not isinstance(field, Field) or field.column is None:
        raise TypeError(f"{field!r} has no column")
    return field


# The column types of HISTORY_FIELDS, in order, and the row they pack into: a date is the
# number of days since 2000-01-01, a boolean one byte.
HISTORY_TYPES: tuple[str, ...] = (
    "bigint",
    "bigint",
    "integer",
    "bigint",
    "smallint",
    "date",
    "integer",
    "smallint",
    *("double precision",) * 8,
    "integer",
    "boolean",
)
_CODES = {
    "bigint": "q",
    "integer": "i",
    "smallint": "h",
    "date": "i",
    "double precision": "d",
    "boolean": "?",
}
_HISTORY_ROW = struct.Struct("!h" + "".join("i" + _CODES[name] for name in HISTORY_TYPES))
_SIGNATURE = b"PGCOPY\n\xff\r\n\x00" + bytes(8)  # no flags, no header extension
_TRAILER = b"\xff\xff"
_PG_EPOCH = date(2000, 1, 1).toordinal()
_CHUNK = 1 << 18


class _CopySink:
    """Streams history rows into a binary COPY, packed here; the rated sessions wait for
    their own COPY."""

    def __init__(self, pool_id: int, first_position: int, copy: Any) -> None:
        self.pool_id = pool_id
        self.position = first_position
        self.copy = copy
        self.chunk = bytearray(_SIGNATURE)
        self.rated: list[tuple[object, ...]] = []

    def add(self, session: PoolSession, entries: Iterable[HistoryEntry]) -> None:
        pool_id, position, day = self.pool_id, self.position, session.played_on
        self.rated.append(
            (pool_id, session.session_id, session.revision, session.key, position, day)
        )
        self.position += 1
        days = day.toordinal() - _PG_EPOCH
        chunk, pack = self.chunk, _HISTORY_ROW.pack
        for e in entries:  # the order and sizes of HISTORY_FIELDS and HISTORY_TYPES
            chunk += pack(
                18,
                8,
                pool_id,
                8,
                e.session_id,
                4,
                position,
                8,
                e.player_id,
                2,
                e.seat,
                4,
                days,
                4,
                e.total,
                2,
                e.place,
                8,
                e.actual_placement,
                8,
                e.expected_placement,
                8,
                e.mu_before,
                8,
                e.sigma_before,
                8,
                e.ordinal_before,
                8,
                e.mu_after,
                8,
                e.sigma_after,
                8,
                e.ordinal_after,
                4,
                e.sessions_played,
                1,
                e.provisional,
            )
        if len(chunk) >= _CHUNK:
            self.copy.write(chunk)
            self.chunk = bytearray()

    def finish(self) -> None:
        self.chunk += _TRAILER
        self.copy.write(self.chunk)
        self.chunk = bytearray()


class _BulkSink:
    def __init__(self, pool_id: int, first_position: int) -> None:
        self.pool_id = pool_id
        self.position = first_position
        self.history: list[RatingHistory] = []
        self.rated: list[tuple[object, ...]] = []

    def add(self, session: PoolSession, entries: Iterable[HistoryEntry]) -> None:
        pool_id, position, day = self.pool_id, self.position, session.played_on
        self.position += 1
        self.rated.append(
            (pool_id, session.session_id, session.revision, session.key, position, day)
        )
        for e in entries:
            self.history.append(
                RatingHistory(
                    pool_id=pool_id,
                    session_id=e.session_id,
                    position=position,
                    player_id=e.player_id,
                    seat=e.seat,
                    played_on=day,
                    total=e.total,
                    place=e.place,
                    actual_placement=e.actual_placement,
                    expected_placement=e.expected_placement,
                    mu_before=e.mu_before,
                    sigma_before=e.sigma_before,
                    ordinal_before=e.ordinal_before,
                    mu_after=e.mu_after,
                    sigma_after=e.sigma_after,
                    ordinal_after=e.ordinal_after,
                    sessions_played=e.sessions_played,
                    provisional=e.provisional,
                )
            )
        if len(self.history) >= BATCH:
            self.flush()

    def flush(self) -> None:
        RatingHistory.objects.bulk_create(self.history, batch_size=BATCH)
        self.history = []


@contextmanager
def history_writer(pool_id: int, first_position: int) -> Iterator[HistorySink]:
    """A sink for rated sessions, numbered from ``first_position``; saved when the block ends.

    The history from ``first_position`` on must have been deleted before; the pool's rated
    sessions from there on become those added (``rated_sessions_sync``).
    Nothing is saved when the block raises (and the transaction around it rolls back).
    """
    sink: _CopySink | _BulkSink
    if connection.vendor == "postgresql":
        with _copy(RatingHistory, HISTORY_FIELDS) as copy:
            sink = _CopySink(pool_id, first_position, copy)
            yield sink
            sink.finish()
    else:
        sink = _BulkSink(pool_id, first_position)
        yield sink
        sink.flush()
    rated_sessions_sync(pool_id, first_position, sink.rated)


def rated_sessions_sync(
    pool_id: int, first_position: int, rows: Sequence[tuple[object, ...]]
) -> None:
    """Make the pool's rated sessions from ``first_position`` on exactly ``rows`` (tuples in
    the order of ``RATED_FIELDS``): a row stored as it is stays, the others are deleted or
    added.

    Which sessions a pool rated where does not depend on the ratings, so a rebuild (after a
    change of the configuration, say) leaves them all as they are; a replay after a session
    came in between moves the later ones.
    """
    stored = {
        tuple(values): pk
        for pk, *values in RatedSession.objects.filter(
            pool_id=pool_id, position__gte=first_position
        )
        .values_list("pk", *RATED_FIELDS[1:])
        .iterator(BATCH)
    }
    wanted = {tuple(row[1:]) for row in rows}
    stale = [pk for values, pk in stored.items() if values not in wanted]
    for start in range(0, len(stale), BATCH):
        RatedSession.objects.filter(pk__in=stale[start : start + BATCH]).delete()
    new = [row for row in rows if tuple(row[1:]) not in stored]
    if connection.vendor == "postgresql":
        with _copy(RatedSession, RATED_FIELDS) as copy:
            for row in new:
                copy.write_row(row)
        return
    RatedSession.objects.bulk_create(
        (RatedSession(**dict(zip(RATED_FIELDS, row, strict=True))) for row in new),
        batch_size=BATCH,
    )


def _rating_row(pool_id: int, rating: Rating) -> tuple[object, ...]:
    last = rating.last_played_at.date() if rating.last_played_at is not None else None
    return (
        pool_id,
        rating.player_id,
        rating.mu,
        rating.sigma,
        rating.ordinal,
        rating.sessions_played,
        rating.provisional,
        last,
    )


def ratings_insert(pool_id: int, ratings: Iterable[Rating]) -> None:
    """Insert current ratings for players who have none in the pool (after a clear)."""
    if connection.vendor == "postgresql":
        with _copy(PlayerRating, RATING_FIELDS) as copy:
            for rating in ratings:
                copy.write_row(_rating_row(pool_id, rating))
        return
    PlayerRating.objects.bulk_create(
        (_rating_model(pool_id, rating) for rating in ratings), batch_size=BATCH
    )


def ratings_upsert(pool_id: int, ratings: Iterable[Rating]) -> None:
    """Insert or overwrite the current ratings of these players."""
    PlayerRating.objects.bulk_create(
        [_rating_model(pool_id, rating) for rating in ratings],
        batch_size=BATCH,
        update_conflicts=True,
        unique_fields=["pool", "player"],
        update_fields=[
            "mu",
            "sigma",
            "ordinal",
            "sessions_played",
            "provisional",
            "last_played_on",
        ],
    )


def _rating_model(pool_id: int, rating: Rating) -> PlayerRating:
    last = rating.last_played_at.date() if rating.last_played_at is not None else None
    return PlayerRating(
        pool_id=pool_id,
        player_id=rating.player_id,
        mu=rating.mu,
        sigma=rating.sigma,
        ordinal=rating.ordinal,
        sessions_played=rating.sessions_played,
        provisional=rating.provisional,
        last_played_on=last,
    )
