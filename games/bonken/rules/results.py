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

from games.bonken.rules.errors import RuleError
from games.bonken.rules.rulesets import Ruleset
from games.seam import Part


@dataclass(slots=True)
class GameResult:
    """One scored game. ``number`` is 1-based; ``doubles`` are (doubler, target) pairs. A
    row of a paper sheet (level ``sheet``) has no chooser, no base and no doubles."""

    number: int
    contract: str
    chooser: int | None  # None for a row of a paper sheet (level ``sheet``): not recorded
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
    # The document scored (set by ``GAME.score``): a part's data is what its game recorded.
    source: Any = field(default=None, compare=False, repr=False)

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

    # --- The seam's Outcome (games.seam) ---------------------------------------------------

    def parts(self) -> list[Part]:
        """One part per game: the contract, its chooser, the level, what was recorded (the
        game's entry in the document without contract and chooser) and each seat's points."""
        source = self.source if isinstance(self.source, dict) else {}
        entries = source.get("sheet") if source.get("sheet") is not None else source.get("games")
        entries = entries if isinstance(entries, list) else []
        parts = []
        for game in self.games:
            entry = entries[game.number - 1] if game.number <= len(entries) else None
            data = (
                {key: value for key, value in entry.items() if key not in ("contract", "chooser")}
                if isinstance(entry, dict)
                else None
            )
            parts.append(
                Part(game.number, game.contract, game.chooser, game.level, data, list(game.points))
            )
        return parts

    def hint(self) -> dict[str, Any]:
        """Who chooses next and what they may choose (empty once complete or invalid)."""
        if not self.valid or self.complete:
            return {}
        return {"next_chooser": self.next_chooser, "available_contracts": self.available_contracts}

    def stats(self) -> dict[str, list[int]]:
        return {}

    def teams(self) -> list[list[int]] | None:
        return None


def placements(totals: list[int]) -> list[int]:
    """Competition ranking, highest total first: [50, 50, 0, -100] -> [1, 1, 3, 4]."""
    ranked = sorted(totals, reverse=True)
    return [ranked.index(total) + 1 for total in totals]
