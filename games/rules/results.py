"""What the engine returns: per game and per session results.

Terms
-----
base        A seat's points from the deal itself, before doubling (None at the ``net`` level,
            where only the scores after doubling were recorded).
points      A seat's points for the game after doubling.
totals      Per seat, the sum of ``points`` over the games (or the recorded totals of a
            totals-only session).
placements  1-based table places by total, highest first; ties share the better place
            (competition ranking: totals [50, 50, 0, -100] give [1, 1, 3, 4]).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.rules.errors import RuleError
from games.rules.rulesets import Ruleset


@dataclass(slots=True)
class GameResult:
    """One scored game. ``number`` is 1-based; ``doubles`` are (doubler, target) pairs."""

    number: int
    contract: str
    chooser: int
    level: str
    base: list[int] | None
    points: list[int]
    doubles: list[tuple[int, int]]

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "contract": self.contract,
            "chooser": self.chooser,
            "level": self.level,
            "base": self.base,
            "points": self.points,
            "doubles": [[doubler, target] for doubler, target in self.doubles],
        }


@dataclass(slots=True)
class SessionResult:
    """The outcome of validating and scoring one session document.

    An invalid result carries only ``errors``: no games, totals or placements, so nothing
    half-checked is ever stored or shown.
    """

    valid: bool
    errors: list[RuleError] = field(default_factory=list)
    ruleset: Ruleset | None = None
    games: list[GameResult] = field(default_factory=list)
    totals: list[int] | None = None
    complete: bool = False
    next_chooser: int | None = None
    available_contracts: list[str] = field(default_factory=list)
    placements: list[int] | None = None

    def to_dict(self) -> dict[str, Any]:
        """The JSON-able result document (the API and the CLI print this)."""
        if not self.valid:
            return {"valid": False, "errors": [error.to_dict() for error in self.errors]}
        return {
            "valid": True,
            "ruleset": self.ruleset.code if self.ruleset is not None else None,
            "games": [game.to_dict() for game in self.games],
            "totals": self.totals,
            "complete": self.complete,
            "next_chooser": self.next_chooser,
            "available_contracts": self.available_contracts,
            "placements": self.placements,
        }


def placements(totals: list[int]) -> list[int]:
    """Competition ranking, highest total first: [50, 50, 0, -100] -> [1, 1, 3, 4]."""
    ranked = sorted(totals, reverse=True)
    return [ranked.index(total) + 1 for total in totals]
