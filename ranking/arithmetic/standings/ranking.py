"""Ranking with ties, criterion by criterion.

Terms:

* **criterion**: a function from a group of still-tied players to a comparable value per
  player, higher is better. Most criteria ignore the group; head-to-head is computed among
  the group's members only, which is why criteria receive it.
* **rank**: competition ranking (1, 2, 2, 4): players equal on every criterion share a rank
  and are marked **tied**; the next rank skips the shared places.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

T = TypeVar("T", bound=Hashable)
Criterion = Callable[[Sequence[T]], Mapping[T, Any]]


@dataclass(frozen=True, slots=True)
class Ranked(Generic[T]):
    item: T
    rank: int
    tied: bool


def split_into_tie_groups(items: Sequence[T], criteria: Sequence[Criterion[T]]) -> list[list[T]]:
    """Order ``items`` by the criteria in turn; each group holds items equal on all of them."""
    groups: list[list[T]] = [list(items)] if items else []
    for criterion in criteria:
        refined: list[list[T]] = []
        for group in groups:
            if len(group) < 2:
                refined.append(group)
                continue
            values = criterion(group)
            ordered = sorted(group, key=lambda item: values[item], reverse=True)  # stable
            current = [ordered[0]]
            for item in ordered[1:]:
                if values[item] == values[current[0]]:
                    current.append(item)
                else:
                    refined.append(current)
                    current = [item]
            refined.append(current)
        groups = refined
    return groups


def rank(items: Sequence[T], criteria: Sequence[Criterion[T]]) -> list[Ranked[T]]:
    """Competition ranks, best first; equal on every criterion means the same rank."""
    ranked: list[Ranked[T]] = []
    position = 1
    for group in split_into_tie_groups(items, criteria):
        for item in group:
            ranked.append(Ranked(item, position, len(group) > 1))
        position += len(group)
    return ranked


def stable_player_order(player_ids: Sequence[T]) -> list[T]:
    """Players sorted by id when ids are comparable, else in order of first appearance."""
    unique = list(dict.fromkeys(player_ids))
    try:
        return sorted(unique)  # type: ignore[type-var]
    except TypeError:
        return unique
