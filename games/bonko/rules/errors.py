"""Rule errors of Bonko: one :class:`RuleError` per problem, with a stable ``code`` (listed in
``games/bonko/rules/README.md``), an English and a Dutch message, and the ``field`` it concerns (a
document key, or a path such as ``teams[1].rolloff[0]`` or ``rolls[4].dice`` with 0-based
indexes). ``game`` is None: a document is one table's result of one round.

Messages never echo arbitrary input (``games.seam`` formats values safely) and name players
when their names are known, else count seats from 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games import seam
from games.bonko.rules.messages import CATALOGUE
from games.seam import RuleError, RulesetError, Text, listing, num, quoted, seat_list

__all__ = [
    "CATALOGUE",
    "RuleError",
    "RulesetError",
    "Text",
    "cap_errors",
    "listing",
    "num",
    "quoted",
    "rule_error",
    "seat_list",
    "team_label",
    "unknown_fields",
]

rule_error = CATALOGUE.error  # rule_error(code, game, field, *, variant=None, **params)


def team_label(
    number: int, seats: Sequence[int] | None, names: Sequence[str] | None = None
) -> Text:
    """A team for a message: ``the team of seats 1 and 3`` / ``het team van Anna en Cees``, or
    ``team 2`` when its seats could not be read (``number`` counts from 1)."""
    if seats is None:
        return Text(f"team {number}", f"team {number}")
    players = seat_list(seats, names)
    return Text(f"the team of {players.en}", f"het team van {players.nl}")


def cap_errors(errors: list[RuleError], limit: int = seam.MAX_ERRORS) -> list[RuleError]:
    """The first ``limit`` errors, followed by ``too_many_errors`` if some were dropped."""
    return seam.cap_errors(errors, CATALOGUE, limit)


def unknown_fields(
    data: dict[Any, Any], allowed: frozenset[str], errors: list[RuleError], prefix: str = ""
) -> None:
    """Report every key of ``data`` that is not ``allowed`` (``prefix`` locates the object)."""
    found: list[RuleError] = []
    seam.unknown_fields(data, allowed, None, found, CATALOGUE)
    for error in found:
        field = f"{prefix}.{error.field}" if prefix else error.field
        errors.append(RuleError(error.code, error.message, error.message_nl, None, field))
