"""Rule errors: what the engine reports about a document it cannot accept.

Every problem becomes one :class:`RuleError` with a stable ``code`` (listed with its meaning in
``games/bonken/rules/README.md``), an English ``message``, a Dutch ``message_nl``, the 1-based
``game`` it concerns (``None`` for the document as a whole) and the ``field``: a key inside the
game (``"counts"``, ``"counts.kings"``, ``"doubles[2]"`` with a 0-based index) or a document key
(``"ruleset"``, ``"games"``, ``"totals"``, ``"seats"``).

Messages never echo arbitrary input: strings are shortened, huge numbers are abbreviated and
other values are described by kind, so formatting an error can never fail or blow up.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from contextvars import ContextVar
from typing import Any

from games import seam
from games.bonken.rules.messages import MESSAGES
from games.seam import RuleError, RulesetError, Text, listing, num, quoted

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
    "seat_names",
    "unknown_fields",
    "who",
]

CATALOGUE = seam.Catalogue(MESSAGES)
# The players' names while a document is scored (its ``seats``, or the table's): messages name
# the players when they are known and count seats from 1 when not.
NAMES: ContextVar[Sequence[str] | None] = ContextVar("bonken_seat_names", default=None)


def rule_error(
    code: str,
    game: int | None = None,
    field: str | None = None,
    *,
    variant: str | None = None,
    **params: str | int | Text,
) -> RuleError:
    """The problem ``code`` with its messages; one that opens with a seat (``{seat} chose
    ...``) starts with a capital."""
    error = CATALOGUE.error(code, game, field, variant=variant, **params)
    template = MESSAGES[f"{code}/{variant}" if variant else code][0]
    if template.startswith("{") and template[1:].startswith(("seat", "doubler", "expected")):
        error = dataclasses.replace(
            error,
            message=error.message[:1].upper() + error.message[1:],
            message_nl=error.message_nl[:1].upper() + error.message_nl[1:],
        )
    return error


def seat_list(seats: list[int]) -> Text:
    """The players' names when known (``Anna and Bram``), else seats counted from 1 (``seat 1``
    / ``seats 1 and 4``, Dutch ``stoel``: *plaats* is also a place in the standings)."""
    return seam.seat_list(seats, NAMES.get())


def who(seat: int) -> Text:
    """One seat for a message: the player's name, or ``seat 3`` counted from 1."""
    return seat_list([seat])


def seat_names(document: object, names: Sequence[str] | None) -> Sequence[str] | None:
    """The names messages use: ``names`` if given, else the document's ``seats`` if they are
    four non-empty names."""
    if names is not None and len(names) == 4:
        return names
    seats = document.get("seats") if isinstance(document, dict) else None
    if (
        isinstance(seats, list | tuple)
        and len(seats) == 4
        and all(isinstance(name, str) and name.strip() for name in seats)
    ):
        return list(seats)
    return None


def cap_errors(errors: list[RuleError], limit: int = seam.MAX_ERRORS) -> list[RuleError]:
    """The first ``limit`` errors, followed by ``too_many_errors`` if some were dropped."""
    return seam.cap_errors(errors, CATALOGUE, limit)


def unknown_fields(
    data: dict[Any, Any], allowed: frozenset[str], game: int | None, errors: list[RuleError]
) -> None:
    """Report every key of ``data`` that is not ``allowed``."""
    seam.unknown_fields(data, allowed, game, errors, CATALOGUE)
