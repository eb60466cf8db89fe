"""Rule errors: what the engine reports about a document it cannot accept.

Every problem becomes one :class:`RuleError` with a stable ``code`` (listed with its meaning in
``games/bonken/README.md``), an English ``message``, a Dutch ``message_nl``, the 1-based ``game``
it concerns (``None`` for the document as a whole) and the ``field``: a key inside the game
(``"counts"``, ``"counts.kings"``, ``"doubles[2]"`` with a 0-based index) or a document key
(``"ruleset"``, ``"games"``, ``"totals"``, ``"seats"``).

Messages never echo arbitrary input: strings are shortened, huge numbers are abbreviated and
other values are described by kind, so formatting an error can never fail or blow up.
"""

from __future__ import annotations

from games import seam
from games.bonken.messages import MESSAGES
from games.seam import RuleError, RulesetError, Text, listing, num, quoted

__all__ = [
    "CATALOGUE", "RuleError", "RulesetError", "Text", "cap_errors", "listing", "num", "quoted",
    "rule_error", "seat_list", "unknown_fields",
]

CATALOGUE = seam.Catalogue(MESSAGES)
rule_error = CATALOGUE.error  # rule_error(code, game, field, *, variant=None, **params)


def seat_list(seats: list[int]) -> Text:
    """``seat 2`` / ``seats 0 and 3``, ``plaats 2`` / ``plaatsen 0 en 3``."""
    numbers = listing(seats)
    if len(seats) == 1:
        return Text(f"seat {numbers.en}", f"plaats {numbers.nl}")
    return Text(f"seats {numbers.en}", f"plaatsen {numbers.nl}")


def cap_errors(errors: list[RuleError], limit: int = seam.MAX_ERRORS) -> list[RuleError]:
    """The first ``limit`` errors, followed by ``too_many_errors`` if some were dropped."""
    return seam.cap_errors(errors, CATALOGUE, limit)


def unknown_fields(
    data: dict, allowed: frozenset[str], game: int | None, errors: list[RuleError]
) -> None:
    """Report every key of ``data`` that is not ``allowed``."""
    seam.unknown_fields(data, allowed, game, errors, CATALOGUE)
