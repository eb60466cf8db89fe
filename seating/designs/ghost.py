"""Zero-repeat starts when three players sit out every round, from the design one point larger.

With n players and n % 4 == 3, a zero-repeat construction on n + 1 points seats the n players
on all points but one, the "ghost". Each round the ghost's three table-mates sit out and the
other tables play as the construction has them, so no pair meets twice (a subset of a
zero-repeat schedule repeats nothing). Over R rounds the ghost meets 3R different points, so
nobody sits out twice while 3R <= n; the players are put on those points in the order of their
sit-outs (fewest first, ties by the seeded priority), so the byes are the fair ones of
seating/byes.py. 23, 27 and 31 players thus take 7, 9 and 10 rounds without a repeat from the
designs for 24, 28 and 32 (the designs for 20, 24 and 28 with the extra players in the byes' seats
gave a few).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

Tables = list[list[int]]


def ghost_rounds_fit(n: int, free: int, sit_outs: Sequence[int], design_rounds: int) -> bool:
    """True when `free` rounds of n players can come from a design on n + 1 points with
    `design_rounds` rounds: three sit out each round, nobody twice, fairly."""
    return (
        n % 4 == 3
        and 0 < free <= design_rounds
        and 3 * free <= n
        and max(sit_outs, default=0) - min(sit_outs, default=0) <= 1
    )


def label_points(
    points: Sequence[int],
    outs: Sequence[Sequence[int]],
    *,
    sit_outs: Sequence[int],
    priority: Sequence[int],
    rng: random.Random,
) -> dict[int, int]:
    """The player on each point: the points that sit out (`outs`, round by round) go to the
    players with the fewest sit-outs (ties by the seeded priority), the rest shuffled."""
    order = {p: i for i, p in enumerate(priority)}
    ranked = sorted(range(len(points)), key=lambda p: (sit_outs[p], order[p]))
    first = [p for group in outs for p in group]
    rest = [p for p in points if p not in set(first)]
    rng.shuffle(rest)
    return dict(zip(first + rest, ranked, strict=True))


def seat_around_ghost(
    construction: list[Tables],
    n: int,
    free: int,
    *,
    sit_outs: Sequence[int],
    priority: Sequence[int],
    rng: random.Random,
) -> tuple[list[Tables], list[list[int]]]:
    """Tables and byes (player indices 0..n-1) for `free` rounds from a construction on n + 1
    points (see the module docstring; `ghost_rounds_fit` must hold)."""
    sequence = list(range(len(construction)))
    rng.shuffle(sequence)
    rounds = [construction[sequence[r]] for r in range(free)]
    ghost = rng.randrange(n + 1)
    mates: list[list[int]] = []
    for tables in rounds:
        table = next(t for t in tables if ghost in t)
        mates.append([p for p in table if p != ghost])
    points = [p for p in range(n + 1) if p != ghost]
    labels = label_points(points, mates, sit_outs=sit_outs, priority=priority, rng=rng)
    tables_out: list[Tables] = []
    byes: list[list[int]] = []
    for tables, group in zip(rounds, mates, strict=True):
        tables_out.append([[labels[p] for p in t] for t in tables if ghost not in t])
        byes.append(sorted(labels[p] for p in group))
    return tables_out, byes
