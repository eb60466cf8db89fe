"""A Bonanza Rummy session played by players of known (hidden) strength, for the ratings'
benchmark.

Terms:

* **strength**: a player's hidden skill, a number around 0; **skill** how strongly strength
  shows at the table (0: the cards alone decide).
* **cards**: each hand every seat's cards get a random quality (the luck of the deal); the
  seat that buys the widow improves its cards. The eight sections a hand names go to the seats
  holding them, in proportion to ``exp(quality)``; a section nobody shows carries over.
* **poker**: every seat's poker hand has a random value; a player enters when they judge it
  good enough, misjudging by a random error that shrinks with strength; the best entered hand
  takes the poker section.
* **going out**: the Michigan phase is where play counts: a seat's play is its cards' quality
  plus ``skill * strength``; the better it plays, the likelier it goes out first and the fewer
  cards it still holds when another seat does.
* **session**: every seat deals the same number of hands (about ten hands in all), and the
  session ends with the board split (``leftover``: ``split``).

The result is a session document the game scores itself (``score_session``), so its totals are
chips, zero-sum over the players once the board is settled.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from games.bonanza.rules.rulesets import DECK, RULESETS, SHOWN, Ruleset

HANDS_PER_SESSION = 10  # about this many hands, rounded up so every seat deals as often
SALE_RATE, CARRY_RATE = 0.3, 0.3
WIDOW_GAIN = 0.5  # the buyer's cards improve by this much
POKER_BAR, POKER_ERROR = 0.3, 1.0
OUT_WEIGHT = 1.5  # how strongly play decides who goes out first
LEFT_SHARE = 0.6  # of a hand's cards, at most this share is still held when someone goes out


def session_hands(seats: int) -> int:
    """The hands of a session at a table of ``seats``: each seat deals as often."""
    return seats * math.ceil(HANDS_PER_SESSION / seats)


def _softmax_choice(rng: random.Random, values: Sequence[float]) -> int:
    return rng.choices(range(len(values)), weights=[math.exp(v) for v in values])[0]


def played_hand(
    rng: random.Random,
    deals: int,
    strengths: Sequence[float],
    *,
    skill: float,
    ruleset: Ruleset,
) -> dict[str, Any]:
    """One hand dealt by seat ``deals``, as the document records it."""
    seats = len(strengths)
    quality = [rng.gauss(0.0, 1.0) for _ in range(seats)]
    widow: dict[str, int] | None = None
    if rng.random() < SALE_RATE:
        buyer = rng.choice([seat for seat in range(seats) if seat != deals])
        widow = {"buyer": buyer, "price": rng.randint(1, 6)}
        quality[buyer] += WIDOW_GAIN
    value = [rng.gauss(0.0, 1.0) for _ in range(seats)]
    entrants = [
        seat
        for seat in range(seats)
        if value[seat] + rng.gauss(0.0, POKER_ERROR * math.exp(-skill * strengths[seat]))
        > POKER_BAR
    ]
    poker = (
        {"entrants": entrants, "winner": max(entrants, key=value.__getitem__)} if entrants else None
    )
    sections = {
        code: None if rng.random() < CARRY_RATE else _softmax_choice(rng, quality) for code in SHOWN
    }
    play = [q + skill * strength for q, strength in zip(quality, strengths, strict=True)]
    out = _softmax_choice(rng, [OUT_WEIGHT * p for p in play])
    held = DECK // (seats + 1)
    most = min(ruleset.max_cards_left, held)
    cards = [0] * seats
    for seat in range(seats):
        if seat != out:
            behind = 1.0 / (1.0 + math.exp(play[seat] + rng.gauss(0.0, 0.5)))
            cards[seat] = min(most, max(1, round(held * LEFT_SHARE * behind)))
    return {
        "widow": widow,
        "poker": poker,
        "sections": sections,
        "out": {"seat": out, "cards_left": cards},
    }


def played_session(
    rng: random.Random,
    strengths: Sequence[float],
    *,
    skill: float,
    ruleset: Ruleset = RULESETS["bonanza"],
    hands: int | None = None,
) -> dict[str, Any]:
    """A finished session document of ``len(strengths)`` players (2 to 9), seat by seat."""
    seats = len(strengths)
    if not 2 <= seats <= 9:
        raise ValueError("Bonanza Rummy is played by 2 to 9 players")
    count = session_hands(seats) if hands is None else hands
    first = rng.randrange(seats)
    played = [
        played_hand(rng, (first + number) % seats, strengths, skill=skill, ruleset=ruleset)
        for number in range(count)
    ]
    return {
        "game": "bonanza",
        "ruleset": ruleset.code,
        "seats": seats,
        "first_dealer": first,
        "hands": played,
        "end": {"leftover": ruleset.leftover},
    }
