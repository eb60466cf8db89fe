"""Reading what the rating services need, in as few and as lean queries as possible.

Terms:

* **pool session**: a rated session (complete, of a published event of the pool's game) of
  the pool's club as it is now: id, revision, order key and date (``ranking.ratings.order``).
* **applied session**: a session the pool has rated (a ``RatedSession`` row): the order key
  and revision it had then, and its position in the pool's play order.
* **state before a position**: every player's rating right after their last rated session
  before that position, which is what a replay from there starts from.

Seats are read with one plain SQL query (no model instances): a full replay reads a row per
seat, and the rows are only ever turned into ``ScoredSession`` values. A session is ranked by
its seats' stored placements (the game's own ranking: Bonko's roll-off decides between equal
scores), by totals where a row has none; a team game's sessions also carry their teams, from
the stored outcome.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import date
from typing import Any, NamedTuple

from django.db import connection
from django.db.models import Min, QuerySet

from games.registry import find_game
from ranking.arithmetic.ratings import PlayerId, RatingState, ScoredSession
from ranking.arithmetic.ratings import PlayerSkill as Rating
from ranking.ratings.models import PlayerRating, RatedSession, RatingHistory
from ranking.ratings.order import key_date, order_key, played_at
from results.counted import counted_sessions
from results.models import Session, SessionSeat
from tournaments.models import Event, Round, Table
from tournaments.models.counted import PARTIAL, SIGNED

logger = logging.getLogger(__name__)


class PoolSession(NamedTuple):
    """A tuple, not a frozen dataclass: a full replay makes one per session, and a frozen
    dataclass's ``__init__`` is several times slower."""

    session_id: int
    revision: int
    key: str
    played_on: date


@dataclass(frozen=True, slots=True)
class AppliedSession:
    key: str
    revision: int
    position: int


def _as_date(value: date | str) -> date:
    return value if isinstance(value, date) else date.fromisoformat(value)


def complete_sessions(club_id: int, game: str) -> dict[int, PoolSession]:
    """Every rated session of the club's events of ``game`` now, by session id."""
    rows = (
        rated_sessions()
        .filter(event__club_id=club_id, event__game=game)
        .values_list(
            "id", "revision", "event__date", "event_id", "table__round__number", "table__number"
        )
    )
    return {
        sid: PoolSession(sid, revision, order_key(day, event_id, round_no, table_no, sid), day)
        for sid, revision, day, event_id, round_no, table_no in rows
    }


def rated_sessions() -> QuerySet[Session]:
    """The sessions the ratings count: the sessions that count (``results.counted``) of
    published events. Ratings are
    public, so they never carry a result its event page would not show to everyone: an
    event's results enter the ratings when it is published, and leave them if it is hidden
    again."""
    return Session.objects.filter(counted_sessions(), event__published=True)


def applied_sessions(pool_id: int) -> dict[int, AppliedSession]:
    """Every session the pool has rated, with the key, revision and position then."""
    rows = RatedSession.objects.filter(pool_id=pool_id).values_list(
        "session_id", "order_key", "revision", "position"
    )
    return {sid: AppliedSession(key, revision, pos) for sid, key, revision, pos in rows}


# The pool's sessions that count (``results.counted``): complete (and signed, where the
# event counts only signed tables), or counted as played so far; of published events.
_FROM_WHERE = """
FROM {session} s
JOIN {event} e ON e.id = s.event_id
JOIN {table} t ON t.id = s.table_id
JOIN {round} r ON r.id = t.round_id
JOIN {seat} ss ON ss.session_id = s.id
WHERE e.club_id = %s AND e.game = %s
  AND ((s.complete = %s AND (e.standings_count <> %s OR s.signed_at IS NOT NULL))
       OR t.unfinished = %s)
  AND e.published = %s AND e.date >= %s
"""

_SEATS_SQL = (
    """
SELECT s.id, s.revision, e.date, e.id, r.number, t.number, ss.player_id, ss.total,
       ss.placement"""
    + _FROM_WHERE
    + """
ORDER BY e.date, e.id, r.number, t.number, s.id, ss.position
"""
)

# PostgreSQL: one row per session, the seats gathered into arrays by the server.
_SESSIONS_SQL = (
    """
SELECT s.id, s.revision, e.date, e.id, r.number, t.number,
       array_agg(ss.player_id ORDER BY ss.position), array_agg(ss.total ORDER BY ss.position),
       array_agg(ss.placement ORDER BY ss.position)"""
    + _FROM_WHERE
    + """
GROUP BY s.id, e.id, r.number, t.number
ORDER BY e.date, e.id, r.number, t.number, s.id
"""
)


def _tables(sql: str) -> str:
    return sql.format(
        session=Session._meta.db_table,
        event=Event._meta.db_table,
        table=Table._meta.db_table,
        round=Round._meta.db_table,
        seat=SessionSeat._meta.db_table,
    )


def _grouped(rows: Iterable[tuple]) -> Iterator[tuple]:
    """Seat rows (in play order, seat by seat) gathered into one row per session."""
    head: tuple | None = None
    players: list[int] = []
    totals: list[int] = []
    places: list[int | None] = []
    for sid, revision, day, event_id, round_no, table_no, player, total, place in rows:
        if head is None or sid != head[0]:
            if head is not None:
                yield (*head, players, totals, places)
            head = (sid, revision, day, event_id, round_no, table_no)
            players, totals, places = [], [], []
        players.append(player)
        totals.append(total)
        places.append(place)
    if head is not None:
        yield (*head, players, totals, places)


def rank_places(totals: Iterable[int], places: Iterable[int | None]) -> tuple[int, ...]:
    """The seats' stored placements, or competition places from the totals when any seat
    has none (rows stored before placements were)."""
    stored = tuple(places)
    if all(place is not None for place in stored):
        return stored  # type: ignore[return-value]
    values = list(totals)
    return tuple(1 + sum(1 for other in values if other > total) for total in values)


def session_teams(session_ids: Iterable[int]) -> dict[int, tuple[tuple[int, ...], ...]]:
    """The seats of each team of these sessions of a team game, as their stored outcome
    names them (``Outcome.teams()``, saved as the result's ``teams``)."""
    teams: dict[int, tuple[tuple[int, ...], ...]] = {}
    rows = Session.objects.filter(id__in=list(session_ids)).values_list("id", "result")
    for sid, result in rows.iterator(2000):
        named = result.get("teams") if isinstance(result, dict) else None
        if isinstance(named, list) and all(isinstance(team, list) for team in named):
            teams[sid] = tuple(tuple(int(seat) for seat in team) for team in named)
    return teams


def session_results(
    club_id: int, game: str, *, from_key: str = ""
) -> list[tuple[PoolSession, ScoredSession]]:
    """The club's complete sessions of ``game`` with order key >= ``from_key``, in play order.

    A session that cannot be rated (fewer than two seats, a player on two seats, a team game
    without its teams) is left out with a warning; the service that saves sessions does not
    let one through.
    """
    since = key_date(from_key) if from_key else date.min
    postgres = connection.vendor == "postgresql"
    with connection.cursor() as cursor:
        if postgres and connection.in_atomic_block:
            # A pool's sessions sorted in memory rather than on disk (for this transaction).
            cursor.execute("SET LOCAL work_mem = '64MB'")
        cursor.execute(
            _tables(_SESSIONS_SQL if postgres else _SEATS_SQL),
            [club_id, game, True, SIGNED, PARTIAL, True, since],
        )  # tournaments.models.counted
        rows = cursor.fetchall() if postgres else list(_grouped(cursor.fetchall()))
    rules = find_game(game)
    team_game = rules is not None and rules.teams is not None
    teams = session_teams(row[0] for row in rows) if team_game else {}
    results: list[tuple[PoolSession, ScoredSession]] = []
    append = results.append
    for sid, revision, day, event_id, round_no, table_no, players, totals, places in rows:
        if not postgres:
            day = _as_date(day)
        key = order_key(day, event_id, round_no, table_no, sid)
        if key < from_key:
            continue
        if team_game and sid not in teams:
            logger.warning("session %s cannot be rated: no teams in its result", sid)
            continue
        try:  # fewer than two seats or a player on two seats is a ValueError too
            result = ScoredSession(
                sid,
                played_at(day),
                tuple(players),
                tuple(totals),
                tuple(places) if None not in places else rank_places(totals, places),
                teams.get(sid),
            )
        except ValueError as error:
            logger.warning("session %s cannot be rated: %s", sid, error)
            continue
        append((PoolSession(sid, revision, key, day), result))
    return results


Seats = list[tuple[int, int, int]]


def seats_of(session_ids: Iterable[int]) -> dict[int, Seats]:
    """(player, total, place) by seat position of the given sessions."""
    rows: dict[int, list[tuple[int, int, int | None]]] = {}
    for sid, player, total, place in (
        SessionSeat.objects.filter(session_id__in=list(session_ids))
        .order_by("session_id", "position")
        .values_list("session_id", "player_id", "total", "placement")
    ):
        rows.setdefault(sid, []).append((player, total, place))
    seats: dict[int, Seats] = {}
    for sid, seat_rows in rows.items():
        places = rank_places((row[1] for row in seat_rows), (row[2] for row in seat_rows))
        seats[sid] = [
            (player, total, place)
            for (player, total, _), place in zip(seat_rows, places, strict=True)
        ]
    return seats


def rated_seats_of(pool_id: int, session_ids: Iterable[int]) -> dict[int, Seats]:
    """(player, total, place) by seat as the pool rated the given sessions."""
    seats: dict[int, Seats] = {}
    positions = RatedSession.objects.filter(
        pool_id=pool_id, session_id__in=list(session_ids)
    ).values("position")
    rows = (
        RatingHistory.objects.filter(pool_id=pool_id, position__in=positions)
        .order_by("position", "seat")
        .values_list("session_id", "player_id", "total", "place")
    )
    for sid, player, total, place in rows:
        seats.setdefault(sid, []).append((player, total, place))
    return seats


def seated_positions(pool_id: int, player_ids: Iterable[PlayerId]) -> QuerySet[RatedSession, Any]:
    """The positions in the pool of the rated sessions at which any of these players sat now
    (a subquery: through the sessions' seats, as the history has no index by player)."""
    sessions = SessionSeat.objects.filter(player_id__in=list(player_ids)).values("session_id")
    return RatedSession.objects.filter(pool_id=pool_id, session_id__in=sessions).values("position")


def player_history(pool_id: int, player_ids: Iterable[PlayerId]) -> QuerySet[RatingHistory]:
    """These players' rows of the pool's history.

    The rows are those of the players' rated sessions, found through the sessions' seats; a
    seat changed since the session was rated leaves the row out until the replay that the
    change queues has rated the session again.
    """
    players = list(player_ids)
    return RatingHistory.objects.filter(
        pool_id=pool_id, player_id__in=players, position__in=seated_positions(pool_id, players)
    )


_STATE_FIELDS = (
    "player_id",
    "mu_after",
    "sigma_after",
    "ordinal_after",
    "sessions_played",
    "provisional",
    "played_on",
)


def state_before(
    pool_id: int, position: int, before: dict[PlayerId, int] | None = None
) -> RatingState:
    """The pool's rating state right before the session at ``position``; read it before the
    history from ``position`` on is deleted.

    Equal to ``state_from_history`` over all earlier rows: only each player's latest row,
    the number of sessions and the last session matter. A player without rows from
    ``position`` on has their latest row as their current rating. The others' latest earlier
    rows are read going back from ``position`` in growing steps, until every one who had
    played before is found: the players of a late session mostly played shortly before it.
    ``before`` is ``sessions_before`` when the caller has read it already.
    """
    if before is None:
        before = sessions_before(pool_id, position)
    state = RatingState()
    state.players.update(
        (player, rating)
        for player, rating in current_ratings(pool_id, None).items()
        if player not in before
    )
    wanted = {player for player, count in before.items() if count}
    high, step = position, _STEP
    while wanted and high > 1:
        low = max(1, high - step)
        rows = (
            RatingHistory.objects.filter(pool_id=pool_id, position__gte=low, position__lt=high)
            .order_by("-position")
            .values_list(*_STATE_FIELDS)
        )
        for player, mu, sigma, ordinal, played, provisional, day in rows.iterator(2000):
            if player in wanted:  # going back: a player's first row seen is their latest
                wanted.discard(player)
                state.players[player] = Rating(
                    player, mu, sigma, ordinal, played, provisional, played_at(day)
                )
        high, step = low, 2 * step
    last = (
        RatedSession.objects.filter(pool_id=pool_id, position__lt=position)
        .order_by("-position")
        .values_list("position", "played_on", "session_id")
        .first()
    )
    if last is not None:
        state.sessions_applied = last[0]  # positions count the rated sessions from 1
        state.last_played_at = played_at(last[1])
        state.last_session_id = last[2]
    return state


_STEP = 500  # sessions read back at first by ``state_before``; doubled each time


def sessions_before(pool_id: int, position: int) -> dict[PlayerId, int]:
    """For every player with rows from ``position`` on (the players a replay from there
    touches): how many sessions they had played before it (their first such row's count,
    less that session)."""
    firsts = (
        RatingHistory.objects.filter(pool_id=pool_id, position__gte=position)
        .values("player_id")
        .annotate(first=Min("sessions_played"))
        .values_list("player_id", "first")
    )
    return {player: first - 1 for player, first in firsts}


def current_ratings(pool_id: int, player_ids: Iterable[PlayerId] | None) -> dict[PlayerId, Rating]:
    """The stored current ratings of these players (None: of every player; players without
    one are left out)."""
    rows = PlayerRating.objects.filter(pool_id=pool_id)
    if player_ids is not None:
        rows = rows.filter(player_id__in=list(player_ids))
    return {
        row.player_id: Rating(
            row.player_id,
            row.mu,
            row.sigma,
            row.ordinal,
            row.sessions_played,
            row.provisional,
            played_at(row.last_played_on) if row.last_played_on else None,
        )
        for row in rows
    }
