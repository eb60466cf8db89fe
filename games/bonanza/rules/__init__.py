"""The Bonanza Rummy rules: rulesets as data, and validation and scoring of session documents
(the chip ledger of a board of ten sections). ``GAME`` is Bonanza Rummy behind the game seam
(``games.seam``), as the registry lists it.

Pure Python with no Django import::

    from games.bonanza.rules import GAME

    outcome = GAME.score(document)            # never raises for bad input
    outcome.valid, outcome.errors, outcome.totals, outcome.complete, outcome.placements,
    outcome.parts(), outcome.hint(), outcome.stats(), outcome.to_dict()

See README.md in this folder for the document, the decisions taken where the rules are silent
and the list of error codes.
"""

from games.bonanza.rules.game import GAME, Bonanza
from games.bonanza.rules.hands import Hand
from games.bonanza.rules.rulesets import (
    RULESETS,
    SECTIONS,
    SHOWN,
    Ruleset,
    get_ruleset,
    ruleset_from_dict,
    ruleset_to_dict,
)
from games.bonanza.rules.scoring import play_hand, score_session, settle
from games.seam import RulesetError

__all__ = [
    "GAME",
    "RULESETS",
    "SECTIONS",
    "SHOWN",
    "Bonanza",
    "Hand",
    "Ruleset",
    "RulesetError",
    "get_ruleset",
    "play_hand",
    "ruleset_from_dict",
    "ruleset_to_dict",
    "score_session",
    "settle",
]
