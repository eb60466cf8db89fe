"""Reads of the ratings: a club's rating list (now or as of a date), a player's explained history,
the ratings before an event. (Pools whose ratings are behind: ``ranking.ratings.staleness``,
``stale_rating_pools`` importable from here too.)

Terms:

* **game**: every read is of one game's pool of a club (``RatingPool.game``); without one,
  ``rating_game`` picks Bonken, or the club's only other game with ratings.

* **rating**: the displayed rating, the ordinal on the friendly scale
  (``ranking.arithmetic.ratings.config``); lists are ranked on it, equal ratings (within
  ``SAME_RATING``) share a rank.
* **as of a date**: every player's rating right after their last session played on or
  before that date, read from the history (players who had not played yet are absent).
* **explained session**: one history row seen by its player: placement against what the
  ratings expected, the change of the rating, and the opponents with their ratings before
  (``ranking.arithmetic.ratings.explain_session``). Event, round and table are shown only to whoever
  may see the event; the numbers themselves are public, like the rating list.

Every function runs a fixed number of queries, whatever the number of players or sessions.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date

from django.contrib.auth.models import AnonymousUser, User
from django.db import connection
from django.db.models import QuerySet

from clubs.selectors import user_roles
from games.registry import DEFAULT_GAME, find_game
from ranking.arithmetic.ratings import (
    HistoryEntry,
    PlayerId,
    RatingConfig,
    SessionExplanation,
    explain_session,
)
from ranking.arithmetic.ratings.config import game_config
from ranking.ratings.config import rating_scale
from ranking.ratings.models import PlayerRating, RatingHistory, RatingPool
from ranking.ratings.order import played_at
from ranking.ratings.staleness import stale_rating_pools
from ranking.ratings.store.loading import player_history, seated_positions
from results.models import Session

Viewer = User | AnonymousUser | None
__all__ = ["stale_rating_pools"]  # kept here for its callers (ranking.ratings.staleness holds it)


@dataclass(frozen=True, slots=True)
class RatingRow:
    rank: int
    tied: bool
    player_id: int
    player_name: str
    rating: float
    mu: float
    sigma: float
    sessions_played: int
    provisional: bool
    last_played_on: date | None


@dataclass(frozen=True, slots=True)
class SessionInfo:
    """Where a session was played, for viewers who may see its event (else all None)."""

    event_id: int | None
    event_name: str | None
    round_number: int | None
    table_number: int | None


@dataclass(frozen=True, slots=True)
class ExplainedSession:
    club_id: int
    position: int
    played_on: date
    where: SessionInfo
    explanation: SessionExplanation
    opponent_names: dict[PlayerId, str]
    game: str = DEFAULT_GAME


# Ratings this close are equal: tie arithmetic leaves differences in the last bits (four
# tied players of equal rating come out 1e-14 apart), far below any displayed precision.
SAME_RATING = 1e-9


def _ranked(rows: Sequence[tuple]) -> list[RatingRow]:
    """Rows of (player, name, rating, mu, sigma, sessions, provisional, last) best first."""
    ordered = sorted(rows, key=lambda r: (-r[2], r[1], r[0]))
    ranked: list[RatingRow] = []
    for index, row in enumerate(ordered):
        shared_above = index > 0 and abs(ordered[index - 1][2] - row[2]) <= SAME_RATING
        shared_below = (
            index + 1 < len(ordered) and abs(ordered[index + 1][2] - row[2]) <= SAME_RATING
        )
        rank = ranked[-1].rank if shared_above else index + 1
        ranked.append(RatingRow(rank, shared_above or shared_below, *row))
    return ranked


_LIST_FIELDS = ("player_id", "player__name")


def _latest_per_player(rows: QuerySet[RatingHistory], fields: Sequence[str]) -> list[tuple]:
    """For every player, the values of ``fields`` from their last row in ``rows``."""
    if connection.vendor == "postgresql":
        return list(
            rows.order_by("player_id", "-position").distinct("player_id").values_list(*fields)
        )
    latest: dict[int, tuple] = {}
    for row in rows.order_by("position").values_list("player_id", *fields).iterator(2000):
        latest[row[0]] = row[1:]
    return list(latest.values())


def rating_games(club_id: int) -> list[str]:
    """The games the club has a rating pool of: Bonken first, then by code."""
    codes = RatingPool.objects.filter(club_id=club_id).values_list("game", flat=True)
    return sorted(set(codes), key=lambda code: (code != DEFAULT_GAME, code))


def rating_game(games: Sequence[str], wanted: str | None = None) -> str:
    """The game to show: ``wanted`` when given, else Bonken when among ``games``, else the
    only (or first) one of ``games``, else Bonken."""
    if wanted:
        return wanted
    if DEFAULT_GAME in games or not games:
        return DEFAULT_GAME
    return games[0]


def club_ratings(
    *,
    club_id: int,
    game: str = DEFAULT_GAME,
    as_of: date | None = None,
    provisional: bool | None = None,
) -> list[RatingRow]:
    """The club's rating list of ``game``, best first; ``provisional`` keeps only
    (non-)provisional players, and the ranks count the players listed."""
    if as_of is None:
        current = PlayerRating.objects.filter(pool__club_id=club_id, pool__game=game)
        if provisional is not None:
            current = current.filter(provisional=provisional)
        rows = list(
            current.values_list(
                *_LIST_FIELDS,
                "ordinal",
                "mu",
                "sigma",
                "sessions_played",
                "provisional",
                "last_played_on",
            )
        )
        return _ranked(rows)
    history = RatingHistory.objects.filter(
        pool__club_id=club_id, pool__game=game, played_on__lte=as_of
    )
    rows = _latest_per_player(
        history,
        (
            *_LIST_FIELDS,
            "ordinal_after",
            "mu_after",
            "sigma_after",
            "sessions_played",
            "provisional",
            "played_on",
        ),
    )
    if provisional is not None:
        rows = [row for row in rows if row[6] == provisional]
    return _ranked(rows)


def ratings_before(
    *, club_id: int, day: date, player_ids: Iterable[PlayerId], game: str = DEFAULT_GAME
) -> dict[PlayerId, float]:
    """The displayed ratings in ``game`` of these players after every session played before
    ``day``."""
    pool_id = (
        RatingPool.objects.filter(club_id=club_id, game=game).values_list("pk", flat=True).first()
    )
    if pool_id is None:
        return {}
    history = player_history(pool_id, player_ids).filter(played_on__lt=day)
    return {
        player: rating
        for player, rating in _latest_per_player(history, ("player_id", "ordinal_after"))
    }


def player_pools(player_id: int) -> list[tuple[int, str, str]]:
    """(club id, club name, game) of every pool the player has a rating in, by club name,
    Bonken first within a club."""
    rows = PlayerRating.objects.filter(player_id=player_id).values_list(
        "pool__club_id", "pool__club__name", "pool__game"
    )
    return sorted(rows, key=lambda row: (row[1], row[0], row[2] != DEFAULT_GAME, row[2]))


_HISTORY_FIELDS = (
    "pool__club_id",
    "pool__game",
    "position",
    "session_id",
    "player_id",
    "player__name",
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


def player_rating_history(
    *,
    player_id: int,
    club_id: int | None = None,
    game: str | None = None,
    viewer: Viewer = None,
) -> list[ExplainedSession]:
    """The player's rated sessions (of ``game``, default every game), explained, in play
    order (by club and game when in several pools)."""
    pools = PlayerRating.objects.filter(player_id=player_id)
    if club_id is not None:
        pools = pools.filter(pool__club_id=club_id)
    if game is not None:
        pools = pools.filter(pool__game=game)
    pool_rows = list(
        pools.values_list(
            "pool_id", "pool__club_id", "pool__game", "pool__applied_config", "pool__config"
        )
    )
    if not pool_rows:
        return []
    pool_ids = [row[0] for row in pool_rows]
    rated_with = {
        (club, game_code): _applied_config(game_code, applied, overrides)
        for _, club, game_code, applied, overrides in pool_rows
    }
    by_session: dict[tuple[int, str, int], list[tuple]] = {}
    for pool_id in pool_ids:  # every seat of the sessions the player sat at
        rows = RatingHistory.objects.filter(
            pool_id=pool_id, position__in=seated_positions(pool_id, [player_id])
        ).values_list(*_HISTORY_FIELDS)
        for row in rows:
            by_session.setdefault((row[0], row[1], row[3]), []).append(row)
    for key, seats in list(by_session.items()):
        if all(row[4] != player_id for row in seats):
            del by_session[key]  # seated there since it was rated: not theirs until replayed
    where = _session_info({sid for _, _, sid in by_session}, viewer)
    explained = []
    for (club, game_code, session_id), seats in by_session.items():
        if session_id not in where:
            # A session the viewer may not read (its event was hidden again after it was
            # rated, until the replay takes it out): not even its totals or opponents.
            continue
        entries = [_entry(row) for row in seats]
        explained.append(
            ExplainedSession(
                club_id=club,
                position=seats[0][2],
                played_on=seats[0][7],
                where=where[session_id],
                explanation=explain_session(
                    entries,
                    player_id,
                    rated_with.get((club, game_code)),
                    teams=_team_game(game_code),
                ),
                opponent_names={row[4]: row[5] for row in seats if row[4] != player_id},
                game=game_code,
            )
        )
    explained.sort(key=lambda e: (e.club_id, e.game != DEFAULT_GAME, e.game, e.position))
    return explained


def _applied_config(game: str, applied: dict | None, overrides: dict | None) -> RatingConfig | None:
    """The configuration a pool's stored ratings were computed with (None: unknown)."""
    try:
        return RatingConfig(**applied) if applied else game_config(rating_scale(game), overrides)
    except (TypeError, ValueError):
        return None  # a configuration of an older version: explained by placements alone


def _team_game(game: str) -> bool:
    rules = find_game(game)
    return rules is not None and rules.teams is not None


def _entry(row: tuple) -> HistoryEntry:
    (
        _club,
        _game,
        _position,
        session_id,
        player,
        _name,
        seat,
        day,
        total,
        place,
        actual,
        expected,
        mu_before,
        sigma_before,
        ordinal_before,
        mu_after,
        sigma_after,
        ordinal_after,
        played,
        provisional,
    ) = row
    return HistoryEntry(
        session_id,
        played_at(day),
        player,
        seat,
        total,
        place,
        actual,
        expected,
        mu_before,
        sigma_before,
        ordinal_before,
        mu_after,
        sigma_after,
        ordinal_after,
        played,
        provisional,
    )


def _session_info(session_ids: set[int], viewer: Viewer) -> dict[int, SessionInfo]:
    if not session_ids:
        return {}
    everything = viewer is not None and viewer.is_authenticated and viewer.is_superuser
    clubs = set(user_roles(viewer))
    rows = Session.objects.filter(id__in=session_ids).values_list(
        "id",
        "event_id",
        "event__name",
        "table__round__number",
        "table__number",
        "event__published",
        "event__club_id",
    )
    return {
        sid: SessionInfo(event_id, name, round_number, table_number)
        for sid, event_id, name, round_number, table_number, published, club in rows
        if everything or published or club in clubs
    }
