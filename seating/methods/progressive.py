"""The `progressive` method: a King's table movement.

Tables are ranked, table 1 (the King's table) on top. After a round the places 1-4 at each
table follow from the points scored in that round (ties: standings, then seat order); places
1-2 are the winners, 3-4 the losers.

* "kings" rule (the default): winners move up one table and losers down one; the top table
  keeps its winners and the bottom table its losers.
* a game's own movement (``types.Movement``, given by the event's game: a function from each
  table's winners and losers to who sits at each table next), such as a rule where winners
  move up one table, losers stay, and the top table sends its losers to the bottom table.

At each new table the pair from the higher position takes seats 1 and 3, the other pair seats
2 and 4, so partners of a pair sit opposite each other. Players back from a bye or newly
arrived join at the bottom, then the byes are taken from the bottom among the players with the
fewest sit-outs, and the ladder is cut into the layout's tables from the top (tables of four
for a game of four). At a table of another size the upper half (rounded down) are the
winners and the rest the losers; the ladder is then cut into the layout's tables again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..byes import choose_byes, sit_out_counts
from ..layout import cut_tables
from ..rng import make_rng
from ..types import Movement, PlayerId, SeatingError, SeatingRound


def _interleave(upper: list[PlayerId], lower: list[PlayerId]) -> list[PlayerId]:
    out: list[PlayerId] = []
    for i in range(max(len(upper), len(lower))):
        out.extend(group[i] for group in (upper, lower) if i < len(group))
    return out


def move_tables(
    tables: Sequence[Sequence[PlayerId]],
    rule: str | Movement,
    winners_at: Sequence[int] | None = None,
) -> list[list[PlayerId]]:
    """Apply the movement to tables whose players are listed by place (1st first); the first
    `winners_at[t]` players of table t are its winners (by default two: tables of four)."""
    halves = list(winners_at) if winners_at is not None else [2] * len(tables)
    winners = [list(t[:half]) for t, half in zip(tables, halves, strict=True)]
    losers = [list(t[half:]) for t, half in zip(tables, halves, strict=True)]
    count = len(tables)
    if callable(rule):  # the game's own movement
        try:
            pairs = rule([(tuple(w), tuple(lo)) for w, lo in zip(winners, losers, strict=True)])
        except ValueError as error:
            raise SeatingError([str(error)]) from error
        return [_interleave(list(upper), list(lower)) for upper, lower in pairs]
    if rule != "kings":
        raise SeatingError([f"unknown progressive rule {rule!r}"])
    moved: list[list[PlayerId]] = []
    for t in range(count):
        upper = winners[0] if t == 0 else losers[t - 1]
        lower = losers[t] if t == count - 1 else winners[t + 1]
        moved.append(_interleave(upper, lower))
    return moved


def _by_place(
    table: Sequence[PlayerId],
    round_points: Mapping[PlayerId, float],
    standings: Mapping[PlayerId, float],
) -> list[PlayerId]:
    seat = {p: i for i, p in enumerate(table)}
    return sorted(table, key=lambda p: (-round_points.get(p, 0), -standings.get(p, 0), seat[p]))


def progressive_round(
    players: Sequence[PlayerId],
    played_rounds: Sequence[SeatingRound],
    *,
    round_points: Mapping[PlayerId, float],
    standings: Mapping[PlayerId, float],
    byes_so_far: Mapping[PlayerId, int] | None,
    rule: str | Movement,
    seed: int,
    layout: list[int] | None = None,
) -> SeatingRound:
    present = set(players)
    rng = make_rng(seed, "progressive", len(played_rounds))
    newcomers = sorted(present)
    rng.shuffle(newcomers)
    ladder: list[PlayerId] = []
    if played_rounds:
        previous = played_rounds[-1]
        placed = [
            (_by_place([p for p in t if p in present], round_points, standings), len(t) // 2)
            for t in previous.tables
        ]
        kept = [(t, half) for t, half in placed if t]
        for table in move_tables([t for t, _ in kept], rule, [half for _, half in kept]):
            ladder.extend(table)
        newcomers = [p for p in newcomers if p not in set(ladder)]
    newcomers.sort(key=lambda p: -standings.get(p, 0))
    ladder.extend(newcomers)

    counts = sit_out_counts(players, played_rounds, byes_so_far)
    if layout is None:
        layout = [4] * (len(ladder) // 4)
    byes = choose_byes(ladder[::-1], counts, len(ladder) - sum(layout))
    off = set(byes)
    seated = [p for p in ladder if p not in off]
    return SeatingRound(tables=cut_tables(seated, layout), byes=byes)
