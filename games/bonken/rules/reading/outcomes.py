"""The scores after doubling that a deal of a contract can give: a finite set per contract.

A paper score sheet records only each seat's score after doubling (the ``net`` level), so the
engine checks such a row against every score a deal and its doubling could produce.

Terms
-----
connection   The doubles between two seats: 0, 1 or 2 (each may double the other). A double
             (a, b) and its return (b, a) move the same points (``base[a] - base[b]`` to a), so
             only the number of connections per pair counts, and every number 0 to 2 is legal
             for every pair whoever chose (the chooser's double is always a doubling back).
outcome      A seat's scores after doubling, kept sorted: the rules do not care which seat is
             which, so the set of outcomes is the same under any reordering of the seats and a
             sorted row stands for all its reorderings.

The set is built once per contract shape (values and units per card kind) and cached.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import product

from games.bonken.rules.rulesets import Contract

SEATS = 4
PAIRS = tuple((a, b) for a in range(SEATS) for b in range(a + 1, SEATS))
# Shapes beyond these are not enumerated (a house ruleset could declare anything); their net
# rows are then checked only for their total, unit and range.
MAX_UNITS = 60
MAX_KINDS = 3

Shape = tuple[tuple[int, int], ...]  # (value per unit, units per deal) per card kind


def shape_of(contract: Contract) -> Shape:
    if contract.card_kinds:
        return tuple((kind.value, kind.units) for kind in contract.card_kinds)
    assert contract.value is not None
    return ((contract.value, contract.units),)


def _splits(units: int) -> Iterator[tuple[int, int, int, int]]:
    """Every way to share ``units`` among four seats."""
    for a in range(units + 1):
        for b in range(units - a + 1):
            for c in range(units - a - b + 1):
                yield a, b, c, units - a - b - c


def _sorted_splits(units: int) -> Iterator[tuple[int, int, int, int]]:
    """The ways to share ``units`` among four seats up to the seats' order."""
    for a in range(units // 4 + 1):
        for b in range(a, (units - a) // 3 + 1):
            for c in range(b, (units - a - b) // 2 + 1):
                yield a, b, c, units - a - b - c


def deal_points(shape: Shape) -> set[tuple[int, ...]]:
    """Each seat's deal points (before doubling) a deal can give, up to the seats' order."""
    if len(shape) == 1:
        value, units = shape[0]
        return {tuple(sorted(value * n for n in split)) for split in _sorted_splits(units)}
    found = set()
    for splits in product(*(_splits(units) for _, units in shape)):
        base = [
            sum(value * split[seat] for (value, _), split in zip(shape, splits, strict=True))
            for seat in range(SEATS)
        ]
        found.add(tuple(sorted(base)))
    return found


@lru_cache(maxsize=128)
def outcomes(shape: Shape) -> frozenset[tuple[int, ...]] | None:
    """Every score row after doubling (sorted) a deal of this shape can give; None when the
    shape is too large to enumerate."""
    if len(shape) > MAX_KINDS or any(units > MAX_UNITS for _, units in shape):
        return None
    found: set[tuple[int, ...]] = set()
    for base in deal_points(shape):
        rows = {base}
        for a, b in PAIRS:
            moved = base[a] - base[b]
            if not moved:
                continue
            grown = set()
            for row in rows:
                for times in (1, 2):
                    step = list(row)
                    step[a] += times * moved
                    step[b] -= times * moved
                    grown.add(tuple(step))
            rows |= grown
        found.update(tuple(sorted(row)) for row in rows)
    return frozenset(found)


def possible(shape: Shape, net: Sequence[int]) -> bool:
    """Whether some deal of this shape, doubled somehow, gives the scores ``net``."""
    known = outcomes(shape)
    return known is None or tuple(sorted(net)) in known
