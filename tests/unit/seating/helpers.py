"""Checks shared by the seating tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from seating import SeatingRound, table_layout


def assert_valid_round(
    players: Sequence[int],
    round_: SeatingRound,
    sizes: Sequence[int] = (4,),
    preferred: int | None = None,
) -> None:
    """Every present player seated exactly once or on a bye; tables of the layout's sizes
    (four for Bonken); byes only those the layout leaves (n % 4 for Bonken)."""
    layout = table_layout(len(players), sizes, preferred)
    assert sorted((len(table) for table in round_.tables), reverse=True) == layout
    assert all(len(table) in sizes for table in round_.tables)
    placed = Counter(round_.seated()) + Counter(round_.byes)
    assert sorted(placed) == sorted(players)
    assert set(placed.values()) <= {1}
    assert len(round_.byes) == len(players) - sum(layout)


def sit_outs_fair(rounds: Sequence[SeatingRound], start: dict[int, int] | None = None) -> bool:
    """Each round's byes went to players with the fewest sit-outs among those present."""
    counts: Counter[int] = Counter(start or {})
    for round_ in rounds:
        if round_.byes and round_.tables:
            if max(counts[p] for p in round_.byes) > min(counts[p] for p in round_.seated()):
                return False
        counts.update(round_.byes)
    return True


def assert_no_pair_twice(rounds: Sequence[Sequence[Sequence[int]]]) -> None:
    """No two players share a table in more than one of the rounds (each a list of tables)."""
    met: set[tuple[int, int]] = set()
    for tables in rounds:
        for table in tables:
            for i, a in enumerate(table):
                for b in table[i + 1 :]:
                    pair = (min(a, b), max(a, b))
                    assert pair not in met, pair
                    met.add(pair)
