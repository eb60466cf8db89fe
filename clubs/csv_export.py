"""Every CSV file the service writes goes through ``csv_writer``: a cell of text that a
spreadsheet would take for a formula (starting with ``=``, ``+``, ``-``, ``@``, a tab or a
carriage return, also after leading spaces) is written with a leading apostrophe, so a player
named ``=HYPERLINK(...)`` stays a name. Numbers, and text that is a plain number such as
``-12`` or ``-0.5``, are written as they are."""

import csv
import re
from collections.abc import Iterable
from typing import Any, Protocol

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"[+-]?\d+(\.\d+)?([eE][+-]?\d+)?")


class _Writable(Protocol):
    def write(self, text: str, /) -> Any: ...


def neutralise(value: Any) -> Any:
    """``value``, or text that no spreadsheet runs as a formula."""
    if not isinstance(value, str) or _PLAIN_NUMBER.fullmatch(value):
        return value
    if value.startswith(FORMULA_STARTS) or value.lstrip(" ").startswith(FORMULA_STARTS):
        return "'" + value
    return value


class SafeWriter:
    """``csv.writer`` with every cell passed through ``neutralise``."""

    def __init__(self, stream: _Writable) -> None:
        self._writer = csv.writer(stream)

    def writerow(self, row: Iterable[Any]) -> None:
        self._writer.writerow([neutralise(cell) for cell in row])

    def writerows(self, rows: Iterable[Iterable[Any]]) -> None:
        for row in rows:
            self.writerow(row)


def csv_writer(stream: _Writable) -> SafeWriter:
    return SafeWriter(stream)
