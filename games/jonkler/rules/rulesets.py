"""Jonkler rulesets: the values a club may change in a house ruleset, as data.

A ruleset fixes how many rounds a session has (round R deals R cards to each player, so R
tricks are played), what a met bid scores (``met_round_factor`` times R plus
``met_bid_factor`` times the bid), what a missed bid scores per trick taken
(``miss_trick_points``) and whether the dealer's "hook" applies (the dealer may not bid the
number that makes the bids add up to R).

The dict form (``ruleset_to_dict`` writes every key, ``ruleset_from_dict`` needs only the
first three)::

    {"code": "jonkler", "name": "Jonkler", "name_nl": "Jonkler", "version": 1,
     "rounds": 8, "met_round_factor": 5, "met_bid_factor": 10, "miss_trick_points": 1,
     "hook_rule": true}

Unknown keys are refused, so a misspelt key never silently changes scoring.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from games.seam import RulesetError, is_int

MAX_ROUNDS = 20
MAX_FACTOR = 1_000
_CODE = re.compile(r"^[a-z][a-z0-9_]{0,39}$")
_MAX_NAME = 200


def show(value: object) -> str:
    """A short, safe rendering of some input for a reason."""
    if isinstance(value, str):
        return repr(value[:40]) + ("..." if len(value) > 40 else "")
    if is_int(value) and abs(value) < 10**12:
        return str(value)
    if isinstance(value, bool) or value is None or isinstance(value, float):
        return repr(value)
    return f"a {type(value).__name__}"


def _whole(value: object, what: str, low: int, high: int) -> int:
    if not is_int(value) or not low <= value <= high:
        raise RulesetError(f"{what} must be a whole number from {low} to {high}; got {show(value)}")
    return value


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A Jonkler variant. Built with keywords; every value is checked (RulesetError)."""

    code: str
    name: str
    name_nl: str
    version: int = 1
    rounds: int = 8
    met_round_factor: int = 5
    met_bid_factor: int = 10
    miss_trick_points: int = 1
    hook_rule: bool = True

    def __post_init__(self) -> None:
        if not isinstance(self.code, str) or not _CODE.match(self.code):
            raise RulesetError(
                "code must be lower-case letters, digits and underscores, starting with a "
                f"letter, at most 40 characters; got {show(self.code)}"
            )
        for label, value in (("name", self.name), ("name_nl", self.name_nl)):
            if not isinstance(value, str) or not value.strip() or len(value) > _MAX_NAME:
                raise RulesetError(
                    f"{label} must be a non-empty text of at most {_MAX_NAME} characters"
                )
        _whole(self.version, "version", 1, 1_000_000)
        _whole(self.rounds, "rounds", 1, MAX_ROUNDS)
        _whole(self.met_round_factor, "met_round_factor", 0, MAX_FACTOR)
        _whole(self.met_bid_factor, "met_bid_factor", 0, MAX_FACTOR)
        _whole(self.miss_trick_points, "miss_trick_points", -MAX_FACTOR, MAX_FACTOR)
        if not isinstance(self.hook_rule, bool):
            raise RulesetError(f"hook_rule must be true or false; got {show(self.hook_rule)}")

    def met_points(self, round_number: int, bid: int) -> int:
        """What a bid met exactly scores in round ``round_number``."""
        return self.met_round_factor * round_number + self.met_bid_factor * bid

    def miss_points(self, tricks: int) -> int:
        """What a missed bid scores for ``tricks`` tricks taken."""
        return self.miss_trick_points * tricks


JONKLER = Ruleset(code="jonkler", name="Jonkler", name_nl="Jonkler")
RULESETS: dict[str, Ruleset] = {JONKLER.code: JONKLER}
DEFAULT_RULESET = JONKLER.code

_KEYS = (
    "code",
    "name",
    "name_nl",
    "version",
    "rounds",
    "met_round_factor",
    "met_bid_factor",
    "miss_trick_points",
    "hook_rule",
)
_REQUIRED = ("code", "name", "name_nl")


def ruleset_from_dict(data: object) -> Ruleset:
    """A ruleset from its dict form; RulesetError says what is wrong if it cannot be built.
    Keys left out take the built-in ``jonkler`` values."""
    if not isinstance(data, dict):
        raise RulesetError("a ruleset must be an object")
    unknown = [key for key in data if key not in _KEYS]
    if unknown:
        keys = "unknown key" if len(unknown) == 1 else "unknown keys"
        raise RulesetError(
            f"{keys} {', '.join(show(key) for key in unknown[:5])}; "
            f"a Jonkler ruleset has {', '.join(_KEYS)}"
        )
    missing = [key for key in _REQUIRED if key not in data]
    if missing:
        raise RulesetError(f"missing {', '.join(missing)}")
    return Ruleset(**data)


def ruleset_to_dict(ruleset: Ruleset) -> dict[str, Any]:
    """The dict form of a ruleset (every key; ``ruleset_from_dict`` reads it back)."""
    return {key: getattr(ruleset, key) for key in _KEYS}
