"""Bonko rulesets: the built-in one, and a club's house ruleset read from (and written to) data.

The dict form::

    {"code": "bonko", "name": "Bonko", "name_nl": "Bonko", "version": 1,
     "bell_score": 21,        # the King's table rings the bell at this score
     "bonko_points": 21,      # three target dice, called out
     "triple_points": 5,      # three of a kind of another number
     "rounds_per_set": 6,     # round r has target number r, so at most 6
     "movement": "seed"}      # winners up, losers stay, the King's losers to the lowest table

Only ``code``, ``name`` and ``name_nl`` are required; the other values default to the built-in
ones. Unknown keys are refused, so a misspelt key never silently changes scoring.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from typing import Any

from games.seam import RulesetError, is_int

MOVEMENTS = ("seed",)
DIE_FACES = 6
_CODE = re.compile(r"^[a-z0-9][a-z0-9_-]{0,39}$")
_MAX_POINTS = 10_000
_KEYS = (
    "code",
    "name",
    "name_nl",
    "version",
    "bell_score",
    "bonko_points",
    "triple_points",
    "rounds_per_set",
    "movement",
)


@dataclass(frozen=True, slots=True)
class Ruleset:
    """The values a Bonko round is scored by."""

    code: str
    name: str
    name_nl: str
    version: int = 1
    bell_score: int = 21
    bonko_points: int = 21
    triple_points: int = 5
    rounds_per_set: int = 6
    movement: str = "seed"

    def __post_init__(self) -> None:
        if not isinstance(self.code, str) or not _CODE.match(self.code):
            raise RulesetError(
                f"code must be 1 to 40 lower-case letters, digits, - or _; got {_show(self.code)}"
            )
        for key in ("name", "name_nl"):
            value = getattr(self, key)
            if not isinstance(value, str) or not value.strip() or len(value) > 100:
                raise RulesetError(f"{key} must be a text of 1 to 100 characters")
        _whole(self.version, "version", 1, 1_000_000)
        _whole(self.bell_score, "bell_score", 1, _MAX_POINTS)
        _whole(self.bonko_points, "bonko_points", 1, _MAX_POINTS)
        _whole(self.triple_points, "triple_points", 0, _MAX_POINTS)
        _whole(self.rounds_per_set, "rounds_per_set", 1, DIE_FACES)
        if self.movement not in MOVEMENTS:
            raise RulesetError(
                f"movement must be one of {', '.join(MOVEMENTS)}; got {_show(self.movement)}"
            )


def _show(value: object) -> str:
    if isinstance(value, str):
        return repr(value[:40]) + ("..." if len(value) > 40 else "")
    if isinstance(value, bool) or value is None:
        return repr(value)
    if is_int(value) and -(10**12) < value < 10**12:
        return str(value)
    return f"a {type(value).__name__}"


def _whole(value: object, key: str, low: int, high: int) -> None:
    if not is_int(value) or not low <= value <= high:
        raise RulesetError(f"{key} must be a whole number from {low} to {high}; got {_show(value)}")


BONKO = Ruleset(code="bonko", name="Bonko", name_nl="Bonko")
RULESETS: dict[str, Ruleset] = {BONKO.code: BONKO}


def ruleset_from_dict(data: object) -> Ruleset:
    """A house ruleset from its dict form; RulesetError says what is wrong if it cannot."""
    if not isinstance(data, dict):
        raise RulesetError("a ruleset must be an object")
    unknown = [key for key in data if key not in _KEYS]
    if unknown:
        keys = "unknown key" if len(unknown) == 1 else "unknown keys"
        raise RulesetError(f"{keys} {', '.join(_show(key) for key in unknown[:5])}")
    missing = [key for key in ("code", "name", "name_nl") if key not in data]
    if missing:
        raise RulesetError(f"missing {', '.join(missing)}")
    return Ruleset(**data)


def ruleset_to_dict(ruleset: Ruleset) -> dict[str, Any]:
    """The dict form of a ruleset (``ruleset_from_dict`` reads it back)."""
    if not isinstance(ruleset, Ruleset):
        raise RulesetError("not a Bonko ruleset")
    return asdict(ruleset)
