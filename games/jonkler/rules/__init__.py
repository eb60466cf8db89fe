"""Jonkler, an Oh Hell variant for three to six players: bid the exact number of tricks.

``GAME`` is Jonkler behind the game seam (``games.seam``), as the registry lists it. Pure
Python with no Django import. The public interface::

    from games.jonkler.rules import GAME, score_session, forbidden_bid, RULESETS, ruleset_from_dict

    result = score_session(document, names=["Anna", "Bram", "Cees", "Daan"])  # never raises
    result.valid, result.errors, result.totals, result.complete, result.placements,
    result.parts(), result.hint(), result.stats(), result.to_dict()

    forbidden_bid(3, [1, 0, 1])   # 1: the dealer may not make the bids add up to 3

See README.md in this folder for the document, the decisions taken where the rules are silent
and the error codes.
"""

from games.jonkler.rules.game import DOCUMENT_SCHEMA, GAME, Jonkler
from games.jonkler.rules.result import JonklerResult, JonklerRound
from games.jonkler.rules.rules import bidding_order, dealer, forbidden_bid, round_points
from games.jonkler.rules.rulesets import (
    DEFAULT_RULESET,
    RULESETS,
    Ruleset,
    ruleset_from_dict,
    ruleset_to_dict,
)
from games.jonkler.rules.scoring import score_session

__all__ = [
    "DEFAULT_RULESET",
    "DOCUMENT_SCHEMA",
    "GAME",
    "RULESETS",
    "Jonkler",
    "JonklerResult",
    "JonklerRound",
    "Ruleset",
    "bidding_order",
    "dealer",
    "forbidden_bid",
    "round_points",
    "ruleset_from_dict",
    "ruleset_to_dict",
    "score_session",
]
