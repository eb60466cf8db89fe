"""Bonanza Rummy rulesets as data: the board's sections, the built-in ruleset, house rulesets.

The board has ten sections (``SECTIONS``, in the order the board shows them); a hand's
document names eight of them under ``sections`` (``SHOWN``): ``poker`` is settled by the poker
entrants and ``bonanza`` (the circle) by the player who goes out.

A ruleset's dict form (house rules are stored and exchanged this way)::

    {"code": "house", "name": "...", "name_nl": "...", "version": 1,
     "ante": 1,                # chips each player puts on each section every hand
     "poker_stake": 2,         # chips each poker entrant adds to the poker section
     "leftover": "split",      # how an ended session settles the board: split, last_winner
     "max_cards_left": 52}     # the most cards a player may still hold when someone goes out

Every key but ``code``, ``name`` and ``name_nl`` may be left out (the built-in values then
apply). Unknown keys are refused, so a misspelt key never silently changes a score.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.seam import RulesetError, is_int

GAME_CODE = "bonanza"
DEFAULT_RULESET = "bonanza"

SECTIONS: tuple[str, ...] = (
    "joker",
    "jd_qs",
    "sequence",
    "td_2s",
    "poker",
    "ace_spades",
    "king_hearts",
    "queen_diamonds",
    "jack_clubs",
    "bonanza",
)
POKER = SECTIONS.index("poker")
BONANZA = SECTIONS.index("bonanza")
# The sections a hand's ``sections`` object names, with their index on the board.
SHOWN: tuple[str, ...] = tuple(s for s in SECTIONS if s not in ("poker", "bonanza"))
SHOWN_INDEX: tuple[int, ...] = tuple(SECTIONS.index(s) for s in SHOWN)

LEFTOVER_RULES = ("split", "last_winner")
MIN_SEATS, MAX_SEATS = 2, 9
DECK = 53  # 52 cards and one joker
_LIMIT = 10_000  # the largest ante or stake a ruleset may set
_MAX_TEXT = 100

_KEYS = ("code", "name", "name_nl", "version", "ante", "poker_stake", "leftover", "max_cards_left")


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A Bonanza Rummy ruleset: the ante per section, the poker stake, the default leftover
    rule of an ended session, and the most cards a player may hold when someone goes out."""

    code: str
    name: str
    name_nl: str
    version: int = 1
    ante: int = 1
    poker_stake: int = 2
    leftover: str = "split"
    max_cards_left: int = 52

    def __post_init__(self) -> None:
        for key in ("code", "name", "name_nl"):
            value = getattr(self, key)
            if not isinstance(value, str) or not value.strip() or len(value) > _MAX_TEXT:
                raise RulesetError(f"{key} must be a text of 1 to {_MAX_TEXT} characters")
        _whole(self.version, "version", 1, 10**6)
        _whole(self.ante, "ante", 1, _LIMIT)
        _whole(self.poker_stake, "poker_stake", 1, _LIMIT)
        _whole(self.max_cards_left, "max_cards_left", 1, DECK)
        if self.leftover not in LEFTOVER_RULES:
            raise RulesetError(
                f"leftover must be one of {', '.join(LEFTOVER_RULES)}, not {_show(self.leftover)}"
            )


def _show(value: object) -> str:
    if isinstance(value, str):
        return repr(value if len(value) <= 40 else value[:37] + "...")
    if is_int(value) and abs(value) < 10**12:
        return str(value)
    return f"a {type(value).__name__}"


def _whole(value: object, key: str, low: int, high: int) -> None:
    if not is_int(value) or not low <= value <= high:
        raise RulesetError(f"{key} must be a whole number from {low} to {high}, not {_show(value)}")


RULESETS: dict[str, Ruleset] = {
    "bonanza": Ruleset(code="bonanza", name="Bonanza Rummy", name_nl="Bonanza Rummy"),
}


def get_ruleset(code: str) -> Ruleset:
    """The built-in ruleset ``code``; RulesetError if there is none."""
    try:
        return RULESETS[code]
    except KeyError:
        raise RulesetError(f"unknown ruleset {_show(code)}; known: {', '.join(RULESETS)}") from None


def ruleset_from_dict(data: object) -> Ruleset:
    """A ruleset from its dict form (see the module docstring); RulesetError says what is
    wrong when it cannot be built."""
    if not isinstance(data, dict):
        raise RulesetError("a ruleset must be an object")
    unknown = [key for key in data if key not in _KEYS]
    if unknown:
        keys = "unknown key" if len(unknown) == 1 else "unknown keys"
        raise RulesetError(f"{keys} {', '.join(_show(key) for key in unknown[:5])}")
    missing = [key for key in ("code", "name", "name_nl") if key not in data]
    if missing:
        raise RulesetError(f"missing {', '.join(missing)}")
    values: dict[str, Any] = {key: data[key] for key in _KEYS if key in data}
    return Ruleset(**values)


def ruleset_to_dict(ruleset: Ruleset) -> dict[str, Any]:
    """The dict form of a ruleset (``ruleset_from_dict`` reads it back)."""
    return {key: getattr(ruleset, key) for key in _KEYS}
