"""Season standings of a club over a date range, from its complete sessions.

Terms (the arithmetic is ``ranking.arithmetic.standings.season``):

* **season**: the complete sessions of the club's events dated ``start`` .. ``end``
  (inclusive, either open) that the viewer may see (published events, and a member's own
  club's unpublished ones);
* **evening**: an event; "best N evenings" sums a player's N best event totals (the pure
  code calls an evening a *round* of the season);
* **game**: a season is one game's: the sessions of the club's events of that game only
  (points of different games do not add up). Where the club plays several games the API asks
  for one (``season_game``); the page shows Bonken, or the only or first game played, and
  links to the others;
* **season parameters**: the query string both the API and the page read:
  ``start``, ``end`` (YYYY-MM-DD), ``min_sessions``, ``best``, ``rank_by`` (comma-separated
  criteria) and ``points_per_place`` (comma-separated numbers for 1st, 2nd, ... place, as
  many as the game's largest table has places).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from typing import cast

from django.contrib.auth.models import AnonymousUser, User
from django.utils.translation import gettext_lazy as _

from clubs.models import Player
from core.errors import Message, ServiceError, Text, problem
from core.parsing import whole_number
from games.registry import DEFAULT_GAME, find_game, games
from ranking.arithmetic.ratings import PlayerId
from ranking.arithmetic.standings import (
    SEASON_CRITERIA,
    SeasonCriterion,
    SeasonRow,
    SeasonRules,
    season_standings,
    seat_results,
)
from results.counted import counted_sessions
from results.models import SessionSeat
from tournaments.models.standings_rules import largest_table
from tournaments.selectors import events_visible_to

MAX_SESSIONS = 100_000


@dataclass(frozen=True, slots=True)
class SeasonLine:
    """A season row with the player's name."""

    rank: int | None
    tied: bool
    player_id: PlayerId
    player_name: str
    sessions: int
    rounds: int
    total: int
    average: float | None
    best_rounds_total: int
    placement_points: float
    table_wins: int

    @classmethod
    def of(cls, row: SeasonRow, name: str) -> SeasonLine:
        return cls(
            row.rank,
            row.tied,
            row.player_id,
            name,
            row.sessions,
            row.rounds,
            row.total,
            row.average,
            row.best_rounds_total,
            row.placement_points,
            row.table_wins,
        )


def season_games(club_id: int, viewer: User | AnonymousUser | None = None) -> list[str]:
    """The games of the club's events the viewer may see: Bonken first, then by code."""
    codes = set(
        events_visible_to(viewer).filter(club_id=club_id).values_list("game", flat=True).distinct()
    )
    return sorted(codes, key=lambda code: (code != DEFAULT_GAME, code))


def season_game(played: list[str], wanted: str | None) -> str:
    """The game of a season asked for through the API: ``wanted`` (a known game), else the
    club's only game (Bonken when it has no events yet); a club that plays several games is
    asked to choose, the games named."""
    if wanted:
        if find_game(wanted) is None:
            raise ServiceError.single(
                "unknown_game",
                Text(
                    _("Unknown game '%(game)s'; known games: %(known)s."),
                    game=wanted,
                    known=", ".join(sorted(games())),
                ),
                field="game",
            )
        return wanted
    if len(played) > 1:
        raise ServiceError.single(
            "game_required",
            Text(
                _(
                    "This club plays several games and a season is one game's: choose one with "
                    "game (%(games)s)."
                ),
                games=", ".join(played),
            ),
            field="game",
        )
    return played[0] if played else DEFAULT_GAME


def parse_season_params(params: Mapping[str, str], game: str = DEFAULT_GAME) -> SeasonRules:
    """``SeasonRules`` from query parameters for a season of ``game``; every problem at once
    as a ``ServiceError``."""
    problems = []

    def bad(field: str, message: Message, code: str = "invalid_parameter") -> None:
        problems.append(problem(code, message, field=field))

    def day(name: str) -> date | None:
        value = (params.get(name) or "").strip()
        if not value:
            return None
        try:
            return date.fromisoformat(value)
        except ValueError:
            bad(name, Text(_("'%(value)s' is not a date (YYYY-MM-DD)."), value=value))
            return None

    def whole(name: str, default: int | None, low: int) -> int | None:
        value = (params.get(name) or "").strip()
        if not value:
            return default
        number = whole_number(value)
        if number is None or not low <= number <= MAX_SESSIONS:
            bad(
                name,
                Text(
                    _("%(name)s must be a whole number from %(low)s to %(highest)s."),
                    name=name,
                    low=low,
                    highest=MAX_SESSIONS,
                ),
            )
            return default
        return number

    start, end = day("start"), day("end")
    if start and end and start > end:
        bad("end", _("The season ends before it starts."), code="season_reversed")
    min_sessions = whole("min_sessions", 0, 0) or 0
    best = whole("best", None, 1)
    rank_by = tuple(n.strip() for n in (params.get("rank_by") or "total").split(",") if n.strip())
    unknown = [n for n in rank_by if n not in SEASON_CRITERIA]
    if unknown or not rank_by or len(set(rank_by)) != len(rank_by):
        known = ", ".join(SEASON_CRITERIA)
        bad("rank_by", Text(_("rank_by takes distinct criteria from: %(known)s."), known=known))
        rank_by = ("total",)
    most = largest_table(game)
    points = _points(params.get("points_per_place"))
    if points is None or len(points) > most:
        # More numbers than this game has places is the game's rule, not the list's shape.
        bad(
            "points_per_place",
            Text(
                _(
                    "points_per_place takes 1 to %(most)s numbers (a table of this game has at "
                    "most "
                    "%(most)s places), e.g. 3,2,1,0."
                ),
                most=most,
            ),
            code="invalid_parameter" if points is None else "too_many_places",
        )
        points = (3.0, 2.0, 1.0, 0.0)
    if problems:
        raise ServiceError(problems)
    criteria = cast("tuple[SeasonCriterion, ...]", rank_by)  # each checked above
    return SeasonRules(
        start=start,
        end=end,
        rank_by=criteria,
        min_sessions=min_sessions,
        best_rounds=best,
        points_per_place=points,
    )


def _points(value: str | None) -> tuple[float, ...] | None:
    if not value or not value.strip():
        return (3.0, 2.0, 1.0, 0.0)
    try:
        points = tuple(float(part) for part in value.split(","))
    except ValueError:
        return None
    if not points or not all(math.isfinite(p) and abs(p) <= 10_000 for p in points):
        return None
    return points


def club_season_standings(
    *,
    club_id: int,
    rules: SeasonRules,
    viewer: User | AnonymousUser | None = None,
    game: str = DEFAULT_GAME,
) -> list[SeasonLine]:
    """The club's season standings of ``game`` under ``rules``, ranked players first."""
    seats = SessionSeat.objects.filter(
        counted_sessions("session__"),
        session__event__in=events_visible_to(viewer).filter(club_id=club_id, game=game),
    )
    if rules.start is not None:
        seats = seats.filter(session__event__date__gte=rules.start)
    if rules.end is not None:
        seats = seats.filter(session__event__date__lte=rules.end)
    rows = seats.order_by("session_id", "position").values_list(
        "session_id",
        "session__event_id",
        "session__event__date",
        "player_id",
        "total",
        "placement",
    )
    sessions: dict[int, tuple[int, date, list[int], list[int], list[int | None]]] = {}
    for session_id, event_id, day, player_id, total, placement in rows:
        _, _, players, totals, ranks = sessions.setdefault(session_id, (event_id, day, [], [], []))
        players.append(player_id)
        totals.append(total)
        ranks.append(placement)
    results = []
    for session_id, (event_id, day, players, totals, ranks) in sessions.items():
        results.extend(
            seat_results(
                session_id=session_id,
                round_id=event_id,
                played_on=day,
                player_ids=players,
                totals=totals,
                ranks=ranks,
            )
        )
    table = season_standings(results, rules)
    names: dict[PlayerId, str] = dict(
        Player.objects.filter(id__in=[r.player_id for r in table]).values_list("id", "name")
    )
    return [SeasonLine.of(row, names.get(row.player_id, "")) for row in table]
