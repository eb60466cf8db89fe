"""Bonko behind the game seam (``games.seam.Game``): the object the rest of the service uses.

Tables of four: two teams of two partners (seats 0 and 2, 1 and 3 when seated as units), not
zero-sum, the higher score wins. A session document is one table's result of one round
(``scoring.score_round``); standings rank by wins (the punches on a team's card), then called
Bonkos, then total points.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from games.bonko.rules.messages import CATALOGUE
from games.bonko.rules.rulesets import RULESETS, Ruleset, ruleset_from_dict, ruleset_to_dict
from games.bonko.rules.sample import random_session
from games.bonko.rules.scoring import DEFAULT_RULESET, GAME_CODE, MAX_SET, score_round
from games.seam import Scored, Stat

_NATURAL = {"type": "integer", "minimum": 0}
_SEAT = {"type": "integer", "minimum": 0, "maximum": 3}
_TEAM = {
    "type": "object",
    "properties": {
        "seats": {"type": "array", "items": _SEAT, "minItems": 2, "maxItems": 2},
        "score": {**_NATURAL, "description": "The team's points in the round."},
        "rolloff": {
            "type": "array",
            "items": _NATURAL,
            "default": [],
            "description": "Points per roll-off session; empty when the scores differ.",
        },
    },
    "required": ["seats", "score"],
    "additionalProperties": False,
}
_ROLL = {
    "type": "object",
    "properties": {
        "seat": _SEAT,
        "dice": {
            "type": "array",
            "items": {"type": "integer", "minimum": 1, "maximum": 6},
            "minItems": 3,
            "maxItems": 3,
        },
        "called": {
            "type": "boolean",
            "default": False,
            "description": "Bonko! was called (three target dice score 21 only then).",
        },
        "rolloff": {
            "type": "integer",
            "minimum": 1,
            "description": "The roll-off session of this roll; absent in the round.",
        },
    },
    "required": ["seat", "dice"],
    "additionalProperties": False,
}

DOCUMENT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "One Bonko table's result of one round: two teams of two, their scores, "
    "roll-offs when tied, and optionally every roll.",
    "properties": {
        "game": {"type": "string", "enum": [GAME_CODE]},
        "ruleset": {"type": "string", "default": DEFAULT_RULESET},
        "set": {"type": "integer", "minimum": 1, "maximum": MAX_SET},
        "round": {
            "type": "integer",
            "minimum": 1,
            "maximum": 6,
            "description": "The round of the set; also its target number.",
        },
        "king": {"type": "boolean", "default": False, "description": "The King's table."},
        "bell": {"type": "boolean", "default": False, "description": "The bell rang."},
        "teams": {"type": "array", "items": _TEAM, "minItems": 2, "maxItems": 2},
        "bonkos": {
            "type": "array",
            "items": _NATURAL,
            "minItems": 4,
            "maxItems": 4,
            "description": "Called Bonkos per seat.",
        },
        "rolls": {"type": "array", "items": _ROLL},
    },
    "required": ["set", "round", "teams"],
    "additionalProperties": False,
}


class Bonko:
    """The Bonko game object (one instance: ``GAME``)."""

    code = GAME_CODE
    name = "Bonko"
    name_nl = "Bonko"
    catalogue = CATALOGUE
    table_sizes: tuple[int, ...] = (4,)
    preferred_size = 4
    teams: Mapping[int, tuple[tuple[int, ...], ...]] | None = {4: ((0, 2), (1, 3))}
    zero_sum = False
    higher_is_better = True
    # A team's score against the mean of the two at its table spreads about this much between
    # equal teams; each team's score against expectation rates its two players.
    rating_scale = 7.0
    default_ruleset = DEFAULT_RULESET
    rulesets: Mapping[str, Ruleset] = RULESETS
    document_schema: Mapping[str, Any] = DOCUMENT_SCHEMA
    stats: tuple[Stat, ...] = (
        Stat("bonkos", "Bonkos", "Bonko's"),
        Stat("wins", "Wins", "Gewonnen"),
    )
    standings_order: tuple[str, ...] = ("wins", "bonkos", "total")
    parts_key: str | None = None  # one table's result of a round, entered whole

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
    ) -> Scored:
        return score_round(document, ruleset=ruleset, names=names)

    def table_document(
        self, document: dict[str, Any], *, ruleset: str, names: Sequence[str]
    ) -> dict[str, Any]:
        """The document as stored for a table: the event's ruleset filled in, the teams kept
        as recorded (a Bonko document numbers seats; the names are the table's)."""
        stored = dict(document)  # a shallow copy: only top-level keys are replaced
        if stored.get("game") is None:  # a document without a game would read as Bonken
            stored["game"] = GAME_CODE
        stored["ruleset"] = ruleset
        return stored

    def example(self, seats: int) -> dict[str, Any]:
        """One table's result of the first round of the first set, away from the King's
        table, with the rolls that made its scores: a document for such a table as it is
        (its ``set`` and ``round`` must be the table's, and the rolls count for that round's
        target number). Seeded, and the first seed whose round keeps its rolls and Bonkos."""
        if seats not in self.table_sizes:
            raise ValueError(f"Bonko has no table of {seats}")
        ruleset = RULESETS[DEFAULT_RULESET]
        for seed in range(1000):
            document = random_session(
                Random(seed), seats=seats, ruleset=ruleset, set_number=1, target=1, king=False
            )
            if "rolls" in document and "bonkos" in document:
                return document
        raise AssertionError("no seeded Bonko round keeps its rolls")  # pragma: no cover


GAME = Bonko()
