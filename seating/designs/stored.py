"""Zero-repeat schedules with byes where no design is known to build them from.

Some sizes with players sitting out every round have no construction to start from: the
designs one point larger or smaller repeat a pair (17 to 22 players around the 16- and
20-player designs). For 18 players over 5 rounds and 22 over 6, two sit out each round; the
schedules below were found by an exact search offline (a constraint model: four players a
table, nobody twice at a table with anybody, nobody out twice, the first round fixed) and are
stored like the cyclic bases of constructions.py: points 0..n-1, each round its tables, the two
points missing from a round sit it out. Any of their rounds, in any order, repeat nothing.

`seat_stored` puts the players on the points so that those with the fewest sit-outs take the
points that sit out first (ties by the seeded priority), so the byes are the fair ones of
seating/byes.py, as in ghost.py.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .ghost import label_points

Tables = list[list[int]]
Round = tuple[tuple[int, int, int, int], ...]

STORED: dict[int, tuple[Round, ...]] = {
    18: (
        ((0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11), (12, 13, 14, 15)),
        ((2, 6, 10, 13), (0, 4, 15, 16), (3, 5, 12, 17), (1, 7, 11, 14)),
        ((0, 6, 11, 12), (2, 7, 8, 16), (1, 5, 10, 15), (4, 9, 13, 17)),
        ((2, 5, 9, 14), (3, 11, 13, 16), (1, 4, 8, 12), (0, 7, 10, 17)),
        ((1, 6, 9, 16), (0, 5, 8, 13), (3, 4, 10, 14), (2, 11, 15, 17)),
    ),
    22: (
        ((0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11), (12, 13, 14, 15), (16, 17, 18, 19)),
        ((4, 11, 13, 19), (8, 14, 16, 21), (2, 6, 15, 18), (0, 7, 10, 12), (1, 5, 17, 20)),
        ((5, 9, 12, 18), (3, 7, 14, 19), (6, 8, 13, 17), (1, 10, 15, 21), (0, 4, 16, 20)),
        ((6, 10, 19, 20), (0, 11, 18, 21), (3, 4, 8, 15), (2, 9, 14, 17), (1, 7, 13, 16)),
        ((2, 5, 8, 19), (4, 10, 14, 18), (9, 13, 20, 21), (3, 6, 12, 16), (7, 11, 15, 17)),
        ((2, 4, 12, 21), (3, 5, 10, 13), (1, 6, 11, 14), (7, 8, 18, 20), (0, 9, 15, 19)),
    ),
}


def stored_rounds_fit(n: int, free: int, sit_outs: Sequence[int]) -> bool:
    """True when `free` rounds of n players at tables of four can come from a stored schedule:
    one is stored for n with that many rounds, and the sit-outs so far differ by one at most."""
    return (
        n in STORED
        and 0 < free <= len(STORED[n])
        and max(sit_outs, default=0) - min(sit_outs, default=0) <= 1
    )


def seat_stored(
    n: int,
    free: int,
    *,
    sit_outs: Sequence[int],
    priority: Sequence[int],
    rng: random.Random,
) -> tuple[list[Tables], list[list[int]]]:
    """Tables and byes (player indices 0..n-1) for `free` rounds from the schedule stored for
    n players (`stored_rounds_fit` must hold)."""
    stored = list(STORED[n])
    rng.shuffle(stored)
    rounds = stored[:free]
    outs = [sorted(set(range(n)) - {p for table in tables for p in table}) for tables in rounds]
    labels = label_points(range(n), outs, sit_outs=sit_outs, priority=priority, rng=rng)
    tables_out = [[[labels[p] for p in table] for table in tables] for tables in rounds]
    byes = [sorted(labels[p] for p in group) for group in outs]
    return tables_out, byes
