"""Per-seat session results, the input of all standings.

Terms:

* **seat result**: one player's result in one complete session: the session total, the
  competition **place** at the table and how many seats **shared** that place, plus the
  opponents at the table. Places follow the game's ranking of the seats (its stored
  placements: 1 best, equal ranks tied) when the session has them, so a tie the game broke
  (Bonko's roll-off) is no shared place; without them (sessions stored before placements
  were), the highest total is first and equal totals share. A seat's place is 1 + the seats
  ranked better, so the places of a table are a competition ranking whatever the game calls
  them (Bonko's team places 1, 1, 2, 2 are places 1, 1, 3, 3 shared by two).
* **round**: the sitting a session belongs to: a club evening in season standings, an event
  round in event standings. A player normally plays one session per round, but may play more
  (their round total is then the sum).
* **placement points**: points per table place, configurable (e.g. 3, 2, 1, 0). Seats that
  share places share the points of those places equally: two seats tied for first with
  (3, 2, 1, 0) get (3 + 2) / 2 = 2.5 each.

Points are kept as exact fractions while adding up, so that players with equal results are
always exactly equal, whatever the order their sessions were added in.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from typing import TypeAlias

from ranking.arithmetic.ratings.records import PlayerId, SessionId

RoundId: TypeAlias = int | str


@dataclass(frozen=True, slots=True)
class SeatResult:
    player_id: PlayerId
    session_id: SessionId
    round_id: RoundId
    played_on: date
    total: int
    place: int
    shared: int = 1
    opponents: tuple[PlayerId, ...] = ()
    # The game's per-seat figures beside the total (Bonko: ``wins``, ``bonkos``).
    stats: Mapping[str, int] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        if self.place < 1 or self.shared < 1:
            raise ValueError("place and shared must be at least 1")


def seat_results(
    *,
    session_id: SessionId,
    round_id: RoundId,
    played_on: date,
    player_ids: Sequence[PlayerId],
    totals: Sequence[int],
    stats: Mapping[str, Sequence[int]] | None = None,
    ranks: Sequence[int | None] | None = None,
) -> list[SeatResult]:
    """The seat results of one session; places and ties from the game's ``ranks`` of the seats
    (its placements, lower is better) when every seat has one, else from the totals; ``stats``
    are the game's per-seat figures by name (``Outcome.stats()``)."""
    if len(player_ids) != len(totals):
        raise ValueError("a session needs exactly one total per seat")
    order = seat_order(totals, ranks)
    results = []
    for seat, (player_id, total) in enumerate(zip(player_ids, totals, strict=True)):
        results.append(
            SeatResult(
                player_id=player_id,
                session_id=session_id,
                round_id=round_id,
                played_on=played_on,
                total=total,
                place=1 + sum(1 for other in order if other < order[seat]),
                shared=sum(1 for other in order if other == order[seat]),
                opponents=tuple(p for other_seat, p in enumerate(player_ids) if other_seat != seat),
                stats={
                    name: int(values[seat])
                    for name, values in (stats or {}).items()
                    if seat < len(values)
                },
            )
        )
    return results


def seat_order(totals: Sequence[int], ranks: Sequence[int | None] | None) -> list[int]:
    """A sort key per seat, lower is better: the game's ranks when every seat has one (and
    there is one per seat), else the totals, highest first."""
    if ranks is not None and len(ranks) == len(totals) and all(r is not None for r in ranks):
        return [int(rank) for rank in ranks if rank is not None]
    return [-total for total in totals]


def placement_points(place: int, shared: int, points_per_place: Sequence[float]) -> Fraction:
    """Points for ``place`` shared by ``shared`` seats; places past the list score 0."""
    covered = [
        Fraction(points_per_place[index]) if index < len(points_per_place) else Fraction(0)
        for index in range(place - 1, place - 1 + shared)
    ]
    return sum(covered, Fraction(0)) / shared


def middle_place_points(
    points_per_place: Sequence[float], table_size: int | None = None
) -> Fraction:
    """Placement points of the middle place at a table of ``table_size`` (2.5th of four, 3rd of
    five): the mean of the two middle places of an even table, the middle one of an odd table.
    Places past the list score 0; without a size, the list's length is the table's."""
    count = len(points_per_place) if table_size is None else table_size
    if count <= 0:
        return Fraction(0)

    def points(place_index: int) -> Fraction:
        if place_index < len(points_per_place):
            return Fraction(points_per_place[place_index])
        return Fraction(0)

    if count % 2:
        return points(count // 2)
    return (points(count // 2 - 1) + points(count // 2)) / 2
