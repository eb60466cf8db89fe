"""The Bonken rules engine: rulesets as data, and validation and scoring of session documents.
``GAME`` is Bonken behind the game seam (``games.seam``), as the registry lists it.

Pure Python with no Django import: the API, the web forms, the CLI and the Celery jobs all call
it. The public interface::

    from games.bonken.rules import (
        score_session, get_ruleset, ruleset_from_dict, RULESETS, RulesetError
    )

    result = score_session(document)          # never raises for bad input
    result.valid, result.errors, result.games, result.totals, result.complete,
    result.next_chooser, result.available_contracts, result.placements, result.to_dict()

See README.md in this folder for the document format, the decisions taken where the rules are
silent, and the list of error codes.
"""

from games.bonken.rules.builtin import RULESETS, get_ruleset
from games.bonken.rules.engine import score_session
from games.bonken.rules.errors import RuleError, RulesetError
from games.bonken.rules.game import GAME
from games.bonken.rules.loading import ruleset_from_dict, ruleset_to_dict
from games.bonken.rules.results import GameResult, SessionResult, placements
from games.bonken.rules.rulesets import CardKind, Contract, Ruleset

__all__ = [
    "GAME",
    "RULESETS",
    "CardKind",
    "Contract",
    "GameResult",
    "RuleError",
    "Ruleset",
    "RulesetError",
    "SessionResult",
    "get_ruleset",
    "placements",
    "ruleset_from_dict",
    "ruleset_to_dict",
    "score_session",
]
