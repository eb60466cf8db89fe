"""Bonanza Rummy behind the game seam (``games.seam.Game``): the object the rest of the service
uses.

Two to nine players (five preferred), no teams, zero-sum over the players once the board is
settled; the rulesets are ``rulesets.RULESETS`` plus a club's house rulesets read with
``rulesets.ruleset_from_dict``. Scoring is ``scoring.score_session``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from games.bonanza.rules.errors import CATALOGUE
from games.bonanza.rules.rulesets import (
    DEFAULT_RULESET,
    GAME_CODE,
    LEFTOVER_RULES,
    MAX_SEATS,
    MIN_SEATS,
    RULESETS,
    SHOWN,
    Ruleset,
    ruleset_from_dict,
    ruleset_to_dict,
)
from games.bonanza.rules.sample import random_session
from games.bonanza.rules.scoring import score_session
from games.seam import RulesetError, Scored, Stat

_SEAT = {"type": "integer", "minimum": 0, "maximum": MAX_SEATS - 1}
_NULL = {"type": "null"}

DOCUMENT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "A Bonanza Rummy session: its hands in play order and, once it is over, how "
    "the chips left on the board are settled.",
    "properties": {
        "game": {"type": "string", "enum": [GAME_CODE]},
        "ruleset": {"type": "string", "default": DEFAULT_RULESET},
        "seats": {"type": "integer", "minimum": MIN_SEATS, "maximum": MAX_SEATS},
        "first_dealer": {**_SEAT, "default": 0},
        "hands": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "widow": {
                        "oneOf": [
                            _NULL,
                            {
                                "type": "object",
                                "description": "The widow sold: the buyer pays the price to the "
                                "dealer.",
                                "properties": {
                                    "buyer": _SEAT,
                                    "price": {"type": "integer", "minimum": 1},
                                },
                                "required": ["buyer", "price"],
                                "additionalProperties": False,
                            },
                        ]
                    },
                    "poker": {
                        "oneOf": [
                            _NULL,
                            {
                                "type": "object",
                                "properties": {
                                    "entrants": {
                                        "type": "array",
                                        "items": _SEAT,
                                        "uniqueItems": True,
                                    },
                                    "winner": {"oneOf": [_SEAT, _NULL]},
                                },
                                "additionalProperties": False,
                            },
                        ]
                    },
                    "sections": {
                        "oneOf": [
                            _NULL,
                            {
                                "type": "object",
                                "description": "The seat that took each section; null or left out: "
                                "nobody (it carries over).",
                                "properties": {code: {"oneOf": [_SEAT, _NULL]} for code in SHOWN},
                                "additionalProperties": False,
                            },
                        ]
                    },
                    "out": {
                        "type": "object",
                        "properties": {
                            "seat": _SEAT,
                            "cards_left": {
                                "type": "array",
                                "minItems": MIN_SEATS,
                                "maxItems": MAX_SEATS,
                                "items": {"type": "integer", "minimum": 0},
                            },
                        },
                        "required": ["seat", "cards_left"],
                        "additionalProperties": False,
                    },
                },
                "required": ["out"],
                "additionalProperties": False,
            },
        },
        "end": {
            "oneOf": [
                _NULL,
                {
                    "type": "object",
                    "properties": {"leftover": {"type": "string", "enum": list(LEFTOVER_RULES)}},
                    "additionalProperties": False,
                },
            ]
        },
    },
    "additionalProperties": False,
}


class Bonanza:
    """The Bonanza Rummy game object (one instance: ``GAME``)."""

    code = GAME_CODE
    name = "Bonanza Rummy"
    name_nl = "Bonanza Rummy"
    catalogue = CATALOGUE
    table_sizes: tuple[int, ...] = tuple(range(MIN_SEATS, MAX_SEATS + 1))
    preferred_size = 5
    teams: Mapping[int, tuple[tuple[int, ...], ...]] | None = None
    zero_sum = True
    higher_is_better = True
    # A seat's net chips over a session (every seat dealing as often, about ten hands) spread
    # about this much at a table of equals (48 at four, 46 at five); rated by chips against it.
    rating_scale = 50.0
    default_ruleset = DEFAULT_RULESET
    rulesets: Mapping[str, Ruleset] = RULESETS
    document_schema: Mapping[str, Any] = DOCUMENT_SCHEMA
    stats: tuple[Stat, ...] = (
        Stat("outs", "Hands won by going out first", "Handen gewonnen door als eerste uit te gaan"),
    )
    standings_order: tuple[str, ...] = ("total", "table_wins", "placement_points")
    parts_key: str | None = "hands"
    # A seat's total is the chips it won and lost, net: zero-sum, so shown with its sign.
    total_stat = Stat("total", "Net chips", "Netto fiches", signed=True)

    def ruleset_from_dict(self, data: object) -> Ruleset:
        return ruleset_from_dict(data)

    def ruleset_to_dict(self, ruleset: Any) -> dict[str, Any]:
        if not isinstance(ruleset, Ruleset):
            raise RulesetError("not a Bonanza Rummy ruleset")
        return ruleset_to_dict(ruleset)

    def score(
        self,
        document: object,
        *,
        ruleset: Any | None = None,
        names: Sequence[str] | None = None,
    ) -> Scored:
        """Validate and score ``document``; never raises for bad input. ``ruleset`` (a
        ruleset, or a built-in's code) replaces the document's; ``names`` are the table's
        players in seat order (the document must then be for that many seats)."""
        return score_session(document, ruleset=ruleset, names=names)

    def table_document(
        self, document: dict[str, Any], *, ruleset: str, names: Sequence[str]
    ) -> dict[str, Any]:
        """The document as stored for a table: the event's ruleset, the number of seated
        players where the document gives none (a count it gives is kept, so ``score`` with the
        table's names refuses one that is not the table's, ``seats_mismatch``, or not a
        count) and the game, so the stored document names it."""
        stored = dict(document)  # a shallow copy: only the top-level keys below are replaced
        stored.setdefault("game", GAME_CODE)
        stored["ruleset"] = ruleset
        if stored.get("seats") is None:
            stored["seats"] = len(names)
        return stored

    def example(self, seats: int) -> dict[str, Any]:
        """Three hands at a table of ``seats`` (the documents of ``sample``, seeded)."""
        if seats not in self.table_sizes:
            raise ValueError(f"Bonanza Rummy has no table of {seats}")
        return random_session(
            Random(seats), seats=seats, ruleset=self.rulesets[self.default_ruleset], hands=3
        )


GAME = Bonanza()
