"""Rule errors: what the engine reports about a document it cannot accept.

Every problem becomes one :class:`RuleError` with a stable ``code`` (listed with its meaning in
``games/rules/README.md``), an English ``message``, a Dutch ``message_nl``, the 1-based ``game``
it concerns (``None`` for the document as a whole) and the ``field``: a key inside the game
(``"counts"``, ``"counts.kings"``, ``"doubles[2]"`` with a 0-based index) or a document key
(``"ruleset"``, ``"games"``, ``"totals"``, ``"seats"``).

Messages never echo arbitrary input: strings are shortened, huge numbers are abbreviated and
other values are described by kind, so formatting an error can never fail or blow up.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from games.rules.messages import MESSAGES

_SMALL = 10**12
_MAX_TEXT = 40


class RulesetError(KeyError, ValueError):
    """A ruleset that does not exist or cannot be built (malformed, or not zero-sum)."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


@dataclass(frozen=True, slots=True)
class RuleError:
    """One problem in a session document."""

    code: str
    message: str
    message_nl: str
    game: int | None = None
    field: str | None = None

    def to_dict(self) -> dict[str, object]:
        return {
            "code": self.code,
            "message": self.message,
            "message_nl": self.message_nl,
            "game": self.game,
            "field": self.field,
        }


@dataclass(frozen=True, slots=True)
class Text:
    """A message parameter that reads differently in English and Dutch."""

    en: str
    nl: str


def rule_error(
    code: str,
    game: int | None = None,
    field: str | None = None,
    *,
    variant: str | None = None,
    **params: str | int | Text,
) -> RuleError:
    """Build the error ``code`` with both messages filled in from ``params``."""
    english, dutch = MESSAGES[f"{code}/{variant}" if variant else code]
    params_en = {k: v.en if isinstance(v, Text) else v for k, v in params.items()}
    params_nl = {k: v.nl if isinstance(v, Text) else v for k, v in params.items()}
    return RuleError(code, english.format_map(params_en), dutch.format_map(params_nl), game, field)


def num(value: int) -> str:
    """An integer for a message; a huge one is abbreviated to its order of magnitude."""
    if -_SMALL < value < _SMALL:
        return str(value)
    digits = int(value.bit_length() * 0.30103)
    return f"{'-' if value < 0 else ''}~10^{digits}"


def quoted(value: object) -> Text:
    """Some input (a name, a code) for a message, shortened and quoted."""
    if isinstance(value, str):
        text = value if len(value) <= _MAX_TEXT else value[: _MAX_TEXT - 3] + "..."
        return Text(f'"{text}"', f'"{text}"')
    if isinstance(value, bool) or value is None:
        word = "null" if value is None else str(value).lower()
        return Text(word, word)
    if isinstance(value, int):
        return Text(num(value), num(value))
    return Text("(not text)", "(geen tekst)")


def listing(items: Iterable[str | int]) -> Text:
    """``a, b and c`` / ``a, b en c``."""
    words = [num(item) if isinstance(item, int) else item for item in items]
    if len(words) <= 1:
        return Text("".join(words), "".join(words))
    head = ", ".join(words[:-1])
    return Text(f"{head} and {words[-1]}", f"{head} en {words[-1]}")


def seat_list(seats: list[int]) -> Text:
    """``seat 2`` / ``seats 0 and 3``, ``plaats 2`` / ``plaatsen 0 en 3``."""
    numbers = listing(seats)
    if len(seats) == 1:
        return Text(f"seat {numbers.en}", f"plaats {numbers.nl}")
    return Text(f"seats {numbers.en}", f"plaatsen {numbers.nl}")


def cap_errors(errors: list[RuleError], limit: int = 200) -> list[RuleError]:
    """The first ``limit`` errors, followed by ``too_many_errors`` if some were dropped."""
    if len(errors) <= limit:
        return errors
    return [*errors[:limit], rule_error("too_many_errors", limit=limit)]


def unknown_fields(
    data: dict, allowed: frozenset[str], game: int | None, errors: list[RuleError]
) -> None:
    """Report every key of ``data`` that is not ``allowed``."""
    for key in data:
        if key not in allowed:
            field = key[:_MAX_TEXT] if isinstance(key, str) else "(not text)"
            errors.append(rule_error("unknown_field", game, field, name=quoted(key)))
