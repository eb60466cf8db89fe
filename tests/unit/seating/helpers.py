"""Checks shared by the seating tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from tournaments.seating import Round


def assert_valid_round(players: Sequence[int], round_: Round) -> None:
    """Every present player seated exactly once or on a bye; tables of four; byes = n % 4."""
    assert all(len(table) == 4 for table in round_.tables)
    placed = Counter(round_.seated()) + Counter(round_.byes)
    assert sorted(placed) == sorted(players)
    assert set(placed.values()) <= {1}
    assert len(round_.byes) == len(players) % 4


def sit_outs_fair(rounds: Sequence[Round], start: dict[int, int] | None = None) -> bool:
    """Each round's byes went to players with the fewest sit-outs among those present."""
    counts: Counter[int] = Counter(start or {})
    for round_ in rounds:
        if round_.byes and round_.tables:
            if max(counts[p] for p in round_.byes) > min(counts[p] for p in round_.seated()):
                return False
        counts.update(round_.byes)
    return True
