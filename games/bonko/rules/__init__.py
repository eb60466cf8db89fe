"""The Bonko rules: a dice game for teams of two at tables of four, with a King's table and
progressive movement. ``GAME`` is Bonko behind the game seam (``games.seam``).

Pure Python with no Django import. The public interface::

    from games.bonko.rules import GAME, score_round, next_tables, moves_after, summary, RULESETS

    outcome = GAME.score(document)            # never raises for bad input
    outcome.valid, outcome.errors, outcome.totals, outcome.placements, outcome.to_dict()

See README.md in this folder for the document, the decisions taken where the rules are silent,
and the error codes.
"""

from games.bonko.rules.game import GAME, Bonko
from games.bonko.rules.movement import Moves, moves_after, next_tables
from games.bonko.rules.rolls import is_bonko, roll_points
from games.bonko.rules.rulesets import RULESETS, Ruleset, ruleset_from_dict, ruleset_to_dict
from games.bonko.rules.scoring import score_round
from games.bonko.rules.summary import Summary, summary
from games.seam import RuleError, RulesetError

__all__ = [
    "GAME",
    "RULESETS",
    "Bonko",
    "Moves",
    "RuleError",
    "Ruleset",
    "RulesetError",
    "Summary",
    "is_bonko",
    "moves_after",
    "next_tables",
    "roll_points",
    "ruleset_from_dict",
    "ruleset_to_dict",
    "score_round",
    "summary",
]
