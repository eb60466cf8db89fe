"""Jonkler behind the game seam (``games.seam.Game``): the object the rest of the service uses.

Three to six players, no teams, not zero-sum, the higher total wins. The built-in ruleset is
``jonkler`` (8 rounds; a met bid scores 5R + 10B, a missed one 1 point per trick; the dealer's
hook); a club's house ruleset is read with ``rulesets.ruleset_from_dict``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from games.jonkler.rules.messages import CATALOGUE
from games.jonkler.rules.result import JonklerResult
from games.jonkler.rules.rulesets import (
    DEFAULT_RULESET,
    MAX_ROUNDS,
    RULESETS,
    Ruleset,
    ruleset_from_dict,
    ruleset_to_dict,
)
from games.jonkler.rules.sample import random_session
from games.jonkler.rules.scoring import GAME_CODE, MAX_SEATS, MIN_SEATS, score_session
from games.seam import Stat

_PER_SEAT = {
    "type": "array",
    "items": {"type": "integer", "minimum": 0},
    "minItems": MIN_SEATS,
    "maxItems": MAX_SEATS,
}

DOCUMENT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "A Jonkler session: the number of players, the first dealer and the rounds "
    "played so far, in order (round R deals R cards to each player).",
    "properties": {
        "game": {"type": "string", "enum": [GAME_CODE]},
        "ruleset": {"type": "string", "default": DEFAULT_RULESET},
        "seats": {"type": "integer", "minimum": MIN_SEATS, "maximum": MAX_SEATS},
        "first_dealer": {"type": "integer", "minimum": 0, "maximum": MAX_SEATS - 1, "default": 0},
        "rounds": {
            "type": "array",
            "maxItems": MAX_ROUNDS,
            "items": {
                "type": "object",
                "properties": {
                    "bids": {
                        **_PER_SEAT,
                        "description": "each seat's bid, 0 to R; the dealer, "
                        "bidding last, may not make them add up to R",
                    },
                    "tricks": {
                        **_PER_SEAT,
                        "description": "the tricks each seat took; they add up to R",
                    },
                    "jonkled": {
                        **_PER_SEAT,
                        "items": {"type": "integer", "minimum": 0, "maximum": 1},
                        "description": "optional: 1 for the seat that jonkled a king "
                        "with the joker this round",
                    },
                },
                "required": ["bids", "tricks"],
                "additionalProperties": False,
            },
        },
    },
    "required": ["seats"],
    "additionalProperties": False,
}


class Jonkler:
    """The Jonkler game object (one instance: ``GAME``)."""

    code = GAME_CODE
    name = "Jonkler"
    name_nl = "Jonkler"
    catalogue = CATALOGUE
    table_sizes: tuple[int, ...] = tuple(range(MIN_SEATS, MAX_SEATS + 1))
    preferred_size = 4
    teams: Mapping[int, tuple[tuple[int, ...], ...]] | None = None
    zero_sum = False
    higher_is_better = True
    # A seat's session total against its table's mean spreads about this much at a table of
    # equals (53 at four, 46 at five: ``bench.ratings_games``); rated by points against it.
    rating_scale = 50.0
    default_ruleset = DEFAULT_RULESET
    rulesets: Mapping[str, Ruleset] = RULESETS
    document_schema: Mapping[str, Any] = DOCUMENT_SCHEMA
    stats: tuple[Stat, ...] = (
        Stat("bids_met", "Bids met", "Biedingen gehaald"),
        Stat("jonkled", "Kings jonkled", "Heren gejonkeld"),
    )
    standings_order: tuple[str, ...] = ("total", "table_wins", "placement_points")
    parts_key: str | None = "rounds"

    def ruleset_from_dict(self, data: object) -> Ruleset:
        return ruleset_from_dict(data)

    def ruleset_to_dict(self, ruleset: Any) -> dict[str, Any]:
        return ruleset_to_dict(ruleset)

    def score(
        self,
        document: object,
        *,
        ruleset: Any | None = None,
        names: Sequence[str] | None = None,
    ) -> JonklerResult:
        """``scoring.score_session``: every problem at once, or the scored session."""
        return score_session(document, ruleset=ruleset, names=names)

    def table_document(
        self, document: dict[str, Any], *, ruleset: str, names: Sequence[str]
    ) -> dict[str, Any]:
        """The document as stored for a table: the event's ruleset, and the number of seated
        players where the document gives none (a Jonkler document counts its seats; the names
        stay with the table). A count it gives is kept, so ``score`` with the table's names
        refuses one that is not the table's (``seats_mismatch``) or not a count."""
        stored = dict(document)
        stored["ruleset"] = ruleset
        if stored.get("seats") is None:
            stored["seats"] = len(names)
        return stored

    def example(self, seats: int) -> dict[str, Any]:
        """A complete session of ``seats`` players (the documents of ``sample``, seeded)."""
        if seats not in self.table_sizes:
            raise ValueError(f"Jonkler has no table of {seats}")
        return random_session(
            Random(seats), seats=seats, ruleset=self.rulesets[self.default_ruleset]
        )


GAME = Jonkler()
