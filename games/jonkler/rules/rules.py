"""The arithmetic of a Jonkler table: who deals, who bids when, what the dealer may not bid and
what a round scores. Pure functions of plain numbers (seats are 0-based, rounds 1-based)."""

from __future__ import annotations

from collections.abc import Sequence

from games.jonkler.rules.rulesets import Ruleset


def dealer(first_dealer: int, round_number: int, seats: int) -> int:
    """The seat that deals round ``round_number``: one seat clockwise each round."""
    return (first_dealer + round_number - 1) % seats


def bidding_order(dealer_seat: int, seats: int) -> list[int]:
    """The seats in the order they bid: clockwise from the dealer's left, the dealer last."""
    return [(dealer_seat + step) % seats for step in range(1, seats + 1)]


def forbidden_bid(round_number: int, other_bids: Sequence[int]) -> int | None:
    """The one bid the dealer may not make (the "hook"): the number that would make all bids add
    up to ``round_number``. None when there is no such bid (the others already bid more than
    the round has tricks).

    >>> forbidden_bid(3, [1, 0, 1])
    1
    >>> forbidden_bid(1, [1, 1])  # any bid makes the total 2 or more
    """
    rest = round_number - sum(other_bids)
    return rest if rest >= 0 else None


def round_points(
    ruleset: Ruleset, round_number: int, bids: Sequence[int], tricks: Sequence[int]
) -> list[int]:
    """Each seat's points for one round: a bid met exactly scores ``5R + 10B`` (by default),
    a missed one the points per trick taken."""
    return [
        ruleset.met_points(round_number, bid) if bid == took else ruleset.miss_points(took)
        for bid, took in zip(bids, tricks, strict=True)
    ]
