"""Zero-repeat starts for rounds whose tables are not all of four (Jonkler, Bonanza Rummy).

* Tables of four and j tables of three (Jonkler's 4k - 1 players: 23 sit 4 + 4 + 4 + 4 + 4 + 3):
  a zero-repeat construction on n + j points with j "ghost" points that never share a table in
  the rounds used; the players take the other points, and each round the ghost's table-mates
  play at a table of three. A subset of a zero-repeat schedule repeats nothing, so 23 Jonkler
  players take 7 rounds without a repeat from the 24-player design (15 take 5 from the 16's).
* Any layout with a schedule stored for it (``stored_mixed.py``, found offline by a search, the
  fewest repeats known, not zero): Jonkler's 30 at 5 + 5 + 4 + 4 + 4 + 4 + 4 and Bonanza's 33 at
  5 + 5 + 5 + 5 + 5 + 4 + 4, 8 rounds each.

Points are 0..n-1 (player indices); the players are put on the points in a seeded order.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .constructions import zero_repeat_schedule
from .stored_mixed import STORED_MIXED

Tables = list[list[int]]


def _ghost_points(schedule: Sequence[Tables], points: int, ghosts: int) -> list[int] | None:
    """`ghosts` points of the schedule that never share a table (None when there are none)."""
    together: list[set[int]] = [set() for _ in range(points)]
    for tables in schedule:
        for table in tables:
            for p in table:
                together[p].update(table)
    chosen: list[int] = []
    for p in range(points):
        if len(chosen) == ghosts:
            break
        if all(p not in together[q] for q in chosen):
            chosen.append(p)
    return chosen if len(chosen) == ghosts else None


def _sorted_layout(tables: Tables) -> list[int]:
    return sorted((len(t) for t in tables), reverse=True)


def ghost_start(n: int, free: int, layout: Sequence[int]) -> list[Tables] | None:
    """`free` zero-repeat rounds of n points at tables of four and three (None when no
    construction on n plus the threes' count of points has the rounds)."""
    threes = sum(1 for size in layout if size == 3)
    if not threes or any(size not in (3, 4) for size in layout) or n + threes != 4 * len(layout):
        return None
    design = zero_repeat_schedule(n + threes)
    if len(design) < free:
        return None
    rounds = design[:free]
    ghosts = _ghost_points(rounds, n + threes, threes)
    if ghosts is None:
        return None
    gone = set(ghosts)
    names = {p: i for i, p in enumerate(p for p in range(n + threes) if p not in gone)}
    return [[[names[p] for p in table if p not in gone] for table in tables] for tables in rounds]


def stored_start(n: int, free: int, layout: Sequence[int]) -> list[Tables] | None:
    """`free` rounds of a schedule stored for n points at this layout (None when none is)."""
    stored = STORED_MIXED.get((n, tuple(layout)))
    if stored is None or len(stored[1]) < free:
        return None
    return [[list(table) for table in tables] for tables in stored[1][:free]]


def mixed_start(
    n: int, free: int, layout: Sequence[int], rng: random.Random
) -> list[Tables] | None:
    """Zero-repeat rounds (or the stored best known) for n players at the layout's tables,
    the players put on the points and the rounds taken in a seeded order; None when there is
    no such start."""
    rounds = ghost_start(n, free, layout) or stored_start(n, free, layout)
    if rounds is None:
        return None
    labels = list(range(n))
    rng.shuffle(labels)
    rng.shuffle(rounds)
    out = []
    for tables in rounds:
        ordered = sorted(tables, key=len, reverse=True)
        if _sorted_layout(ordered) != list(layout):
            return None
        out.append([[labels[p] for p in table] for table in ordered])
    return out
