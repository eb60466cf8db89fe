"""The fast path: read and score a session document that is valid, in one pass.

``score_valid`` does what ``reading.read_session`` and ``scoring.play_hand`` do together, for
the common case only: plain JSON values (``int``, ``list``, ``dict``, ``None``), a built-in or
given ``Ruleset``. It builds no message text and no intermediate records: the hands are read
straight into the ledger (``ledger.Ledger``: per hand its nets and the board as a list of ten
counts), and the result document and the parts are built from it when asked. At the first
thing it does not accept it gives up and returns None, and
``scoring.score_session`` then reads the document the careful way, which reports every problem
(or, for valid input the fast path leaves to it, such as a house ruleset in its dict form,
scores it with the same ledger). So the fast path never decides what is wrong, and for every
document it accepts the result is the one the careful path gives (the unit tests compare the
two on random valid and near-valid documents).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bonanza.rules.ledger import HandRow, Ledger
from bonanza.rules.reading import (
    DOCUMENT_KEYS,
    END_KEYS,
    HAND_KEYS,
    OUT_KEYS,
    POKER_KEYS,
    WIDOW_KEYS,
)
from bonanza.rules.rulesets import (
    BONANZA,
    DEFAULT_RULESET,
    GAME_CODE,
    LEFTOVER_RULES,
    MAX_SEATS,
    MIN_SEATS,
    POKER,
    RULESETS,
    SECTIONS,
    SHOWN,
    SHOWN_INDEX,
    Ruleset,
)
from gamekit.seam import placements

_SHOWN = frozenset(SHOWN)
_BOARD_AT: dict[str, int] = dict(zip(SHOWN, SHOWN_INDEX, strict=True))
_SECTION_COUNT = len(SECTIONS)


def _ruleset(given: Any, code: object) -> Ruleset | None:
    if given is not None:  # replaces the document's ruleset
        if isinstance(given, Ruleset):
            return given
        return RULESETS.get(given) if type(given) is str else None  # a dict form: careful path
    if code is None:
        return RULESETS[DEFAULT_RULESET]
    return RULESETS.get(code) if type(code) is str else None


def _seats(raw: object, names: Sequence[str] | None) -> int | None:
    if raw is None:
        if names is not None and MIN_SEATS <= len(names) <= MAX_SEATS:
            return len(names)
        return None
    if type(raw) is not int or not MIN_SEATS <= raw <= MAX_SEATS:
        return None
    if names is not None and len(names) != raw:
        return None
    return raw


def score_valid(
    document: dict[Any, Any],
    given: Any,
    names: Sequence[str] | None,
) -> Ledger | None:
    """The outcome of a valid ``document`` (a dict), or None where the careful path must
    read it (anything invalid, or valid input outside the common case)."""
    if not document.keys() <= DOCUMENT_KEYS:
        return None
    get = document.get
    game = get("game")
    if game is not None and game != GAME_CODE:
        return None
    rules = _ruleset(given, get("ruleset"))
    seats = _seats(get("seats"), names)
    if rules is None or seats is None:
        return None
    first_dealer = get("first_dealer")
    if first_dealer is None:
        first_dealer = 0
    elif type(first_dealer) is not int or not 0 <= first_dealer < seats:
        return None
    raw_hands = get("hands")
    if raw_hands is None:
        raw_hands = []
    elif type(raw_hands) is not list:
        return None
    raw_end = get("end")
    leftover: str | None = None
    if raw_end is not None:
        if type(raw_end) is not dict or not raw_end.keys() <= END_KEYS or not raw_hands:
            return None
        leftover = raw_end.get("leftover")
        if leftover is None:
            leftover = rules.leftover
        elif leftover not in LEFTOVER_RULES:
            return None

    ante = rules.ante
    stake = rules.poker_stake
    high = rules.max_cards_left
    put = ante * seats
    base = -ante * _SECTION_COUNT
    board = [0] * _SECTION_COUNT  # a new list each hand: that hand's board as shown
    total = 0  # chips on the board
    outs = [0] * seats
    rows: list[HandRow] = []
    dealer = first_dealer
    out = 0
    try:  # a seat past the last one is an IndexError, and not for this path
        for number, raw in enumerate(raw_hands, 1):
            if type(raw) is not dict or not raw.keys() <= HAND_KEYS:
                return None
            played = raw.get("out")
            if type(played) is not dict or not played.keys() <= OUT_KEYS:
                return None
            seat_out = played.get("seat")
            cards = played.get("cards_left")
            if (
                type(seat_out) is not int
                or not 0 <= seat_out < seats
                or type(cards) is not list
                or len(cards) != seats
                or cards[seat_out] != 0
            ):
                return None
            out = seat_out
            # Each seat's ante and the cards it pays; the going-out seat takes those and the
            # bonanza section (below, once the board holds this hand's antes).
            nets = [base - count for count in cards if type(count) is int and 0 <= count <= high]
            if len(nets) != seats:
                return None
            board = [chips + put for chips in board]
            nets[out] += sum(cards) + board[BONANZA]
            board[BONANZA] = 0
            widow = raw.get("widow")
            if widow is not None:
                if type(widow) is not dict or not widow.keys() <= WIDOW_KEYS:
                    return None
                buyer = widow.get("buyer")
                price = widow.get("price")
                if (
                    type(buyer) is not int
                    or not 0 <= buyer < seats
                    or buyer == dealer
                    or type(price) is not int
                    or price <= 0
                ):
                    return None
                nets[buyer] -= price
                nets[dealer] += price
            poker = raw.get("poker")
            if poker is not None:
                if type(poker) is not dict or not poker.keys() <= POKER_KEYS:
                    return None
                entrants = poker.get("entrants")
                winner = poker.get("winner")
                if entrants:
                    if (
                        type(entrants) is not list
                        or winner not in entrants
                        or type(winner) is not int
                    ):
                        return None
                    for seat in entrants:
                        if type(seat) is not int or seat < 0:
                            return None
                        nets[seat] -= stake  # IndexError past the last seat
                    if len(set(entrants)) != len(entrants):
                        return None
                    nets[winner] += board[POKER] + stake * len(entrants)
                    board[POKER] = 0
                elif winner is not None or (entrants is not None and type(entrants) is not list):
                    return None
            sections = raw.get("sections")
            if sections:
                if type(sections) is not dict or not sections.keys() <= _SHOWN:
                    return None
                for code, seat in sections.items():
                    if seat is not None:
                        if type(seat) is not int or seat < 0:
                            return None
                        at = _BOARD_AT[code]
                        nets[seat] += board[at]  # IndexError past the last seat
                        board[at] = 0
            elif sections is not None and type(sections) is not dict:
                return None
            before = total
            total = sum(board)
            outs[out] += 1
            rows.append((number, dealer, out, nets, board, total, total - before, raw))
            dealer = dealer + 1 if dealer + 1 < seats else 0
    except IndexError:
        return None

    totals = [sum(column) for column in zip(*[row[3] for row in rows], strict=True)]
    if not rows:
        totals = [0] * seats
    end: dict[str, Any] | None = None
    if leftover is not None:
        shares = [0] * seats
        if leftover == "split":
            each, rest = divmod(total, seats)
            shares = [each] * seats
            shares[out] += rest
        else:  # last_winner
            shares[out] = total
        totals = [sum_ + share for sum_, share in zip(totals, shares, strict=True)]
        end = {"leftover": leftover, "chips": total, "shares": shares}
        board = [0] * _SECTION_COUNT
    return Ledger(
        ruleset=rules.code,
        seats=seats,
        first_dealer=first_dealer,
        hands=rows,
        board=list(board),
        end=end,
        totals=totals,
        placements=placements(totals) if end is not None else None,
        outs=outs,
    )
