"""Zero-repeat schedules built from algebra, for the player counts where one is known.

A construction seats the points 0..n-1 (later mapped onto player ids) so that no two points
share a table twice. Two families are used:

* The finite-field schedule for n = 4q players, q a prime power of at least 4: four groups of q
  points (g, y), and in round h the table x holds (g, x + e_g * h) for the four distinct field
  elements e_0..e_3. Points of different groups meet exactly once over the q rounds. When q is
  itself a multiple of four, the groups then play a zero-repeat schedule for q players side by
  side, adding its rounds (16 players get 5 rounds, 32 get 9, 64 get 21).
* Cyclic schedules: points (x, level) with x in Z_m, plus a few fixed points, and a base round
  that is shifted by t in Z_m to give round t (fixed points stay put). The base round is chosen
  so that every difference between two points occurs at most once, hence no pair meets twice in
  the m rounds. The stored base rounds were found by a randomized depth-first search and are
  checked by the tests; 28 players (9 rounds) and 40 players (13 rounds) are resolvable designs
  in which every pair meets exactly once. For 36 players the base is on Z_10 x 3 levels plus six
  fixed points (10 rounds, one more than the finite-field schedule): each fixed point sits with
  one point of every level, and the three other tables use every remaining difference at most
  once. The search takes the most constrained point first (the fixed points, then the levels)
  and finds such a base within a second in most random orders.
  For 32 players, two base rounds on Z_5 x 6 levels plus two fixed points give 10 rounds (the
  finite-field schedule gives 9): every player meets 30 of the other 31, the one missed being
  a fixed partner (a resolvable group divisible design with groups of two; 32 golfers in
  foursomes for 10 weeks, first solved by Aguado in 2004). These two were found offline by an
  exact search (a constraint model of the base rounds) over designs that a group of order 20
  maps onto themselves: x -> x + 1 on Z_5, which makes the development above, and a map of
  order 4 that swaps the two fixed points.
* Rotational schedules for n = 3m + 1 players (m = 17, 25): points (x, level) with x in Z_m and
  three levels, plus one fixed point. The base round is the fixed point with (0, 0), (0, 1),
  (0, 2), and the starter tables each turned through the three levels ((x, i) -> (x, i + 1));
  round t shifts it by t as above. The starters use every non-zero x once, every difference
  within a level once (up to sign) and every difference between consecutive levels once, so
  over the m rounds every pair meets exactly once: a resolvable design of tables of four (one
  exists for every n that is 4 more than a multiple of 12, Hanani, Ray-Chaudhuri and Wilson,
  1972). The stored starters were found by a randomized depth-first search over that symmetry
  and are checked by the tests.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .fields import GaloisField, prime_power

Schedule = list[list[list[int]]]
"""Rounds of tables of points; points are 0..n-1."""


@dataclass(frozen=True)
class CyclicBase:
    """A base round on Z_m x levels plus fixed points; point (x, level) is level * m + x.
    `more` holds further base rounds, each developed over Z_m the same way."""

    m: int
    levels: int
    fixed: int
    blocks: tuple[tuple[int, int, int, int], ...]
    more: tuple[tuple[tuple[int, int, int, int], ...], ...] = ()

    @property
    def players(self) -> int:
        return self.m * self.levels + self.fixed


CYCLIC_BASES: dict[int, CyclicBase] = {
    24: CyclicBase(
        m=7,
        levels=3,
        fixed=3,
        blocks=(
            (2, 1, 19, 4),
            (13, 7, 9, 6),
            (18, 16, 8, 15),
            (21, 20, 11, 0),
            (22, 14, 5, 10),
            (23, 3, 12, 17),
        ),
    ),
    28: CyclicBase(
        m=9,
        levels=3,
        fixed=1,
        blocks=(
            (12, 10, 20, 21),
            (13, 9, 2, 3),
            (14, 5, 0, 17),
            (15, 19, 22, 16),
            (23, 18, 6, 8),
            (26, 1, 4, 24),
            (27, 25, 7, 11),
        ),
    ),
    32: CyclicBase(
        m=5,
        levels=6,
        fixed=2,
        blocks=(
            (31, 8, 14, 20),
            (30, 2, 15, 29),
            (0, 3, 10, 28),
            (6, 11, 26, 27),
            (7, 17, 19, 25),
            (1, 16, 21, 24),
            (4, 5, 9, 23),
            (12, 13, 18, 22),
        ),
        more=(
            (
                (31, 3, 15, 27),
                (30, 7, 11, 23),
                (10, 12, 19, 29),
                (20, 21, 26, 28),
                (4, 6, 8, 25),
                (9, 17, 18, 24),
                (0, 1, 14, 22),
                (2, 5, 13, 16),
            ),
        ),
    ),
    36: CyclicBase(
        m=10,
        levels=3,
        fixed=6,
        blocks=(
            (30, 5, 19, 25),
            (31, 8, 14, 26),
            (32, 6, 11, 29),
            (33, 9, 17, 20),
            (34, 1, 18, 23),
            (35, 0, 10, 24),
            (2, 21, 27, 28),
            (3, 4, 7, 16),
            (12, 13, 15, 22),
        ),
    ),
    40: CyclicBase(
        m=13,
        levels=3,
        fixed=1,
        blocks=(
            (39, 0, 13, 26),
            (1, 2, 16, 25),
            (3, 6, 22, 23),
            (9, 5, 14, 17),
            (4, 11, 31, 36),
            (12, 7, 28, 30),
            (10, 8, 32, 38),
            (15, 21, 29, 33),
            (19, 24, 35, 34),
            (18, 20, 27, 37),
        ),
    ),
    48: CyclicBase(
        m=11,
        levels=4,
        fixed=4,
        blocks=(
            (3, 9, 42, 40),
            (6, 7, 25, 4),
            (12, 11, 14, 0),
            (16, 38, 39, 43),
            (19, 13, 34, 28),
            (24, 35, 10, 17),
            (29, 27, 41, 22),
            (31, 8, 23, 21),
            (44, 1, 33, 20),
            (45, 2, 26, 36),
            (46, 15, 5, 32),
            (47, 37, 30, 18),
        ),
    ),
}


@dataclass(frozen=True)
class RotationalBase:
    """Starter tables on Z_m x 3 levels (pairs (x, level)) for 3m + 1 players."""

    m: int
    starters: tuple[tuple[tuple[int, int], tuple[int, int], tuple[int, int], tuple[int, int]], ...]

    @property
    def players(self) -> int:
        return 3 * self.m + 1


ROTATIONAL_BASES: dict[int, RotationalBase] = {
    52: RotationalBase(
        m=17,
        starters=(
            ((1, 0), (7, 2), (16, 0), (4, 2)),
            ((2, 0), (15, 2), (12, 1), (11, 2)),
            ((3, 0), (10, 1), (5, 1), (9, 0)),
            ((6, 0), (8, 2), (14, 0), (13, 0)),
        ),
    ),
    76: RotationalBase(
        m=25,
        starters=(
            ((1, 0), (8, 1), (4, 1), (18, 0)),
            ((2, 0), (3, 0), (12, 0), (14, 2)),
            ((5, 0), (21, 2), (16, 0), (24, 2)),
            ((6, 0), (13, 0), (11, 0), (7, 1)),
            ((9, 0), (22, 2), (15, 0), (17, 1)),
            ((10, 0), (19, 2), (20, 1), (23, 0)),
        ),
    ),
}


def rotational_schedule(base: RotationalBase) -> Schedule:
    """The base round (the fixed point with the three zeros, each starter turned through the
    levels), developed over Z_m like a cyclic base."""
    m = base.m

    def point(x: int, level: int) -> int:
        return (level % 3) * m + x

    blocks: list[tuple[int, int, int, int]] = [(3 * m, 0, m, 2 * m)]
    for a, b, c, d in base.starters:
        for turn in range(3):
            blocks.append(
                (
                    point(a[0], a[1] + turn),
                    point(b[0], b[1] + turn),
                    point(c[0], c[1] + turn),
                    point(d[0], d[1] + turn),
                )
            )
    return cyclic_schedule(CyclicBase(m=m, levels=3, fixed=1, blocks=tuple(blocks)))


def cyclic_schedule(base: CyclicBase) -> Schedule:
    """Develop each base round over Z_m: its round t shifts every non-fixed point by t."""
    m, finite = base.m, base.m * base.levels

    def shift(point: int, t: int) -> int:
        if point >= finite:
            return point
        level, x = divmod(point, m)
        return level * m + (x + t) % m

    return [
        [[shift(p, t) for p in block] for block in blocks]
        for blocks in (base.blocks, *base.more)
        for t in range(m)
    ]


def finite_field_schedule(q: int) -> Schedule:
    """The q-round schedule for 4q players over GF(q); q must be a prime power >= 4."""
    if q < 4 or prime_power(q) is None:
        raise ValueError(f"the finite-field schedule needs a prime power q >= 4, not {q}")
    field = GaloisField(q)
    rounds: Schedule = []
    for h in range(q):
        steps = [field.mul(e, h) for e in range(4)]
        rounds.append([[g * q + field.add(x, steps[g]) for g in range(4)] for x in range(q)])
    inner = zero_repeat_schedule(q) if q % 4 == 0 else []
    for inner_round in inner:
        rounds.append([[g * q + p for p in table] for g in range(4) for table in inner_round])
    return rounds


@lru_cache(maxsize=128)
def _best_schedule(n: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    candidates: list[Schedule] = []
    if n == 4:
        candidates.append([[[0, 1, 2, 3]]])
    if n == 8:
        candidates.append([[[0, 1, 2, 3], [4, 5, 6, 7]]])
    if n % 4 == 0 and n // 4 >= 4 and prime_power(n // 4) is not None:
        candidates.append(finite_field_schedule(n // 4))
    if n in CYCLIC_BASES:
        candidates.append(cyclic_schedule(CYCLIC_BASES[n]))
    if n in ROTATIONAL_BASES:
        candidates.append(rotational_schedule(ROTATIONAL_BASES[n]))
    if not candidates:
        return ()
    best = max(candidates, key=len)
    return tuple(tuple(tuple(table) for table in round_) for round_ in best)


def zero_repeat_schedule(n: int) -> Schedule:
    """The longest stored zero-repeat schedule for n points (empty when none is known)."""
    return [[list(table) for table in round_] for round_ in _best_schedule(n)]


def is_complete(n: int, rounds: int) -> bool:
    """True when `rounds` zero-repeat rounds on n points make every pair meet exactly once."""
    return n > 1 and 3 * rounds == n - 1
