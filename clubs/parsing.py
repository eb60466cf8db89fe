"""Whole numbers as people and clients send them, read one way everywhere.

A number read from a header, a query string or a form field is a string of ASCII digits:
``str.isdigit`` also accepts ``²`` and ``٣`` (on which ``int`` fails, or which it reads as 3),
so every integer taken from text goes through :func:`whole_number`.
"""

from __future__ import annotations

from typing import Any

LARGEST = 10**18  # what a 64-bit column holds, with room


def whole_number(value: Any, *, maximum: int = LARGEST) -> int | None:
    """A non-negative whole number as sent (a JSON integer, or ASCII digits), else None."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value if 0 <= value <= maximum else None
    if isinstance(value, str) and value and value.isascii() and value.isdigit():
        if len(value) <= len(str(maximum)) and int(value) <= maximum:
            return int(value)
    return None
