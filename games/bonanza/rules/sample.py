"""Random valid session documents, for the benchmark, the tests and demos.

A generated hand deals a plausible spread of cards: the widow is sold now and then (never to
the dealer), a few players enter the poker and one of them wins it, each section is taken by
a random seat or carries over, and one player goes out while the others hold a few cards.
"""

from __future__ import annotations

import random
from typing import Any

from games.bonanza.rules.rulesets import DECK, LEFTOVER_RULES, SHOWN, Ruleset


def random_hand(
    rng: random.Random,
    seats: int,
    dealer: int,
    ruleset: Ruleset,
    *,
    sale_rate: float = 0.3,
    carry_rate: float = 0.3,
) -> dict[str, Any]:
    """One random valid hand at a table of ``seats`` dealt by ``dealer``."""
    widow: dict[str, int] | None = None
    if rng.random() < sale_rate:
        buyer = rng.choice([seat for seat in range(seats) if seat != dealer])
        widow = {"buyer": buyer, "price": rng.randint(1, 6)}
    poker: dict[str, Any] | None = None
    count = rng.randint(0, seats)
    if count:
        entrants = sorted(rng.sample(range(seats), count))
        poker = {"entrants": entrants, "winner": rng.choice(entrants)}
    sections = {
        code: (None if rng.random() < carry_rate else rng.randrange(seats)) for code in SHOWN
    }
    out = rng.randrange(seats)
    most = min(ruleset.max_cards_left, DECK // (seats + 1) + 1)
    cards = [0 if seat == out else rng.randint(0, most) for seat in range(seats)]
    return {
        "widow": widow,
        "poker": poker,
        "sections": sections,
        "out": {"seat": out, "cards_left": cards},
    }


def random_session(
    rng: random.Random,
    *,
    seats: int = 5,
    ruleset: Ruleset,
    hands: int | None = None,
    ended: bool = True,
    leftover: str | None = None,
) -> dict[str, Any]:
    """A random valid session of ``hands`` hands (default: 1 to 12) at a table of ``seats``.
    With ``ended`` (the default) it is finished: ``end`` settles the board by ``leftover``
    (default: a random rule)."""
    if not 2 <= seats <= 9:
        raise ValueError("Bonanza Rummy is played by 2 to 9 players")
    count = rng.randint(1, 12) if hands is None else hands
    first_dealer = rng.randrange(seats)
    played = [
        random_hand(rng, seats, (first_dealer + number) % seats, ruleset) for number in range(count)
    ]
    document: dict[str, Any] = {
        "game": "bonanza",
        "ruleset": ruleset.code,
        "seats": seats,
        "first_dealer": first_dealer,
        "hands": played,
        "end": None,
    }
    if ended and played:
        document["end"] = {"leftover": leftover or rng.choice(LEFTOVER_RULES)}
    return document
