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
Round = tuple[tuple[int, ...], ...]

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


BEST_KNOWN: dict[tuple[int, int], tuple[int, tuple[Round, ...]]] = {
    (23, 8): (
        8,
        (
            ((0, 14, 19, 21), (1, 9, 11, 18), (2, 5, 7, 22), (6, 8, 12, 16), (10, 13, 17, 20)),
            ((1, 4, 5, 21), (2, 13, 18, 19), (3, 16, 20, 22), (7, 10, 11, 12), (8, 14, 15, 17)),
            ((0, 2, 12, 17), (1, 6, 18, 20), (3, 5, 8, 11), (4, 10, 16, 21), (7, 9, 15, 19)),
            ((0, 5, 10, 15), (1, 12, 19, 22), (2, 3, 4, 9), (6, 11, 13, 14), (7, 8, 16, 18)),
            ((0, 9, 13, 16), (1, 2, 8, 10), (3, 17, 18, 21), (4, 6, 15, 22), (5, 14, 19, 20)),
            ((0, 4, 8, 20), (2, 6, 7, 21), (3, 12, 13, 15), (9, 10, 14, 22), (11, 16, 17, 19)),
            ((0, 1, 3, 7), (2, 11, 15, 20), (4, 12, 14, 18), (5, 6, 9, 17), (8, 13, 21, 22)),
            ((0, 11, 18, 22), (1, 14, 15, 16), (3, 6, 10, 19), (4, 7, 13, 17), (9, 12, 20, 21)),
        ),
    ),
    (30, 10): (
        16,
        (
            (
                (0, 7, 14, 24),
                (1, 2, 16, 27),
                (3, 5, 23, 25),
                (4, 6, 15, 17),
                (8, 12, 19, 22),
                (10, 11, 18, 28),
                (13, 21, 26, 29),
            ),
            (
                (0, 15, 22, 23),
                (1, 5, 8, 10),
                (2, 3, 12, 24),
                (4, 6, 9, 14),
                (7, 16, 18, 19),
                (11, 25, 26, 27),
                (13, 20, 21, 28),
            ),
            (
                (0, 2, 18, 20),
                (1, 3, 7, 17),
                (4, 11, 12, 29),
                (5, 13, 19, 27),
                (6, 15, 16, 26),
                (9, 22, 24, 25),
                (10, 14, 21, 23),
            ),
            (
                (0, 1, 6, 13),
                (2, 19, 23, 29),
                (3, 4, 10, 16),
                (5, 11, 15, 24),
                (8, 9, 18, 26),
                (12, 17, 20, 25),
                (14, 22, 27, 28),
            ),
            (
                (0, 4, 5, 21),
                (1, 9, 15, 27),
                (3, 14, 26, 29),
                (6, 8, 12, 28),
                (7, 10, 13, 25),
                (11, 17, 18, 22),
                (16, 20, 23, 24),
            ),
            (
                (0, 7, 9, 29),
                (1, 11, 16, 21),
                (2, 10, 22, 26),
                (3, 6, 20, 27),
                (5, 12, 14, 18),
                (8, 13, 17, 23),
                (15, 19, 25, 28),
            ),
            (
                (0, 17, 19, 26),
                (1, 4, 20, 22),
                (2, 11, 13, 14),
                (3, 9, 23, 28),
                (6, 10, 18, 24),
                (7, 12, 15, 21),
                (8, 16, 27, 29),
            ),
            (
                (0, 3, 8, 11),
                (1, 14, 19, 24),
                (2, 6, 21, 25),
                (4, 18, 23, 27),
                (5, 7, 20, 26),
                (9, 12, 13, 16),
                (10, 17, 28, 29),
            ),
            (
                (0, 10, 12, 27),
                (1, 18, 25, 29),
                (2, 5, 9, 17),
                (3, 19, 21, 22),
                (4, 24, 26, 28),
                (6, 7, 11, 23),
                (8, 14, 15, 20),
            ),
            (
                (0, 16, 25, 28),
                (1, 12, 23, 26),
                (2, 4, 7, 8),
                (3, 13, 15, 18),
                (5, 6, 22, 29),
                (9, 10, 19, 20),
                (17, 21, 24, 27),
            ),
        ),
    ),
}
"""The fewest repeats known for sizes where no zero-repeat schedule is known and none is proven
impossible, keyed by (players, rounds): the repeated pairs and the rounds in order (nobody sits
out twice before everyone has once: in 23 x 8 the last round's byes hold the one second bye).
Found offline by iterated annealing (seating/search.py restarted from the best so far with new
seeds); used only for exactly that many rounds from the first, when nobody has sat out yet."""


def best_known_fit(n: int, free: int, sit_outs: Sequence[int]) -> bool:
    """True when a best-known schedule is stored for n players over exactly `free` rounds and
    everyone has sat out equally often."""
    return (n, free) in BEST_KNOWN and len(set(sit_outs)) <= 1


def seat_best_known(n: int, free: int, rng: random.Random) -> tuple[list[Tables], list[list[int]]]:
    """Tables and byes (player indices) of the best-known schedule for n players over `free`
    rounds (`best_known_fit` must hold), the players put on its points in a seeded order and
    the rounds kept in their order, which keeps the byes fair."""
    labels = list(range(n))
    rng.shuffle(labels)
    rounds = BEST_KNOWN[(n, free)][1]
    tables_out = [[[labels[p] for p in table] for table in tables] for tables in rounds]
    byes = [
        sorted(labels[p] for p in set(range(n)) - {p for table in tables for p in table})
        for tables in rounds
    ]
    return tables_out, byes


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
