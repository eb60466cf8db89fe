"""Whist tournaments: partners that rotate so that every pair partners exactly once and
opposes exactly twice (a team game seated without fixed teams, such as Bonko's two teams of
two at a table of four).

A Z-cyclic whist tournament on n = p + 1 players (the points of Z_p and a fixed point
``p``): one base round of n / 4 tables (a, b, c, d), partners a and c against b and d, shifted
by t in Z_p to give round t (the fixed point stays put). In the base round the partner pairs
other than the fixed point's use every difference +-1 .. +-(p - 1) / 2 exactly once and the
opponent pairs use each exactly twice, so over the p rounds every pair partners once and
opposes twice: the least possible opponent repeats, since each player opposes 2p = 2(n - 1)
times. The bases below were found by a randomized depth-first search over the differences and
are checked by the tests (whist tournaments exist for every n divisible by four: Baker, 1975).
"""

from __future__ import annotations

import random

Table = tuple[int, int, int, int]

WHIST_BASES: dict[int, tuple[Table, ...]] = {
    8: ((7, 2, 4, 5), (0, 1, 6, 3)),
    12: ((11, 1, 8, 9), (0, 3, 5, 10), (2, 6, 4, 7)),
    16: ((15, 10, 1, 14), (0, 6, 3, 11), (2, 5, 4, 12), (7, 8, 13, 9)),
    20: ((19, 11, 9, 14), (0, 4, 1, 10), (2, 8, 6, 13), (3, 7, 12, 15), (5, 16, 17, 18)),
    24: (
        (23, 21, 20, 22),
        (0, 1, 13, 17),
        (2, 10, 5, 18),
        (3, 6, 15, 12),
        (4, 14, 8, 19),
        (7, 9, 16, 11),
    ),
    28: (
        (27, 25, 23, 26),
        (0, 16, 17, 20),
        (1, 9, 14, 18),
        (2, 7, 5, 15),
        (3, 12, 8, 24),
        (4, 11, 10, 22),
        (6, 19, 13, 21),
    ),
}


def whist_schedule(n: int) -> list[list[list[int]]]:
    """The n - 1 rounds of the whist tournament on n points, tables in seat order (partners
    in seats 0 and 2, and 1 and 3); empty when none is stored for n."""
    base = WHIST_BASES.get(n)
    if base is None:
        return []
    p = n - 1
    return [[[x if x == p else (x + t) % p for x in table] for table in base] for t in range(p)]


def whist_rounds(n: int, rounds: int, rng: random.Random) -> list[list[list[int]]] | None:
    """`rounds` rounds of the whist tournament on n players (indices), the players put on the
    points and the rounds taken in a seeded order; None when none is stored or it is too
    short."""
    schedule = whist_schedule(n)
    if len(schedule) < rounds:
        return None
    labels = list(range(n))
    rng.shuffle(labels)
    rng.shuffle(schedule)
    return [[[labels[x] for x in table] for table in tables] for tables in schedule[:rounds]]
