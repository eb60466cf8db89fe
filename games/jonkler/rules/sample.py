"""Random valid Jonkler session documents, for the benchmark, examples and demos.

Bids are random, the dealer's last bid never makes them add up to R when the hook applies
(``rules.forbidden_bid``), the R tricks of a round go mostly where they were bid (so bids are
met often, as at a real table) and now and then a seat that took a trick jonkled a king.
"""

from __future__ import annotations

import random
from typing import Any

from games.jonkler.rules.rules import bidding_order, dealer, forbidden_bid
from games.jonkler.rules.rulesets import Ruleset


def random_bids(
    rng: random.Random, number: int, deals: int, seats: int, hook_rule: bool
) -> list[int]:
    """Each seat's bid for round ``number``, made in bidding order, the dealer last."""
    bids = [0] * seats
    made: list[int] = []
    for seat in bidding_order(deals, seats):
        choices = list(range(number + 1))
        if seat == deals and hook_rule:
            banned = forbidden_bid(number, made)
            if banned is not None:
                choices.remove(banned)
        bid = (
            rng.choice(choices)
            if rng.random() < 0.3
            else min(choices, key=lambda b: (abs(b - number / seats), rng.random()))
        )
        bids[seat] = bid
        made.append(bid)
    return bids


def random_tricks(rng: random.Random, number: int, bids: list[int]) -> list[int]:
    """R tricks shared out: start from the bids, then move tricks until they add up to R."""
    tricks = list(bids)
    seats = len(bids)
    for _ in range(rng.randrange(3)):  # a few surprises
        seat = rng.randrange(seats)
        if tricks[seat] > 0:
            tricks[seat] -= 1
    while sum(tricks) > number:
        seat = rng.randrange(seats)
        if tricks[seat] > 0:
            tricks[seat] -= 1
    while sum(tricks) < number:
        tricks[rng.randrange(seats)] += 1
    return tricks


def random_session(
    rng: random.Random,
    *,
    seats: int = 4,
    ruleset: Ruleset,
    rounds: int | None = None,
    jonkle_rate: float = 0.25,
) -> dict[str, Any]:
    """A random valid session document: complete, or its first ``rounds`` rounds."""
    if not 3 <= seats <= 6:
        raise ValueError("Jonkler is played by 3 to 6 players")
    wanted = ruleset.rounds if rounds is None else rounds
    if not 0 <= wanted <= ruleset.rounds:
        raise ValueError(f"a session has 0 to {ruleset.rounds} rounds")
    first = rng.randrange(seats)
    played: list[dict[str, Any]] = []
    for number in range(1, wanted + 1):
        bids = random_bids(rng, number, dealer(first, number, seats), seats, ruleset.hook_rule)
        tricks = random_tricks(rng, number, bids)
        entry: dict[str, Any] = {"bids": bids, "tricks": tricks}
        if rng.random() < jonkle_rate:
            jonkled = [0] * seats
            jonkled[rng.choice([seat for seat in range(seats) if tricks[seat]])] = 1
            entry["jonkled"] = jonkled
        played.append(entry)
    return {
        "game": "jonkler",
        "ruleset": ruleset.code,
        "seats": seats,
        "first_dealer": first,
        "rounds": played,
    }
