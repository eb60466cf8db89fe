"""Reading a session document: every problem reported, and the hands as typed records.

``read_session`` checks the document as a whole (game, ruleset, seats, first dealer, end) and
each hand in turn, adding one :class:`RuleError` per problem. It returns a :class:`Reading`
whose ``hands`` are only usable when no error was found.

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
from typing import Any, TypeGuard

from bonanza.rules.errors import RuleError, Text, listing, quoted, rule_error, seat_list
from bonanza.rules.errors import unknown_keys as _unknown
from bonanza.rules.rulesets import (
    DEFAULT_RULESET,
    GAME_CODE,
    LEFTOVER_RULES,
    MAX_SEATS,
    MIN_SEATS,
    RULESETS,
    SHOWN,
    Ruleset,
    ruleset_from_dict,
)
from gamekit.seam import RulesetError, is_int

DOCUMENT_KEYS = frozenset(("game", "ruleset", "seats", "first_dealer", "hands", "end"))
HAND_KEYS = frozenset(("widow", "poker", "sections", "out"))
WIDOW_KEYS = frozenset(("buyer", "price"))
POKER_KEYS = frozenset(("entrants", "winner"))
OUT_KEYS = frozenset(("seat", "cards_left"))
END_KEYS = frozenset(("leftover",))
_SHOWN_AT = {code: index for index, code in enumerate(SHOWN)}
_SETTLED = {
    "poker": Text(
        "the poker winner takes it (poker.winner)",
        "de winnaar van het poker krijgt het (poker.winner)",
    ),
    "bonanza": Text(
        "the player who goes out takes it (out.seat)", "wie uitgaat krijgt het (out.seat)"
    ),
}


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand as read: its dealer, the widow sale (buyer None: kept by the dealer), the poker
    entrants and winner, the winner of each section in ``SHOWN`` order, who went out and each
    seat's cards left."""

    number: int
    dealer: int
    buyer: int | None
    price: int
    entrants: tuple[int, ...]
    winner: int | None
    shown: tuple[int | None, ...]
    out: int
    cards_left: tuple[int, ...]


@dataclass(slots=True)
class Reading:
    """What the document says; ``hands`` holds a record per hand only while no error is found."""

    ruleset: Ruleset | None = None
    seats: int | None = None
    first_dealer: int = 0
    hands: list[Hand] = field(default_factory=list)
    raw_hands: list[Any] = field(default_factory=list)
    leftover: str | None = None  # the leftover rule of an ended session; None while it goes on


class _Context:
    """What a hand's checks need: the table size (None if unknown), the names, the errors."""

    __slots__ = ("seats", "limit", "last", "names", "errors", "max_cards", "first_dealer")

    def __init__(
        self,
        seats: int | None,
        names: Sequence[str] | None,
        first_dealer: int | None,
        max_cards: int,
        errors: list[RuleError],
    ) -> None:
        self.seats = seats
        self.limit = seats if seats is not None else MAX_SEATS
        self.last = Text(str(self.limit - 1), str(self.limit - 1))
        self.names = names if names is not None and len(names) == seats else None
        self.first_dealer = first_dealer
        self.max_cards = max_cards
        self.errors = errors

    def is_seat(self, value: object) -> TypeGuard[int]:
        return (type(value) is int or is_int(value)) and 0 <= value < self.limit

    def who(self, seat: int) -> Text:
        return seat_list([seat], self.names)

    def shown(self, value: object) -> Text:
        """A seat as a person reads it (a name, or counted from 1); other input quoted."""
        return self.who(value) if self.is_seat(value) else quoted(value)


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
    context = _Context(reading.seats, names, first_dealer, max_cards, errors)
    usable = True
    for number, raw in enumerate(hands, start=1):
        hand = _hand(raw, number, context)
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


def _hand(raw: object, number: int, ctx: _Context) -> Hand | None:
    errors = ctx.errors
    before = len(errors)
    if not isinstance(raw, dict):
        errors.append(rule_error("hand_type", number, None))
        return None
    if not raw.keys() <= HAND_KEYS:
        _unknown(raw, HAND_KEYS, number, errors)
    dealer: int | None = None
    if ctx.seats is not None and ctx.first_dealer is not None:
        dealer = (ctx.first_dealer + number - 1) % ctx.seats
    buyer, price = _widow(raw.get("widow"), number, dealer, ctx)
    entrants, winner = _poker(raw.get("poker"), number, ctx)
    shown = _sections(raw.get("sections"), number, ctx)
    out, cards = _out(raw.get("out"), number, ctx)
    if len(errors) > before or dealer is None or out is None:
        return None
    return Hand(number, dealer, buyer, price, entrants, winner, shown, out, cards)


def _widow(raw: object, number: int, dealer: int | None, ctx: _Context) -> tuple[int | None, int]:
    if raw is None:
        return None, 0
    errors = ctx.errors
    if not isinstance(raw, dict):
        errors.append(rule_error("widow_type", number, "widow"))
        return None, 0
    if not raw.keys() <= WIDOW_KEYS:
        _unknown(raw, WIDOW_KEYS, number, errors, "widow.")
    buyer, price = raw.get("buyer"), raw.get("price")
    if not ctx.is_seat(buyer):
        errors.append(
            rule_error("widow_buyer", number, "widow.buyer", value=quoted(buyer), last=ctx.last)
        )
    elif dealer is not None and buyer == dealer:
        errors.append(rule_error("widow_buyer_dealer", number, "widow.buyer", seat=ctx.who(dealer)))
    if not (is_int(price) and price > 0):
        errors.append(rule_error("widow_price", number, "widow.price", value=quoted(price)))
        price = 0
    return (buyer if is_int(buyer) else None), price


def _poker(raw: object, number: int, ctx: _Context) -> tuple[tuple[int, ...], int | None]:
    if raw is None:
        return (), None
    errors = ctx.errors
    if not isinstance(raw, dict):
        errors.append(rule_error("poker_type", number, "poker"))
        return (), None
    if not raw.keys() <= POKER_KEYS:
        _unknown(raw, POKER_KEYS, number, errors, "poker.")
    listed = raw.get("entrants")
    winner = raw.get("winner")
    entrants: list[int] = []
    if listed is None:
        listed = []
    if not isinstance(listed, list):
        errors.append(rule_error("poker_entrants", number, "poker.entrants"))
        return (), None
    readable = True
    for index, seat in enumerate(listed):
        if not ctx.is_seat(seat):
            errors.append(
                rule_error(
                    "poker_entrants",
                    number,
                    f"poker.entrants[{index}]",
                    variant="seat",
                    value=quoted(seat),
                    last=ctx.last,
                )
            )
            readable = False
        elif seat in entrants:
            errors.append(
                rule_error(
                    "poker_entrants",
                    number,
                    f"poker.entrants[{index}]",
                    variant="repeated",
                    seat=ctx.who(seat),
                )
            )
        else:
            entrants.append(seat)
    if not listed:
        if winner is not None:
            errors.append(
                rule_error(
                    "poker_winner",
                    number,
                    "poker.winner",
                    variant="nobody",
                    value=ctx.shown(winner),
                )
            )
        return (), None
    if winner is None:
        errors.append(rule_error("poker_winner", number, "poker.winner", variant="missing"))
    elif not is_int(winner) or (readable and winner not in entrants):
        errors.append(
            rule_error(
                "poker_winner",
                number,
                "poker.winner",
                value=ctx.shown(winner),
                entrants=seat_list(entrants, ctx.names),
            )
        )
    return tuple(entrants), (winner if is_int(winner) else None)


def _sections(raw: object, number: int, ctx: _Context) -> tuple[int | None, ...]:
    winners: list[int | None] = [None] * len(SHOWN)
    if raw is None:
        return tuple(winners)
    errors = ctx.errors
    if not isinstance(raw, dict):
        errors.append(rule_error("sections_type", number, "sections"))
        return tuple(winners)
    for key, seat in raw.items():
        name = key[:40] if isinstance(key, str) else "(not text)"
        at = _SHOWN_AT.get(key) if isinstance(key, str) else None
        if at is None:
            how = _SETTLED.get(key) if isinstance(key, str) else None
            if how is not None:
                errors.append(
                    rule_error(
                        "unknown_section",
                        number,
                        f"sections.{name}",
                        variant="settled",
                        name=quoted(key),
                        how=how,
                    )
                )
            else:
                errors.append(
                    rule_error(
                        "unknown_section",
                        number,
                        f"sections.{name}",
                        name=quoted(key),
                        known=listing(SHOWN),
                    )
                )
        elif seat is not None:
            if ctx.is_seat(seat):
                winners[at] = seat
            else:
                errors.append(
                    rule_error(
                        "section_winner",
                        number,
                        f"sections.{name}",
                        section=quoted(key),
                        value=quoted(seat),
                        last=ctx.last,
                    )
                )
    return tuple(winners)


def _out(raw: object, number: int, ctx: _Context) -> tuple[int | None, tuple[int, ...]]:
    errors = ctx.errors
    if not isinstance(raw, dict):
        errors.append(rule_error("out_type", number, "out"))
        return None, ()
    if not raw.keys() <= OUT_KEYS:
        _unknown(raw, OUT_KEYS, number, errors, "out.")
    seat = raw.get("seat")
    out: int | None = None
    if seat is None:
        errors.append(rule_error("out_seat", number, "out.seat", variant="missing"))
    elif ctx.is_seat(seat):
        out = seat
    else:
        errors.append(rule_error("out_seat", number, "out.seat", value=quoted(seat), last=ctx.last))
    cards = raw.get("cards_left")
    if not isinstance(cards, list) or (ctx.seats is not None and len(cards) != ctx.seats):
        if ctx.seats is None:
            errors.append(rule_error("cards_length", number, "out.cards_left", variant="unknown"))
        else:
            errors.append(rule_error("cards_length", number, "out.cards_left", count=ctx.seats))
        return out, ()
    high = ctx.max_cards
    if (
        out is not None
        and out < len(cards)
        and cards[out] == 0
        and all(type(count) is int and 0 <= count <= high for count in cards)
    ):
        return out, tuple(cards)
    for index, count in enumerate(cards):
        where = f"out.cards_left[{index}]"
        if index == out:
            if count != 0 or not is_int(count):
                errors.append(
                    rule_error("out_cards", number, where, seat=ctx.who(index), value=quoted(count))
                )
        elif not (is_int(count) and 0 <= count <= ctx.max_cards):
            errors.append(
                rule_error(
                    "out_cards",
                    number,
                    where,
                    variant="range",
                    seat=ctx.who(index),
                    value=quoted(count),
                    high=ctx.max_cards,
                )
            )
    return out, tuple(cards)
