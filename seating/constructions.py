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
  in which every pair meets exactly once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .fields import GaloisField, prime_power

Schedule = list[list[list[int]]]
"""Rounds of tables of points; points are 0..n-1."""


@dataclass(frozen=True)
class CyclicBase:
    """A base round on Z_m x levels plus fixed points; point (x, level) is level * m + x."""

    m: int
    levels: int
    fixed: int
    blocks: tuple[tuple[int, int, int, int], ...]

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


def cyclic_schedule(base: CyclicBase) -> Schedule:
    """Develop a base round over Z_m: round t shifts every non-fixed point by t."""
    m, finite = base.m, base.m * base.levels

    def shift(point: int, t: int) -> int:
        if point >= finite:
            return point
        level, x = divmod(point, m)
        return level * m + (x + t) % m

    return [[[shift(p, t) for p in block] for block in base.blocks] for t in range(m)]


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
