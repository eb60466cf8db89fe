"""The Bonken rules engine: rulesets as data, and validation and scoring of session documents.
``GAME`` is Bonken behind the game seam (``gamekit.seam``), as the registry lists it.

Pure Python with no Django import: the API, the web forms, the CLI and the Celery jobs all call
it. The public interface::

    from bonken.rules import score_session, get_ruleset, ruleset_from_dict, RULESETS, RulesetError

    result = score_session(document)          # never raises for bad input
    result.valid, result.errors, result.games, result.totals, result.complete,
    result.next_chooser, result.available_contracts, result.placements, result.to_dict()

See README.md in this folder for the document format, the decisions taken where the rules are
silent, and the list of error codes.
"""

from bonken.rules.builtin import RULESETS, get_ruleset
from bonken.rules.engine import score_session
from bonken.rules.errors import RuleError, RulesetError
from bonken.rules.game import GAME
from bonken.rules.loading import ruleset_from_dict, ruleset_to_dict
from bonken.rules.results import GameResult, SessionResult, placements
from bonken.rules.rulesets import CardKind, Contract, Ruleset

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
