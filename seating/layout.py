"""How many tables of which sizes seat the players present: ``table_layout``.

A game allows some table sizes (Bonken and Bonko 4; Jonkler 3 to 6; Bonanza Rummy 2 to 9) and
prefers one of them (Bonken 4, Jonkler 4, Bonanza 5). The rule, in order:

1. Fewest byes: seat as many players as some mix of allowed sizes can. When a mix seats
   everyone there is no bye at all (Jonkler and Bonanza seat every count from their smallest
   table up); Bonken and Bonko, whose only size is four, leave players % 4 out, as ever.
2. Tables as close to the preferred size as possible: the least total distance from it,
   the sum over tables of |size - preferred|.
3. Then fewer tables (so bigger ones): Jonkler's 14 players sit 5 + 5 + 4 rather than
   4 + 4 + 3 + 3 (both two seats from four in all).
4. Then tables as even as possible (the least sum of squared distances): Bonanza's 12 sit
   6 + 6 rather than 7 + 5.
5. Then more of the bigger tables, and the tables are listed largest first.

So the preferred size is what the tables aim for, not a count to maximise: counting tables of
the preferred size first would seat 14 Jonkler players 4 + 4 + 3 + 3 and 12 Bonanza players
5 + 5 + 2, a table of two beside two full ones. Some results: Jonkler (3..6, preferred 4):
6 -> 6, 7 -> 4 + 3, 10 -> 5 + 5, 14 -> 5 + 5 + 4, 15 -> 4 + 4 + 4 + 3; Bonanza (2..9, preferred
5): 7 -> 7, 8 -> 4 + 4, 12 -> 6 + 6, 13 -> 5 + 4 + 4; Bonken 17 -> 4 + 4 + 4 + 4 and one bye.

Every key above is a sum over the tables of a vector per table, compared in lexicographic
order, which addition preserves; so a dynamic programme over the number of players seated
finds the best layout exactly, in O(players x sizes).
"""

from __future__ import annotations

from collections.abc import Iterable

from .types import SeatingError

MAX_PLAYERS = 100_000
"""A bound on the players one layout is asked for (far above any club night)."""


def check_sizes(sizes: Iterable[int]) -> tuple[int, ...]:
    """The allowed sizes, sorted and without repeats; SeatingError when there are none or one
    is below one."""
    allowed = tuple(sorted(set(sizes)))
    if not allowed:
        raise SeatingError(["no table size is allowed"])
    if allowed[0] < 1:
        raise SeatingError([f"table size {allowed[0]} is not a positive number"])
    return allowed


def table_layout(players: int, sizes: Iterable[int], preferred: int | None = None) -> list[int]:
    """The table sizes for ``players`` (largest first); the players they leave out sit out.

    ``sizes`` are the sizes a table may have, ``preferred`` the one to aim for (by default the
    smallest allowed size of at least four, else the largest). See the module for the rule.
    """
    allowed = check_sizes(sizes)
    if players < 0 or players > MAX_PLAYERS:
        raise SeatingError([f"{players} players cannot be seated"])
    if preferred is None:
        preferred = next((size for size in allowed if size >= 4), allowed[-1])
    if allowed == (4,):
        return [4] * (players // 4)  # the common case, and what every Bonken night does
    # One vector per table: (distance, one table, squared distance, then minus one for its
    # size among the sizes largest first), so a smaller sum is a better layout.
    descending = allowed[::-1]
    width = 3 + len(descending)
    vectors = {}
    for rank, size in enumerate(descending):
        vector = [abs(size - preferred), 1, (size - preferred) ** 2] + [0] * len(descending)
        vector[3 + rank] = -1
        vectors[size] = tuple(vector)
    best: list[tuple[int, ...] | None] = [None] * (players + 1)
    last: list[int] = [0] * (players + 1)
    best[0] = (0,) * width
    for seated in range(1, players + 1):
        for size in allowed:
            if size > seated:
                break
            before = best[seated - size]
            if before is None:
                continue
            key = tuple(a + b for a, b in zip(before, vectors[size], strict=True))
            current = best[seated]
            if current is None or key < current:
                best[seated], last[seated] = key, size
    seated = max(m for m in range(players + 1) if best[m] is not None)
    layout = []
    while seated:
        layout.append(last[seated])
        seated -= last[seated]
    return sorted(layout, reverse=True)


def byes_needed(players: int, sizes: Iterable[int], preferred: int | None = None) -> int:
    """How many of ``players`` sit out: those no mix of allowed sizes can seat."""
    return players - sum(table_layout(players, sizes, preferred))


def cut_tables(order: list[int], layout: list[int]) -> list[list[int]]:
    """``order`` cut into consecutive tables of the layout's sizes."""
    tables, start = [], 0
    for size in layout:
        tables.append(order[start : start + size])
        start += size
    return tables
