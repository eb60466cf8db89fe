"""score_session: validate a Bonanza Rummy session document and keep its chip ledger.

The ledger of one hand, with N seats, ante a and poker stake p:

1. every seat puts a chips on each of the ten sections (−10a each; each section +Na), on top of
   what the sections kept from earlier hands;
2. a sold widow: the buyer pays the price to the dealer (the board does not change);
3. each poker entrant adds p to the poker section, whose winner takes it whole; with no
   entrants it carries over;
4. each other section is taken whole by the seat that showed it, or carries over;
5. the player who went out takes the bonanza section and, from every other player, one chip
   per card left in that player's hand.

So in every hand the seats' nets plus the board's change add up to zero. An ended session
(``end``) settles the chips left on the board: ``split`` gives every seat an equal share and the
remainder to the last hand's going-out player, ``last_winner`` gives them all to that player;
its totals then add up to zero. Without ``end`` the totals are the nets so far, the board keeps
its chips and the session is not complete.

``score_session`` reads the document (``reading.read_session``: every problem reported with
its message), then plays the ledger hand by hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.bonanza.rules.errors import RuleError, cap_errors, rule_error
from games.bonanza.rules.hands import Hand
from games.bonanza.rules.reading import read_session
from games.bonanza.rules.rulesets import BONANZA, POKER, SECTIONS, SHOWN_INDEX, Ruleset
from games.seam import Part, Scored, placements

_SECTION_COUNT = len(SECTIONS)


def play_hand(hand: Hand, board: list[int], seats: int, ruleset: Ruleset) -> list[int]:
    """Each seat's net chips for ``hand``; ``board`` (chips per section) is updated in place."""
    ante = ruleset.ante
    nets = [-ante * _SECTION_COUNT] * seats
    put = ante * seats
    for index in range(_SECTION_COUNT):
        board[index] += put
    if hand.buyer is not None:
        nets[hand.buyer] -= hand.price
        nets[hand.dealer] += hand.price
    if hand.entrants:
        stake = ruleset.poker_stake
        for seat in hand.entrants:
            nets[seat] -= stake
        board[POKER] += stake * len(hand.entrants)
        if hand.winner is not None:
            nets[hand.winner] += board[POKER]
            board[POKER] = 0
    for index, taker in zip(SHOWN_INDEX, hand.shown, strict=True):
        if taker is not None:
            nets[taker] += board[index]
            board[index] = 0
    out = hand.out
    paid = 0
    for seat, cards in enumerate(hand.cards_left):
        if seat != out:
            nets[seat] -= cards
            paid += cards
    nets[out] += paid + board[BONANZA]
    board[BONANZA] = 0
    return nets


def settle(chips: int, seats: int, rule: str, last_out: int) -> list[int]:
    """Each seat's share of the ``chips`` left on the board when the session ends."""
    shares = [0] * seats
    if rule == "split":
        each, rest = divmod(chips, seats)
        shares = [each] * seats
        shares[last_out] += rest
    else:  # last_winner
        shares[last_out] = chips
    return shares


def score_session(
    document: object,
    *,
    ruleset: Any | None = None,
    names: Sequence[str] | None = None,
) -> Scored:
    """Validate and score a session document; never raises for bad input."""
    if not isinstance(document, dict):
        return Scored(valid=False, errors=[rule_error("document_type")])
    errors: list[RuleError] = []
    reading = read_session(document, ruleset, names, errors)
    if errors or reading.ruleset is None or reading.seats is None:
        return Scored(valid=False, errors=cap_errors(errors))
    rules, seats = reading.ruleset, reading.seats
    board = [0] * _SECTION_COUNT
    totals = [0] * seats
    outs = [0] * seats
    hands: list[dict[str, Any]] = []
    parts: list[Part] = []
    for hand, raw in zip(reading.hands, reading.raw_hands, strict=True):
        before = sum(board)
        nets = play_hand(hand, board, seats, rules)
        for seat in range(seats):
            totals[seat] += nets[seat]
        outs[hand.out] += 1
        hands.append(
            {
                "number": hand.number,
                "dealer": hand.dealer,
                "out": hand.out,
                "nets": nets,
                "board": dict(zip(SECTIONS, board, strict=True)),
                "board_total": sum(board),
                "board_change": sum(board) - before,
            }
        )
        parts.append(Part(hand.number, "hand", hand.dealer, "", dict(raw), nets))
    end: dict[str, Any] | None = None
    complete = reading.leftover is not None
    if reading.leftover is not None:
        chips = sum(board)
        shares = settle(chips, seats, reading.leftover, reading.hands[-1].out)
        totals = [total + share for total, share in zip(totals, shares, strict=True)]
        end = {"leftover": reading.leftover, "chips": chips, "shares": shares}
        board = [0] * _SECTION_COUNT
    hint: dict[str, Any] = {}
    if not complete:
        hint = {"next_hand": len(hands) + 1, "dealer": (reading.first_dealer + len(hands)) % seats}
    return Scored(
        valid=True,
        totals=totals,
        complete=complete,
        placements=placements(totals) if complete else None,
        detail={
            "ruleset": rules.code,
            "seats": seats,
            "first_dealer": reading.first_dealer,
            "hands": hands,
            "board": dict(zip(SECTIONS, board, strict=True)),
            "end": end,
        },
        next=hint,
        part_rows=parts,
        seat_stats={"outs": outs},
    )
