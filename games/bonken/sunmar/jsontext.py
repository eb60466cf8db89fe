"""The JSON text of a backup's entries, read only within what the service can represent and
store (pure: no Django).

``load_json`` refuses, naming the entry and the problem, text that is not UTF-8 JSON or holds
what the rest of the service cannot take: nesting deeper than ``MAX_DEPTH`` (past the parser's
own limit of recursion, or found after parsing), ``NaN`` or ``Infinity``, a number beyond
``MAX_INTEGER`` or with a fraction or an exponent, an object with a key twice, a text longer
than ``MAX_STRING`` characters or with a character the database cannot keep (``\\u0000``, a
lone surrogate). ``check_value`` checks the same of a value already parsed (a backup read back
from the database).
"""

from __future__ import annotations

import json
import re
from typing import Any

from games.bonken.sunmar.problems import BackupRefused, refuse

MAX_DEPTH = 16  # the app's files nest 8 deep
MAX_STRING = 1000  # characters of a text or key; the app's longest are 73 (a pair of ids)
MAX_INTEGER = 2**53 - 1  # the largest integer every JSON reader keeps exactly
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
Containers = list[tuple[dict[Any, Any] | list[Any], int]]


class _Unrepresentable(Exception):
    """Raised by the parser's hooks; becomes a BackupRefused naming the entry."""

    def __init__(self, code: str, en: str, nl: str):
        super().__init__(en)
        self.code, self.en, self.nl = code, en, nl


def load_json(data: bytes, name: str) -> Any:
    """The value of the entry ``name`` whose bytes are ``data``, or BackupRefused."""
    try:
        text = data.decode("utf-8")
        value = json.loads(
            text,
            parse_constant=_constant,
            parse_int=_integer,
            parse_float=_float,
            object_pairs_hook=_object,
        )
    except _Unrepresentable as exc:
        raise _refused(exc, name) from exc
    except RecursionError as exc:  # nested past the parser's limit (about 1,000 deep)
        raise _too_deep(name) from exc
    except ValueError as exc:  # UnicodeDecodeError is one
        raise refuse(
            "entry_not_json",
            f"'{name}' is not valid JSON text.",
            f"'{name}' is geen geldige JSON-tekst.",
            name,
        ) from exc
    check_value(value, name)
    return value


def check_value(value: Any, name: str) -> None:
    """Refuse ``value`` (the entry ``name``, parsed) if it holds anything ``load_json`` refuses
    in the text; walked without recursion, so any depth is safe to check."""
    containers: Containers = []
    problem = _push(containers, value, 0)
    while containers and problem is None:
        container, depth = containers.pop()
        if depth > MAX_DEPTH:
            raise _too_deep(name)
        if isinstance(container, dict):
            for key, inner in container.items():
                problem = (_string(key) if type(key) is str else _unrepresentable(key)) or _push(
                    containers, inner, depth
                )
                if problem is not None:
                    break
        else:
            for inner in container:
                problem = _push(containers, inner, depth)
                if problem is not None:
                    break
    if problem is not None:
        raise _refused(problem, name)


def _push(containers: Containers, item: Any, depth: int) -> _Unrepresentable | None:
    """Queue ``item`` (inside a container ``depth`` deep) if it is a container, else check it."""
    kind = type(item)
    if kind is str:
        return _string(item)
    if kind is dict or kind is list:
        containers.append((item, depth + 1))
        return None
    if item is None or kind is bool:
        return None
    if kind is int:
        return _integer_problem(item)
    if kind is float:
        return _fraction()
    return _unrepresentable(item)


def _unrepresentable(item: Any) -> _Unrepresentable:
    kind = type(item).__name__
    return _Unrepresentable(
        "json_unrepresentable",
        f"holds a value of a kind JSON does not have ({kind})",
        f"bevat een waarde van een soort die JSON niet kent ({kind})",
    )


def _constant(text: str) -> Any:
    raise _not_finite()


def _not_finite() -> _Unrepresentable:
    return _Unrepresentable(
        "json_not_a_number",
        "holds NaN or Infinity, which is not a number JSON allows",
        "bevat NaN of Infinity, geen getal dat JSON toestaat",
    )


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > len(str(MAX_INTEGER)):  # before int(): no digits are too many
        raise _too_large()
    value = int(text)
    problem = _integer_problem(value)
    if problem is not None:
        raise problem
    return value


def _integer_problem(value: int) -> _Unrepresentable | None:
    return _too_large() if abs(value) > MAX_INTEGER else None


def _too_large() -> _Unrepresentable:
    return _Unrepresentable(
        "json_number_too_large",
        f"holds a number beyond {MAX_INTEGER}",
        f"bevat een getal voorbij {MAX_INTEGER}",
    )


def _float(text: str) -> float:
    raise _fraction()


def _fraction() -> _Unrepresentable:
    """The app writes whole numbers only; a fraction or an exponent would not come back from
    the database as it was sent (it keeps ``1e2`` as ``100``, ``1e-20000`` not at all)."""
    return _Unrepresentable(
        "json_not_whole_number",
        "holds a number that is not a whole number (the app writes whole numbers only)",
        "bevat een getal dat geen geheel getal is (de app schrijft alleen gehele getallen)",
    )


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    value = dict(pairs)
    if len(value) < len(pairs):
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                raise _Unrepresentable(
                    "json_key_twice",
                    f"holds an object with the key '{key[:40]}' twice",
                    f"bevat een object met de sleutel '{key[:40]}' twee keer",
                )
            seen.add(key)
    return value


def _string(text: str) -> _Unrepresentable | None:
    if len(text) > MAX_STRING:
        return _Unrepresentable(
            "json_string_too_long",
            f"holds a text longer than {MAX_STRING} characters",
            f"bevat een tekst langer dan {MAX_STRING} tekens",
        )
    if _UNSTORABLE.search(text):
        return _Unrepresentable(
            "json_unstorable_character",
            "holds a text with a character that cannot be stored (\\u0000 or a lone surrogate)",
            "bevat een tekst met een teken dat niet kan worden opgeslagen (\\u0000 of een los "
            "surrogaat)",
        )
    return None


def _refused(problem: _Unrepresentable, name: str) -> BackupRefused:
    return refuse(problem.code, f"'{name}' {problem.en}.", f"'{name}' {problem.nl}.", name)


def _too_deep(name: str) -> BackupRefused:
    return refuse(
        "json_too_deep",
        f"'{name}' is nested more than {MAX_DEPTH} levels deep.",
        f"'{name}' is meer dan {MAX_DEPTH} niveaus diep genest.",
        name,
    )
