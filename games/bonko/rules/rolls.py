"""What one roll of three dice scores, and whether it is a Bonko.

Round r of a set has target number r. A roll scores 1 point per die showing r; three of a kind
of another number scores ``triple_points`` (5); three r's score ``bonko_points`` (21) when the
player calls "Bonko!", and otherwise 1 per die like any other target die (3).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.bonko.rules.rulesets import Ruleset


def roll_points(dice: Sequence[int], target: int, ruleset: Ruleset, *, called: bool) -> int:
    """The points of one roll of three dice in the round whose target number is ``target``."""
    first, second, third = dice
    if first == second == third:
        if first != target:
            return ruleset.triple_points
        return ruleset.bonko_points if called else 3
    return (first == target) + (second == target) + (third == target)


def is_bonko(dice: Sequence[int], target: int, *, called: bool) -> bool:
    """Three target dice, called out: a Bonko."""
    return called and len(dice) == 3 and all(die == target for die in dice)
