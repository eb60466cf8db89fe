"""A stored Bonko result read for the sentence that says it: who won, by how much, and the
roll-off that decided a tie (``Outcome.to_dict()``'s ``teams``, ``winner``, ``scores`` and
``rolloff``). The words are the pages' (``games.bonko.plugin.words``); this is what they say."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Summary:
    """One table's result: the winning and the losing team (their seats), their scores, and
    each roll-off session's points as (winners', losers'), empty when the scores differed."""

    winners: tuple[int, ...]
    losers: tuple[int, ...]
    won: int
    lost: int
    rolloffs: tuple[tuple[int, int], ...] = ()


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def summary(result: Mapping[str, Any] | None) -> Summary | None:
    """The result's summary, or None for none (no winner, a result that is not valid, or one
    that is not a Bonko result's shape)."""
    if not result or not result.get("valid", True):
        return None
    winner, teams, scores = result.get("winner"), result.get("teams"), result.get("scores")
    if winner not in (0, 1) or not _pair(teams) or not _pair(scores):
        return None
    assert isinstance(teams, Sequence) and isinstance(scores, Sequence)
    if not all(_whole(score) for score in scores):
        return None
    loser = 1 - winner
    rolloff = result.get("rolloff") or [[], []]
    sessions: tuple[tuple[int, int], ...] = ()
    if _pair(rolloff) and all(isinstance(team, Sequence) for team in rolloff):
        sessions = tuple(
            (first, second)
            for first, second in zip(rolloff[winner], rolloff[loser], strict=False)
            if _whole(first) and _whole(second)
        )
    return Summary(
        winners=tuple(teams[winner] or ()),
        losers=tuple(teams[loser] or ()),
        won=scores[winner],
        lost=scores[loser],
        rolloffs=sessions,
    )


def _pair(value: Any) -> bool:
    return isinstance(value, Sequence) and not isinstance(value, str) and len(value) == 2
