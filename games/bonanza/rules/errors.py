"""Rule errors: what the rules report about a document they cannot accept.

Every problem becomes one :class:`RuleError` with a stable ``code`` (listed with its meaning in
``games/bonanza/rules/README.md``), an English ``message``, a Dutch ``message_nl``, the 1-based hand
``game`` it concerns (``None`` for the document as a whole) and the ``field``: a key inside the
hand (``"widow.price"``, ``"poker.entrants[1]"``, ``"sections.joker"``,
``"out.cards_left[2]"`` with 0-based indexes) or a document key (``"seats"``,
``"first_dealer"``, ``"hands"``, ``"end.leftover"``).

Messages never echo arbitrary input: strings are shortened, huge numbers abbreviated and other
values described by kind (``games.seam.quoted``), so formatting an error never fails.
"""

from __future__ import annotations

from typing import Any

from games import seam
from games.bonanza.rules.messages import MESSAGES
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
    "unknown_keys",
]

CATALOGUE = seam.Catalogue(MESSAGES)
rule_error = CATALOGUE.error  # rule_error(code, game, field, *, variant=None, **params)


def cap_errors(errors: list[RuleError], limit: int = seam.MAX_ERRORS) -> list[RuleError]:
    """The first ``limit`` errors, followed by ``too_many_errors`` if some were dropped."""
    return seam.cap_errors(errors, CATALOGUE, limit)


def unknown_keys(
    data: dict[Any, Any],
    allowed: frozenset[str],
    game: int | None,
    errors: list[RuleError],
    prefix: str = "",
) -> None:
    """Report every key of ``data`` that is not ``allowed`` as ``unknown_field``; the field is
    the key under ``prefix`` (``widow.`` for a key of the widow object)."""
    for key in data:
        if key not in allowed:
            name = key[:40] if isinstance(key, str) else "(not text)"
            errors.append(
                rule_error(
                    "unknown_field",
                    game,
                    prefix + name,
                    name=quoted(prefix + key if isinstance(key, str) else key),
                )
            )
