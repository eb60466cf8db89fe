"""Season standings of a club over a date range.

Terms:

* **season**: the seat results played on ``start`` .. ``end`` (inclusive; either may be open).
* **total**: the sum of a player's session totals.
* **average**: total divided by sessions played.
* **best rounds**: the sum of a player's best ``best_rounds`` round totals (their best N
  evenings); with fewer rounds played, all of them count.
* **placement points**: the sum of a player's placement points (see ``records``).
* **table wins**: sessions in which the player had the first place (a shared first place
  counts as a win; the place is the game's, see ``records``).
* **game**: the results of one game: points of different games do not add up (the caller
  passes one game's results).
* **ranked**: a player with at least ``min_sessions`` sessions. Players below the minimum are
  listed after the ranked players, ordered the same way, without a rank.

``rank_by`` names the criteria in order: the first decides, the next break ties. Players
equal on all of them share a rank.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from typing import Literal

from ranking.arithmetic.ratings.records import PlayerId
from ranking.arithmetic.standings.ranking import rank, stable_player_order
from ranking.arithmetic.standings.records import RoundId, SeatResult, placement_points

SeasonCriterion = Literal["total", "average", "best_rounds", "placement_points", "table_wins"]
SEASON_CRITERIA: tuple[SeasonCriterion, ...] = (
    "total",
    "average",
    "best_rounds",
    "placement_points",
    "table_wins",
)


@dataclass(frozen=True, slots=True)
class SeasonRules:
    start: date | None = None
    end: date | None = None
    rank_by: tuple[SeasonCriterion, ...] = ("total",)
    min_sessions: int = 0
    best_rounds: int | None = None
    points_per_place: tuple[float, ...] = (3.0, 2.0, 1.0, 0.0)

    def __post_init__(self) -> None:
        if not self.rank_by:
            raise ValueError("rank_by needs at least one criterion")
        unknown = [name for name in self.rank_by if name not in SEASON_CRITERIA]
        if unknown:
            raise ValueError(f"unknown season criteria {unknown}; choose from {SEASON_CRITERIA}")
        if self.best_rounds is not None and self.best_rounds < 1:
            raise ValueError("best_rounds must be at least 1 (or None for all rounds)")
        if self.min_sessions < 0:
            raise ValueError("min_sessions must not be negative")


@dataclass(frozen=True, slots=True)
class SeasonRow:
    player_id: PlayerId
    rank: int | None
    tied: bool
    sessions: int
    rounds: int
    total: int
    average: float | None
    best_rounds_total: int
    placement_points: float
    table_wins: int

    @property
    def ranked(self) -> bool:
        return self.rank is not None


@dataclass(slots=True)
class _Tally:
    sessions: int = 0
    total: int = 0
    placement_points: Fraction = Fraction(0)
    table_wins: int = 0
    round_totals: dict[RoundId, int] = field(default_factory=dict)

    def average(self) -> Fraction | None:
        return Fraction(self.total, self.sessions) if self.sessions else None

    def best_rounds(self, best: int | None) -> int:
        ordered = sorted(self.round_totals.values(), reverse=True)
        return sum(ordered if best is None else ordered[:best])


def _in_season(result: SeatResult, rules: SeasonRules) -> bool:
    if rules.start is not None and result.played_on < rules.start:
        return False
    return rules.end is None or result.played_on <= rules.end


def season_standings(
    results: Iterable[SeatResult], rules: SeasonRules, *, players: Sequence[PlayerId] = ()
) -> list[SeasonRow]:
    """Standings over the season's results; ``players`` lists members without results too."""
    tallies: dict[PlayerId, _Tally] = {player_id: _Tally() for player_id in players}
    for result in results:
        if not _in_season(result, rules):
            continue
        tally = tallies.setdefault(result.player_id, _Tally())
        tally.sessions += 1
        tally.total += result.total
        tally.placement_points += placement_points(
            result.place, result.shared, rules.points_per_place
        )
        tally.table_wins += result.place == 1
        tally.round_totals[result.round_id] = (
            tally.round_totals.get(result.round_id, 0) + result.total
        )

    def value(player_id: PlayerId, criterion: SeasonCriterion) -> object:
        tally = tallies[player_id]
        if criterion == "total":
            return tally.total
        if criterion == "average":
            average = tally.average()
            # No sessions sorts below any average (only reachable with min_sessions=0).
            return (average is not None, average if average is not None else 0)
        if criterion == "best_rounds":
            return tally.best_rounds(rules.best_rounds)
        if criterion == "placement_points":
            return tally.placement_points
        return tally.table_wins

    criteria = [
        (lambda group, name=name: {p: value(p, name) for p in group}) for name in rules.rank_by
    ]
    order = stable_player_order(list(tallies))
    eligible = [p for p in order if tallies[p].sessions >= rules.min_sessions]
    others = [p for p in order if tallies[p].sessions < rules.min_sessions]

    rows = []
    for ranked in rank(eligible, criteria):
        rows.append(_row(ranked.item, tallies[ranked.item], rules, ranked.rank, ranked.tied))
    for unranked in rank(others, criteria):
        rows.append(_row(unranked.item, tallies[unranked.item], rules, None, False))
    return rows


def _row(
    player_id: PlayerId, tally: _Tally, rules: SeasonRules, position: int | None, tied: bool
) -> SeasonRow:
    average = tally.average()
    return SeasonRow(
        player_id=player_id,
        rank=position,
        tied=tied,
        sessions=tally.sessions,
        rounds=len(tally.round_totals),
        total=tally.total,
        average=float(average) if average is not None else None,
        best_rounds_total=tally.best_rounds(rules.best_rounds),
        placement_points=float(tally.placement_points),
        table_wins=tally.table_wins,
    )
