"""A Jonkler session played by players of known (hidden) strength, for the ratings' benchmark.

Terms:

* **strength**: a player's hidden skill, a number around 0; **skill** how strongly strength
  shows at the table (0: the cards alone decide).
* **hand**: each round every seat's cards get a random quality; the R tricks of round R fall
  to the seats in proportion to ``exp(quality)`` (the luck of the deal).
* **bid**: what a player expects to take: the tricks their hand is worth, misjudged by a
  random error that shrinks with strength. Bids are made in the game's order
  (``rules.bidding_order``: left of the dealer first, the dealer last), and the dealer never
  bids the number the hook forbids (``rules.forbidden_bid``): the nearest allowed one instead.
* **steering**: a player who is off their bid during the play tries to take one more trick or
  to shed one; the trick goes to or comes from another seat, willingly when that seat wants the
  same exchange, against its will when it would lose its own bid. The stronger player of the
  two is the likelier to get their way.

The result is a session document the game scores itself (``score_session``), so its totals are
Jonkler points: a bid met scores ``5R + 10B``, a missed one a point per trick.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from games.jonkler.rules.rules import bidding_order, dealer, forbidden_bid
from games.jonkler.rules.rulesets import JONKLER, Ruleset

BID_ERROR = 0.8  # the misjudgement of a player of strength 0 at skill 1, in tricks
WILLING, UNWILLING = 1.0, -1.0  # the steer's odds when the other seat wants it, or resists


def _bid(estimate: float, number: int, banned: int | None) -> int:
    """The whole bid nearest ``estimate`` in 0..number, other than ``banned``."""
    choices = [bid for bid in range(number + 1) if bid != banned]
    return min(choices, key=lambda bid: (abs(bid - estimate), bid))


def _steer(
    rng: random.Random,
    tricks: list[int],
    bids: Sequence[int],
    edge: Sequence[float],
) -> None:
    """One attempt by a seat that is off its bid to move a trick its way (in place)."""
    off = [seat for seat, took in enumerate(tricks) if took != bids[seat]]
    if not off:
        return
    seat = rng.choice(off)
    wants_more = tricks[seat] < bids[seat]
    if wants_more:
        others = [o for o in range(len(tricks)) if o != seat and tricks[o] > 0]
        willing = [o for o in others if tricks[o] > bids[o]]
    else:
        others = [o for o in range(len(tricks)) if o != seat]
        willing = [o for o in others if tricks[o] < bids[o]]
    if not others:
        return
    other = rng.choice(willing or others)
    odds = edge[seat] - edge[other] + (WILLING if willing else UNWILLING)
    if rng.random() < 1.0 / (1.0 + math.exp(-odds)):
        step = 1 if wants_more else -1
        tricks[seat] += step
        tricks[other] -= step


def played_round(
    rng: random.Random,
    number: int,
    deals: int,
    strengths: Sequence[float],
    *,
    skill: float,
    hook_rule: bool = True,
) -> dict[str, list[int]]:
    """Round ``number`` dealt by seat ``deals``: the bids and the tricks taken."""
    seats = len(strengths)
    quality = [rng.gauss(0.0, 1.0) for _ in range(seats)]
    weights = [math.exp(q) for q in quality]
    share = sum(weights)
    bids = [0] * seats
    made: list[int] = []
    for seat in bidding_order(deals, seats):
        worth = number * weights[seat] / share
        estimate = worth + rng.gauss(0.0, BID_ERROR * math.exp(-skill * strengths[seat]))
        banned = forbidden_bid(number, made) if seat == deals and hook_rule else None
        bids[seat] = _bid(estimate, number, banned)
        made.append(bids[seat])
    tricks = [0] * seats
    for seat in rng.choices(range(seats), weights=weights, k=number):
        tricks[seat] += 1
    edge = [skill * strength for strength in strengths]
    for _ in range(number):
        _steer(rng, tricks, bids, edge)
    return {"bids": bids, "tricks": tricks}


def played_session(
    rng: random.Random,
    strengths: Sequence[float],
    *,
    skill: float,
    ruleset: Ruleset = JONKLER,
) -> dict[str, Any]:
    """A complete session document of ``len(strengths)`` players (3 to 6), seat by seat."""
    seats = len(strengths)
    if not 3 <= seats <= 6:
        raise ValueError("Jonkler is played by 3 to 6 players")
    first = rng.randrange(seats)
    rounds = [
        played_round(
            rng,
            number,
            dealer(first, number, seats),
            strengths,
            skill=skill,
            hook_rule=ruleset.hook_rule,
        )
        for number in range(1, ruleset.rounds + 1)
    ]
    return {
        "game": "jonkler",
        "ruleset": ruleset.code,
        "seats": seats,
        "first_dealer": first,
        "rounds": rounds,
    }
