"""Writing rated sessions, rating history and current ratings in bulk.

On PostgreSQL rows go in with binary ``COPY ... FROM STDIN`` (psycopg 3 ``cursor.copy``),
the history streamed while the sessions are rated (a writer thread sends it, so the server
stores rows while the next sessions are rated), so a full replay never holds its whole
history in memory; elsewhere rows are collected and saved with ``bulk_create`` in batches.
Doubles are written exactly either way.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Protocol

from django.db import connection
from django.db.models import Field, Model
from psycopg.copy import QueuedLibpqWriter

from ratings.arithmetic import HistoryEntry
from ratings.arithmetic import PlayerSkill as Rating
from ratings.loading import PoolSession
from ratings.models import PlayerRating, RatedSession, RatingHistory

HISTORY_FIELDS: tuple[str, ...] = (
    "pool_id", "session_id", "position", "player_id", "seat", "played_on", "total", "place",
    "actual_placement", "expected_placement", "mu_before", "sigma_before", "ordinal_before",
    "mu_after", "sigma_after", "ordinal_after", "sessions_played", "provisional",
)
RATED_FIELDS: tuple[str, ...] = (
    "pool_id", "session_id", "revision", "order_key", "position", "played_on",
)
RATING_FIELDS: tuple[str, ...] = (
    "pool_id", "player_id", "mu", "sigma", "ordinal", "sessions_played", "provisional",
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
    sql = (f"COPY {meta.db_table} ({', '.join(f.column for f in columns)}) "
           "FROM STDIN (FORMAT BINARY)")
    with connection.cursor() as cursor, cursor.copy(
        sql, writer=QueuedLibpqWriter(cursor.cursor)
    ) as copy:
        copy.set_types([str(f.db_type(connection)).split("(")[0] for f in columns])
        yield copy


def _concrete(field: object) -> Field[Any, Any]:
    """A model field with a column (every field the writers name is one)."""
    if not isinstance(field, Field) or field.column is None:
        raise TypeError(f"{field!r} has no column")
    return field


class _CopySink:
    """Streams history rows into COPY; the rated sessions wait for their own COPY."""

    def __init__(self, pool_id: int, first_position: int, copy: Any) -> None:
        self.pool_id = pool_id
        self.position = first_position
        self.write_row = copy.write_row
        self.rated: list[tuple[object, ...]] = []

    def add(self, session: PoolSession, entries: Iterable[HistoryEntry]) -> None:
        pool_id, position, day = self.pool_id, self.position, session.played_on
        self.rated.append(
            (pool_id, session.session_id, session.revision, session.key, position, day)
        )
        self.position += 1
        write_row = self.write_row
        for e in entries:
            write_row((
                pool_id, e.session_id, position, e.player_id, e.seat, day, e.total, e.place,
                e.actual_placement, e.expected_placement, e.mu_before, e.sigma_before,
                e.ordinal_before, e.mu_after, e.sigma_after, e.ordinal_after, e.sessions_played,
                e.provisional,
            ))


class _BulkSink:
    def __init__(self, pool_id: int, first_position: int) -> None:
        self.pool_id = pool_id
        self.position = first_position
        self.history: list[RatingHistory] = []
        self.rated: list[RatedSession] = []

    def add(self, session: PoolSession, entries: Iterable[HistoryEntry]) -> None:
        pool_id, position, day = self.pool_id, self.position, session.played_on
        self.position += 1
        self.rated.append(RatedSession(
            pool_id=pool_id, session_id=session.session_id, revision=session.revision,
            order_key=session.key, position=position, played_on=day,
        ))
        for e in entries:
            self.history.append(RatingHistory(
                pool_id=pool_id, session_id=e.session_id, position=position,
                player_id=e.player_id, seat=e.seat, played_on=day, total=e.total, place=e.place,
                actual_placement=e.actual_placement, expected_placement=e.expected_placement,
                mu_before=e.mu_before, sigma_before=e.sigma_before,
                ordinal_before=e.ordinal_before, mu_after=e.mu_after, sigma_after=e.sigma_after,
                ordinal_after=e.ordinal_after, sessions_played=e.sessions_played,
                provisional=e.provisional,
            ))
        if len(self.history) >= BATCH:
            self.flush()

    def flush(self) -> None:
        RatedSession.objects.bulk_create(self.rated, batch_size=BATCH)
        RatingHistory.objects.bulk_create(self.history, batch_size=BATCH)
        self.rated, self.history = [], []


@contextmanager
def history_writer(pool_id: int, first_position: int) -> Iterator[HistorySink]:
    """A sink for rated sessions, numbered from ``first_position``; saved when the block ends.

    Nothing is saved when the block raises (and the transaction around it rolls back).
    """
    if connection.vendor == "postgresql":
        with _copy(RatingHistory, HISTORY_FIELDS) as copy:
            sink = _CopySink(pool_id, first_position, copy)
            yield sink
        with _copy(RatedSession, RATED_FIELDS) as copy:
            for row in sink.rated:
                copy.write_row(row)
        return
    bulk = _BulkSink(pool_id, first_position)
    yield bulk
    bulk.flush()


def _rating_row(pool_id: int, rating: Rating) -> tuple[object, ...]:
    last = rating.last_played_at.date() if rating.last_played_at is not None else None
    return (pool_id, rating.player_id, rating.mu, rating.sigma, rating.ordinal,
            rating.sessions_played, rating.provisional, last)


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
        update_fields=["mu", "sigma", "ordinal", "sessions_played", "provisional",
                       "last_played_on"],
    )


def _rating_model(pool_id: int, rating: Rating) -> PlayerRating:
    last = rating.last_played_at.date() if rating.last_played_at is not None else None
    return PlayerRating(
        pool_id=pool_id, player_id=rating.player_id, mu=rating.mu, sigma=rating.sigma,
        ordinal=rating.ordinal, sessions_played=rating.sessions_played,
        provisional=rating.provisional, last_played_on=last,
    )
