"""Bonken behind the game seam (``games.seam.Game``): the object the rest of the service uses.

Four players, no teams, zero-sum; the rulesets are ``builtin.RULESETS`` plus a club's house
rulesets read with ``loading.ruleset_from_dict`` (which refuses a ruleset that cannot add up to
zero, with the reason). Scoring is ``engine.score_session``, unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from games.bonken.rules.builtin import RULESETS
from games.bonken.rules.engine import DEFAULT_RULESET, GAME_CODE, score_session
from games.bonken.rules.errors import CATALOGUE
from games.bonken.rules.loading import ruleset_from_dict, ruleset_to_dict
from games.bonken.rules.results import SessionResult
from games.bonken.rules.rulesets import MAX_UNITS, Ruleset
from games.bonken.rules.sample import random_session
from games.seam import Stat

_SEATS = {
    "type": "array",
    "items": {"type": "integer", "minimum": 0, "maximum": 3},
    "minItems": 4,
    "maxItems": 4,
}
_WHOLE = {"type": "integer"}
# What each seat took of a contract's units (tricks, hearts, ...): up to a deal's units.
_COUNTS = {
    "type": "array",
    "items": {"type": "integer", "minimum": 0, "maximum": MAX_UNITS},
    "minItems": 4,
    "maxItems": 4,
}

DOCUMENT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "A Bonken session: its games in play order, a paper sheet's rows per "
    "contract, or only the four totals.",
    "properties": {
        "game": {"type": "string", "enum": [GAME_CODE]},
        "ruleset": {"type": "string", "default": DEFAULT_RULESET},
        "seats": {
            "type": "array",
            "description": "The players by seat (0 to 3): each by name, or by player id. At a "
            "table they must be its players in the order they sit (a list in another order is "
            "refused, naming the table's order); the stored document names them.",
            "items": {
                "oneOf": [
                    {"type": "string", "minLength": 1, "pattern": "\\S"},
                    {"type": "integer", "minimum": 1},
                ]
            },
            "minItems": 4,
            "maxItems": 4,
        },
        "games": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "contract": {"type": "string"},
                    "chooser": {"type": "integer", "minimum": 0, "maximum": 3},
                    "counts": {
                        "oneOf": [_COUNTS, {"type": "object", "additionalProperties": _COUNTS}]
                    },
                    "points": {"type": "array", "items": _WHOLE, "minItems": 4, "maxItems": 4},
                    "net": {"type": "array", "items": _WHOLE, "minItems": 4, "maxItems": 4},
                    "doubles": {
                        "type": "array",
                        "items": {
                            "type": "array",
                            "items": {"type": "integer", "minimum": 0, "maximum": 3},
                            "minItems": 2,
                            "maxItems": 2,
                        },
                    },
                },
                "required": ["contract", "chooser"],
                "additionalProperties": False,
            },
        },
        "sheet": {
            "type": "array",
            "description": "A paper score sheet: one row per contract "
            "with each seat's score after doubling, in any order; instead of games.",
            "items": {
                "type": "object",
                "properties": {
                    "contract": {"type": "string"},
                    "net": {"type": "array", "items": _WHOLE, "minItems": 4, "maxItems": 4},
                },
                "required": ["contract", "net"],
                "additionalProperties": False,
            },
        },
        "totals": {"type": "array", "items": _WHOLE, "minItems": 4, "maxItems": 4},
    },
    "additionalProperties": False,
}


class Bonken:
    """The Bonken game object (one instance: ``GAME``)."""

    code = GAME_CODE
    name = "Bonken"
    name_nl = "Bonken"
    catalogue = CATALOGUE
    table_sizes: tuple[int, ...] = (4,)
    preferred_size = 4
    teams: Mapping[int, tuple[tuple[int, ...], ...]] | None = None
    zero_sum = True
    higher_is_better = True
    rating_scale = 250.0  # a seat's session total spreads about this much (classic rules)
    default_ruleset = DEFAULT_RULESET
    rulesets: Mapping[str, Ruleset] = RULESETS
    document_schema: Mapping[str, Any] = DOCUMENT_SCHEMA
    stats: tuple[Stat, ...] = ()
    standings_order: tuple[str, ...] = ("total", "table_wins", "placement_points")
    parts_key: str | None = "games"
    players_key: str | None = "seats"  # names the table's players by seat (names or ids)

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
    ) -> SessionResult:
        """``engine.score_session``; its messages name the table's players (``names``)."""
        result = score_session(document, ruleset=ruleset, names=names)
        result.source = document
        return result

    def table_document(
        self, document: dict[str, Any], *, ruleset: str, names: Sequence[str]
    ) -> dict[str, Any]:
        """The document as stored for a table: the event's ruleset and the seated players'
        names filled in (the caller refuses a document naming another ruleset)."""
        stored = dict(document)  # a shallow copy: only the top-level keys below are replaced
        stored["ruleset"] = ruleset
        stored["seats"] = list(names)
        return stored

    def example(self, seats: int) -> dict[str, Any]:
        """A complete classic session of four (the documents of ``sample``, seeded)."""
        if seats not in self.table_sizes:
            raise ValueError(f"Bonken has no table of {seats}")
        document = random_session(Random(seats), seats=seats, ruleset=RULESETS[DEFAULT_RULESET])
        return {"game": GAME_CODE, **document}


GAME = Bonken()
