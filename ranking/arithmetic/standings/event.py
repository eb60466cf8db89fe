"""Event (tournament) standings with a configurable tie-break order and credited byes.

Terms:

* **criteria** (``EventRules.order``; the first decides, the rest break ties in turn):

  - ``total``: sum of session totals, plus bye credit;
  - ``table_wins``: sessions with the first place at the table (shared first counts; the
    place is the game's, see ``records``);
  - ``placement_points``: sum of placement points (see ``records``), plus bye credit;
  - ``head_to_head``: among the players still tied, one point for every tied opponent beaten
    at the same table (a better place) and half a point for an equal place; computed only
    within the group;
  - ``avg_opponent_rating``: mean rating of the opponents faced (each opponent once per
    session), from the ratings passed in (e.g. displayed ratings when the event started);
    opponents without a rating are left out, a player without any rated opponent sorts last.

* **bye**: a round in which a player had no table. ``ByeCredit.kind`` says what it is worth:

  - ``none``: nothing;
  - ``average``: the player's average per played round (total and placement points); a
    player who has not played yet gets 0 points and the middle place's placement points;
  - ``fixed``: ``points`` and ``placement_points`` as configured;
  - ``middle_place``: 0 points (the mean of a zero-sum table) and the placement points of
    the middle place of the game's table (``EventRules.table_size``): 2.5th at a table of four
    (the mean of 2nd and 3rd place), 3rd at a table of five.

  A bye never counts as a session or a table win.

* **stats**: a game's own per-seat figures (``SeatResult.stats``; Bonko's ``wins`` and
  ``bonkos``), summed per player; ``EventRules.stats`` names the ones the order may use.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from ranking.arithmetic.ratings.records import PlayerId, SessionId
from ranking.arithmetic.standings.ranking import rank, stable_player_order
from ranking.arithmetic.standings.records import (
    RoundId,
    SeatResult,
    middle_place_points,
    placement_points,
)

EventCriterion = Literal[
    "total", "table_wins", "placement_points", "head_to_head", "avg_opponent_rating"
]
EVENT_CRITERIA: tuple[EventCriterion, ...] = (
    "total",
    "table_wins",
    "placement_points",
    "head_to_head",
    "avg_opponent_rating",
)
ByeKind = Literal["none", "average", "fixed", "middle_place"]


@dataclass(frozen=True, slots=True)
class ByeCredit:
    kind: ByeKind = "none"
    points: float = 0.0
    placement_points: float = 0.0

    def __post_init__(self) -> None:
        if self.kind not in ("none", "average", "fixed", "middle_place"):
            raise ValueError(f"unknown bye credit {self.kind!r}")


@dataclass(frozen=True, slots=True)
class EventRules:
    order: tuple[str, ...] = EVENT_CRITERIA
    points_per_place: tuple[float, ...] = (3.0, 2.0, 1.0, 0.0)
    bye: ByeCredit = ByeCredit()
    table_size: int = 4  # the game's usual table: its middle place is a bye's "middle place"
    stats: tuple[str, ...] = ()  # the game's per-seat figures the order may rank by

    def __post_init__(self) -> None:
        if not self.order:
            raise ValueError("order needs at least one criterion")
        unknown = [
            name for name in self.order if name not in EVENT_CRITERIA and name not in self.stats
        ]
        if unknown:
            raise ValueError(f"unknown event criteria {unknown}; choose from {EVENT_CRITERIA}")
        if len(set(self.order)) != len(self.order):
            raise ValueError("a criterion appears twice in order")


@dataclass(frozen=True, slots=True)
class ByeRecord:
    player_id: PlayerId
    round_id: RoundId


@dataclass(frozen=True, slots=True)
class EventRow:
    player_id: PlayerId
    rank: int
    tied: bool
    sessions: int
    byes: int
    total: float
    table_wins: int
    placement_points: float
    head_to_head: float | None
    avg_opponent_rating: float | None
    stats: dict[str, int] = field(default_factory=dict)


@dataclass(slots=True)
class _Tally:
    sessions: int = 0
    byes: int = 0
    total: Fraction = Fraction(0)
    table_wins: int = 0
    placement_points: Fraction = Fraction(0)
    rounds: set[RoundId] = field(default_factory=set)
    opponent_rating_sum: Fraction = Fraction(0)
    rated_opponents: int = 0
    stats: dict[str, int] = field(default_factory=dict)

    def avg_opponent_rating(self) -> Fraction | None:
        if not self.rated_opponents:
            return None
        return self.opponent_rating_sum / self.rated_opponents


def _bye_credit(tally: _Tally, rules: EventRules) -> tuple[Fraction, Fraction]:
    """(points, placement points) one bye is worth for this player."""
    credit = rules.bye
    middle = middle_place_points(rules.points_per_place, rules.table_size)
    if credit.kind == "none":
        return Fraction(0), Fraction(0)
    if credit.kind == "fixed":
        return Fraction(credit.points), Fraction(credit.placement_points)
    if credit.kind == "middle_place":
        return Fraction(0), middle
    played_rounds = len(tally.rounds)
    if not played_rounds:
        return Fraction(0), middle
    return tally.total / played_rounds, tally.placement_points / played_rounds


def standings_from_results(
    results: Iterable[SeatResult],
    rules: EventRules = EventRules(),
    *,
    byes: Iterable[ByeRecord] = (),
    players: Sequence[PlayerId] = (),
    opponent_ratings: Mapping[PlayerId, float] | None = None,
) -> list[EventRow]:
    """Standings of one event; ``players`` lists entrants without any result too."""
    ratings = opponent_ratings or {}
    tallies: dict[PlayerId, _Tally] = {player_id: _Tally() for player_id in players}
    tables: dict[SessionId, list[SeatResult]] = defaultdict(list)
    for result in results:
        tables[result.session_id].append(result)
        tally = tallies.setdefault(result.player_id, _Tally())
        tally.sessions += 1
        tally.total += result.total
        tally.table_wins += result.place == 1
        tally.placement_points += placement_points(
            result.place, result.shared, rules.points_per_place
        )
        tally.rounds.add(result.round_id)
        for name, value in result.stats.items():
            tally.stats[name] = tally.stats.get(name, 0) + value
        for opponent in result.opponents:
            if opponent in ratings:
                tally.opponent_rating_sum += Fraction(ratings[opponent])
                tally.rated_opponents += 1

    bye_list = list(byes)
    for bye in bye_list:
        tallies.setdefault(bye.player_id, _Tally())
    # Credits depend on the played rounds only, so compute them before adding any.
    credits = {bye.player_id: _bye_credit(tallies[bye.player_id], rules) for bye in bye_list}
    for bye in bye_list:
        tally = tallies[bye.player_id]
        points, place_points = credits[bye.player_id]
        tally.byes += 1
        tally.total += points
        tally.placement_points += place_points

    head_to_head: dict[PlayerId, Fraction] = {}

    def criterion(name: str) -> Callable[[Sequence[PlayerId]], dict[PlayerId, object]]:
        def values(group: Sequence[PlayerId]) -> dict[PlayerId, object]:
            if name == "head_to_head":
                scores = _head_to_head(group, tables)
                head_to_head.update(scores)
                return dict(scores)
            if name == "avg_opponent_rating":
                result: dict[PlayerId, object] = {}
                for player_id in group:
                    average = tallies[player_id].avg_opponent_rating()
                    result[player_id] = (average is not None, average or 0)
                return result
            if name in rules.stats:
                return {player_id: tallies[player_id].stats.get(name, 0) for player_id in group}
            return {
                player_id: _sort_value(getattr(tallies[player_id], name)) for player_id in group
            }

        return values

    ranked = rank(stable_player_order(list(tallies)), [criterion(name) for name in rules.order])
    rows = []
    for entry in ranked:
        tally = tallies[entry.item]
        average = tally.avg_opponent_rating()
        h2h = head_to_head.get(entry.item)
        rows.append(
            EventRow(
                player_id=entry.item,
                rank=entry.rank,
                tied=entry.tied,
                sessions=tally.sessions,
                byes=tally.byes,
                total=float(tally.total),
                table_wins=tally.table_wins,
                placement_points=float(tally.placement_points),
                head_to_head=float(h2h) if h2h is not None else None,
                avg_opponent_rating=float(average) if average is not None else None,
                stats={name: tally.stats.get(name, 0) for name in rules.stats},
            )
        )
    return rows


def _sort_value(value: Fraction | int) -> Fraction | int:
    """A whole fraction as an int: the same order and equality, but sorting hundreds of
    players compares ints far faster than fractions."""
    if isinstance(value, Fraction) and value.denominator == 1:
        return value.numerator
    return value


def _head_to_head(
    group: Sequence[PlayerId], tables: Mapping[SessionId, Sequence[SeatResult]]
) -> dict[PlayerId, Fraction]:
    """Points from meetings between members of ``group`` only."""
    members = set(group)
    scores = {player_id: Fraction(0) for player_id in group}
    for seats in tables.values():
        present = [seat for seat in seats if seat.player_id in members]
        for seat in present:
            for other in present:
                if other.player_id == seat.player_id:
                    continue
                if seat.place < other.place:
                    scores[seat.player_id] += 1
                elif seat.place == other.place:
                    scores[seat.player_id] += Fraction(1, 2)
    return scores
