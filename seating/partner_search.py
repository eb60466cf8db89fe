"""Simulated annealing over partners and opponents: a team game seated without fixed teams.

``arrange_partners`` (partners.py) only splits tables that were chosen for meetings alone; this
search also moves players between tables. The state is every free round's tables in seat order
(the byes stay); the cost, over the fixed and the free rounds, is

    sum over pairs of PARTNER_COST * max(partnered - 1, 0) + opposed^2,

so partners twice cost more than any spread of opponents, and the sum of squared opponent
meetings spreads them. A move exchanges two players of one round: at two tables (which changes
both tables' teams) or at one table (which changes its split). Its cost change is read from the
two tables alone, so a move costs a few dozen look-ups and a second is some tens of thousands of
moves. The best schedule seen is returned; the run is deterministic for a given seed.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Mapping, Sequence

from .types import Pair, PlayerId, SeatingRound

PARTNER_COST = 50
"""Cost of one pair partnering again: above the opponent spread any single move can buy."""

TEMPERATURES = (1.5, 0.05)
"""Start and end temperature of the geometric cooling schedule."""

Seats = Mapping[int, Sequence[Sequence[int]]]


def _seat_pairs(groups: Sequence[Sequence[int]]) -> list[tuple[int, int, bool]]:
    """The seat pairs of a table of these team seats, with True for partners."""
    team = {}
    for number, group in enumerate(groups):
        for seat in group:
            team[seat] = number
    size = len(team)
    return [(i, j, team[i] == team[j]) for i in range(size) for j in range(i + 1, size)]


def _relations(
    table: Sequence[PlayerId], seat_pairs: Sequence[tuple[int, int, bool]]
) -> list[tuple[Pair, bool]]:
    """The table's pairs, each with True for partners (same team) and False for opponents."""
    out = []
    for i, j, partners in seat_pairs:
        a, b = table[i], table[j]
        out.append(((a, b) if a < b else (b, a), partners))
    return out


class _Counts:
    def __init__(self) -> None:
        self.partners: Counter[Pair] = Counter()
        self.opponents: Counter[Pair] = Counter()

    def add(self, relations: list[tuple[Pair, bool]], sign: int) -> None:
        for key, partners in relations:
            (self.partners if partners else self.opponents)[key] += sign

    def cost(self, relations: list[tuple[Pair, bool]]) -> int:
        """What these relations add to the cost, given the counts without them."""
        total = 0
        for key, partners in relations:
            if partners:
                total += PARTNER_COST if self.partners[key] else 0
            else:
                total += 2 * self.opponents[key] + 1
        return total


def improve_partners(
    fixed: Sequence[SeatingRound],
    free: Sequence[SeatingRound],
    team_seats: Seats,
    *,
    budget: int,
    seed: int,
) -> list[SeatingRound]:
    """The free rounds after the search (see the module); tables keep their sizes, byes stay."""
    counts = _Counts()
    pairs = {size: _seat_pairs(groups) for size, groups in team_seats.items()}
    for round_ in fixed:
        for table in round_.tables:
            if len(table) in team_seats:
                counts.add(_relations(table, pairs[len(table)]), 1)
    tabs = [[list(t) for t in round_.tables] for round_ in free]
    movable = [[i for i, t in enumerate(r) if len(t) in team_seats] for r in tabs]
    for tables, indices in zip(tabs, movable, strict=True):
        for i in indices:
            counts.add(_relations(tables[i], pairs[len(tables[i])]), 1)
    rounds = [r for r in range(len(tabs)) if movable[r]]
    if not rounds:
        return [SeatingRound(tables=t, byes=list(r.byes)) for t, r in zip(tabs, free, strict=True)]
    rng = random.Random(seed)
    best, best_tabs, total = 0, [[t[:] for t in r] for r in tabs], 0
    temp_hi, temp_lo = TEMPERATURES
    for step in range(budget):
        temperature = temp_hi * (temp_lo / temp_hi) ** (step / budget)
        r = rounds[rng.randrange(len(rounds))]
        tables, indices = tabs[r], movable[r]
        a, b = indices[rng.randrange(len(indices))], indices[rng.randrange(len(indices))]
        ta, tb = tables[a], tables[b]
        i, j = rng.randrange(len(ta)), rng.randrange(len(tb))
        if a == b and i == j:
            continue
        touched = [a] if a == b else [a, b]
        before = [_relations(tables[x], pairs[len(tables[x])]) for x in touched]
        for rel in before:
            counts.add(rel, -1)
        old = sum(counts.cost(rel) for rel in before)
        ta[i], tb[j] = tb[j], ta[i]
        after = [_relations(tables[x], pairs[len(tables[x])]) for x in touched]
        new = sum(counts.cost(rel) for rel in after)  # two tables share no pair
        delta = new - old
        if delta <= 0 or rng.random() < math.exp(-delta / temperature):
            for rel in after:
                counts.add(rel, 1)
            total += delta
            if total < best:
                best, best_tabs = total, [[t[:] for t in rr] for rr in tabs]
        else:
            ta[i], tb[j] = tb[j], ta[i]
            for rel in before:
                counts.add(rel, 1)
    return [
        SeatingRound(tables=t, byes=list(round_.byes))
        for t, round_ in zip(best_tabs, free, strict=True)
    ]
