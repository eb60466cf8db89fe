"""Season standings of a club over a date range, from its complete sessions.

Terms (the arithmetic is ``standings.arithmetic.season``):

* **season**: the complete sessions of the club's events dated ``start`` .. ``end``
  (inclusive, either open) that the viewer may see (published events, and a member's own
  club's unpublished ones);
* **evening**: an event; "best N evenings" sums a player's N best event totals (the pure
  code calls an evening a *round* of the season);
* **season parameters**: the query string both the API and the page read:
  ``start``, ``end`` (YYYY-MM-DD), ``min_sessions``, ``best``, ``rank_by`` (comma-separated
  criteria) and ``points_per_place`` (comma-separated numbers for 1st..4th place).
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
from games.models import SessionSeat
from ratings.arithmetic import PlayerId
from standings.arithmetic import (
    SEASON_CRITERIA,
    SeasonCriterion,
    SeasonRow,
    SeasonRules,
    season_standings,
    seat_results,
)
from tournaments.counted import counted_sessions
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
        return cls(row.rank, row.tied, row.player_id, name, row.sessions, row.rounds, row.total,
                   row.average, row.best_rounds_total, row.placement_points, row.table_wins)


def parse_season_params(params: Mapping[str, str]) -> SeasonRules:
    """``SeasonRules`` from query parameters; every problem at once as a ``ServiceError``."""
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
            bad(name,
                Text(
                    _("%(name)s must be a whole number from %(low)s to %(highest)s."),
                    name=name, low=low, highest=MAX_SESSIONS,
                ))
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
    points = _points(params.get("points_per_place"))
    if points is None:
        bad("points_per_place", _("points_per_place takes 1 to 4 numbers, e.g. 3,2,1,0."))
        points = (3.0, 2.0, 1.0, 0.0)
    if problems:
        raise ServiceError(problems)
    criteria = cast("tuple[SeasonCriterion, ...]", rank_by)  # each checked above
    return SeasonRules(start=start, end=end, rank_by=criteria, min_sessions=min_sessions,
                       best_rounds=best, points_per_place=points)


def _points(value: str | None) -> tuple[float, ...] | None:
    if not value or not value.strip():
        return (3.0, 2.0, 1.0, 0.0)
    try:
        points = tuple(float(part) for part in value.split(","))
    except ValueError:
        return None
    if not 1 <= len(points) <= 4 or not all(math.isfinite(p) and abs(p) <= 10_000
                                            for p in points):
        return None
    return points


def club_season_standings(
    *, club_id: int, rules: SeasonRules, viewer: User | AnonymousUser | None = None
) -> list[SeasonLine]:
    """The club's season standings under ``rules``, ranked players first."""
    seats = SessionSeat.objects.filter(
        counted_sessions("session__"),
        session__event__in=events_visible_to(viewer).filter(club_id=club_id),
    )
    if rules.start is not None:
        seats = seats.filter(session__event__date__gte=rules.start)
    if rules.end is not None:
        seats = seats.filter(session__event__date__lte=rules.end)
    rows = seats.order_by("session_id", "position").values_list(
        "session_id", "session__event_id", "session__event__date", "player_id", "total"
    )
    sessions: dict[int, tuple[int, date, list[int], list[int]]] = {}
    for session_id, event_id, day, player_id, total in rows:
        _, _, players, totals = sessions.setdefault(session_id, (event_id, day, [], []))
        players.append(player_id)
        totals.append(total)
    results = []
    for session_id, (event_id, day, players, totals) in sessions.items():
        results.extend(seat_results(session_id=session_id, round_id=event_id, played_on=day,
                                    player_ids=players, totals=totals))
    table = season_standings(results, rules)
    names: dict[PlayerId, str] = dict(Player.objects.filter(id__in=[r.player_id for r in table])
                                      .values_list("id", "name"))
    return [SeasonLine.of(row, names.get(row.player_id, "")) for row in table]
