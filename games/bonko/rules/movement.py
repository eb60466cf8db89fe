"""Progressive movement between rounds: where each team plays next.

Tables are numbered from 1; table 1 is the King's table. The seed's rule (ruleset movement
``"seed"``): the winning team of every table moves up one table and the losing team stays; the
King's table's winners stay, and its losers go to the lowest table. The team already at a table
rolls first, the team that moved there second.

With one table both teams stay: the winners roll first, the losers (who "moved" to the lowest
table, which is this one) second.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from games.bonko.rules.rulesets import MOVEMENTS

T = TypeVar("T", bound=Hashable)


def next_tables(results: Sequence[tuple[T, T]], *, rule: str = "seed") -> list[tuple[T, T]]:
    """For the next round, by table number (index 0 is the King's table): the pair (team
    already there, rolls first; team that moved there). ``results`` is by table number the pair
    (winning team, losing team) of this round; ValueError if a team is named twice or the rule
    is unknown."""
    if rule not in MOVEMENTS:
        raise ValueError(f"unknown movement rule {rule!r}")
    teams = [team for pair in results for team in pair]
    if len(set(teams)) != len(teams):
        raise ValueError("each team plays at one table")
    count = len(results)
    if count == 0:
        return []
    king_winners, king_losers = results[0]
    if count == 1:
        return [(king_winners, king_losers)]
    tables: list[tuple[T, T]] = [(king_winners, results[1][0])]
    for index in range(1, count - 1):
        tables.append((results[index][1], results[index + 1][0]))
    tables.append((results[-1][1], king_losers))
    return tables


@dataclass(frozen=True, slots=True)
class Moves:
    """Where a table's teams play the next round, by table number (1 is the King's table)."""

    winners: int
    losers: int


def moves_after(table: int, tables: int, *, rule: str = "seed") -> Moves:
    """Where the winners and the losers of table ``table`` (of ``tables``, numbered from 1) play
    the next round: the same rule as ``next_tables``, told for one table. ValueError for a
    table the round does not have or an unknown rule."""
    if rule not in MOVEMENTS:
        raise ValueError(f"unknown movement rule {rule!r}")
    if tables < 1 or not 1 <= table <= tables:
        raise ValueError(f"table {table} is not one of {tables} tables")
    if table == 1:
        return Moves(winners=1, losers=tables)  # one table: both teams stay
    return Moves(winners=table - 1, losers=table)
