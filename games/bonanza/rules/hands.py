"""Reading one hand of a session document: every problem reported, the hand as a record.

``read_hand`` checks a hand's widow sale, poker, sections and going out against the table
(``HandContext``: the number of seats if known, the names, the first dealer) and returns a
:class:`Hand`, or None after adding its problems to the context's errors. Where a value may
be left out, see ``reading``'s module docstring.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeGuard

from games.bonanza.rules.errors import RuleError, Text, listing, quoted, rule_error, seat_list
from games.bonanza.rules.errors import unknown_keys as _unknown
from games.bonanza.rules.rulesets import MAX_SEATS, SHOWN
from games.seam import is_int

HAND_KEYS = frozenset(("widow", "poker", "sections", "out"))
WIDOW_KEYS = frozenset(("buyer", "price"))
POKER_KEYS = frozenset(("entrants", "winner"))
OUT_KEYS = frozenset(("seat", "cards_left"))
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


class HandContext:
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


def read_hand(raw: object, number: int, ctx: HandContext) -> Hand | None:
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


def _widow(
    raw: object, number: int, dealer: int | None, ctx: HandContext
) -> tuple[int | None, int]:
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


def _poker(raw: object, number: int, ctx: HandContext) -> tuple[tuple[int, ...], int | None]:
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


def _sections(raw: object, number: int, ctx: HandContext) -> tuple[int | None, ...]:
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


def _out(raw: object, number: int, ctx: HandContext) -> tuple[int | None, tuple[int, ...]]:
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
