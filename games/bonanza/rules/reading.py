"""Reading a session document: every problem reported, and the hands as typed records.

``read_session`` checks the document as a whole (game, ruleset, seats, first dealer, end) and
each hand in turn (``hands.read_hand``), adding one :class:`RuleError` per problem. It
returns a :class:`Reading` whose ``hands`` are only usable when no error was found.

Decisions where GAMES.md is silent:

* A missing or null ``game`` is accepted (the caller chose this game); another value is
  ``unknown_game``. A missing or null ``ruleset`` means ``bonanza``; a ``ruleset=`` argument
  replaces the document's.
* ``seats`` may be left out when the table's players are known (``names``); it is then their
  count. ``first_dealer`` defaults to 0; ``hands`` to none; ``end`` to null (not finished);
  ``end.leftover`` to the ruleset's leftover rule.
* In a hand, ``widow`` null means the dealer kept it; ``poker`` null (or no entrants) means
  nobody played poker; a missing ``sections`` object or section means nobody took it. ``out``
  is required: every hand ends with one player out.
* When the number of seats is unknown (missing or out of range), seat numbers are checked
  against the largest table (0 to 8) and lengths are not checked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from games.bonanza.rules.errors import RuleError, listing, quoted, rule_error
from games.bonanza.rules.errors import unknown_keys as _unknown
from games.bonanza.rules.hands import Hand, HandContext, read_hand
from games.bonanza.rules.rulesets import (
    DEFAULT_RULESET,
    GAME_CODE,
    LEFTOVER_RULES,
    MAX_SEATS,
    MIN_SEATS,
    RULESETS,
    Ruleset,
    ruleset_from_dict,
)
from games.seam import RulesetError, is_int

DOCUMENT_KEYS = frozenset(("game", "ruleset", "seats", "first_dealer", "hands", "end"))
END_KEYS = frozenset(("leftover",))


@dataclass(slots=True)
class Reading:
    """What the document says; ``hands`` holds a record per hand only while no error is found."""

    ruleset: Ruleset | None = None
    seats: int | None = None
    first_dealer: int = 0
    hands: list[Hand] = field(default_factory=list)
    raw_hands: list[Any] = field(default_factory=list)
    leftover: str | None = None  # the leftover rule of an ended session; None while it goes on


def read_session(
    document: dict[Any, Any],
    ruleset: Any,
    names: Sequence[str] | None,
    errors: list[RuleError],
) -> Reading:
    """Read ``document`` (a dict); problems go to ``errors`` in document order."""
    reading = Reading()
    _unknown(document, DOCUMENT_KEYS, None, errors)
    game = document.get("game")
    if game is not None and game != GAME_CODE:
        errors.append(rule_error("unknown_game", None, "game", name=quoted(game)))
    reading.ruleset = _ruleset(document.get("ruleset"), ruleset, errors)
    reading.seats = _seats(document.get("seats"), names, errors)
    raw_dealer = document.get("first_dealer")
    first_dealer: int | None = 0 if raw_dealer is None else None
    limit = reading.seats if reading.seats is not None else MAX_SEATS
    if raw_dealer is not None:
        if is_int(raw_dealer) and 0 <= raw_dealer < limit:
            first_dealer = raw_dealer
        else:
            errors.append(
                rule_error(
                    "first_dealer_range",
                    None,
                    "first_dealer",
                    value=quoted(raw_dealer),
                    last=limit - 1,
                )
            )
    reading.first_dealer = first_dealer or 0
    hands = document.get("hands")
    if hands is None:
        hands = []
    elif not isinstance(hands, list):
        errors.append(rule_error("hands_type", None, "hands"))
        hands = []
    reading.raw_hands = hands
    max_cards = (reading.ruleset or RULESETS[DEFAULT_RULESET]).max_cards_left
    context = HandContext(reading.seats, names, first_dealer, max_cards, errors)
    usable = True
    for number, raw in enumerate(hands, start=1):
        hand = read_hand(raw, number, context)
        if hand is None:
            usable = False
        elif usable:
            reading.hands.append(hand)
    reading.leftover = _end(document.get("end"), reading.ruleset, bool(hands), errors)
    return reading


def _ruleset(code: object, given: Any, errors: list[RuleError]) -> Ruleset | None:
    if given is not None:
        if isinstance(given, Ruleset):
            return given
        if isinstance(given, str) and given in RULESETS:
            return RULESETS[given]
        if isinstance(given, dict):
            try:
                return ruleset_from_dict(given)
            except RulesetError:
                pass
        name = quoted(given if isinstance(given, str) else getattr(given, "code", None))
        errors.append(
            rule_error(
                "unknown_ruleset", None, "ruleset", name=name, known=listing(sorted(RULESETS))
            )
        )
        return None
    if code is None:
        code = DEFAULT_RULESET
    if isinstance(code, str) and code in RULESETS:
        return RULESETS[code]
    errors.append(
        rule_error(
            "unknown_ruleset", None, "ruleset", name=quoted(code), known=listing(sorted(RULESETS))
        )
    )
    return None


def _seats(raw: object, names: Sequence[str] | None, errors: list[RuleError]) -> int | None:
    seats: int | None = None
    if raw is None:
        if names is None:
            errors.append(rule_error("seats_range", None, "seats", variant="missing"))
    elif is_int(raw) and MIN_SEATS <= raw <= MAX_SEATS:
        seats = raw
    else:
        errors.append(rule_error("seats_range", None, "seats", value=quoted(raw)))
    if names is not None:
        count = len(names)
        if not MIN_SEATS <= count <= MAX_SEATS:
            errors.append(rule_error("seats_range", None, "seats", variant="names", count=count))
            return seats
        if seats is None:  # missing, or wrong and already reported: check against the table
            return count
        if seats != count:
            errors.append(rule_error("seats_mismatch", None, "seats", value=seats, count=count))
    return seats


def _end(
    raw: object, ruleset: Ruleset | None, any_hands: bool, errors: list[RuleError]
) -> str | None:
    if raw is None:
        return None
    if not isinstance(raw, dict):
        errors.append(rule_error("end_type", None, "end"))
        return None
    _unknown(raw, END_KEYS, None, errors, "end.")
    rule = raw.get("leftover")
    if rule is None:
        rule = ruleset.leftover if ruleset is not None else None
    elif rule not in LEFTOVER_RULES:
        errors.append(rule_error("leftover_rule", None, "end.leftover", name=quoted(rule)))
        rule = None
    if not any_hands:
        errors.append(rule_error("end_without_hands", None, "end"))
    return rule if isinstance(rule, str) else None
