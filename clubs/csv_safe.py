"""Every CSV the service writes goes through :func:`csv_writer`, which neutralises cells that a
spreadsheet would run as a formula: a player named ``=HYPERLINK("...")`` stays text.

A text cell starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return gets a leading
apostrophe (the usual spreadsheet escape); numbers are written as they are (a negative total
stays a number).
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from typing import Any, Protocol

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: Any) -> Any:
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


class _Writable(Protocol):
    def write(self, text: str, /) -> Any: ...


class SafeWriter:
    """``csv.writer`` whose rows are neutralised cell by cell."""

    def __init__(self, stream: _Writable, **options: Any) -> None:
        self._writer = csv.writer(stream, **options)

    def writerow(self, row: Iterable[Any]) -> Any:
        return self._writer.writerow([safe_cell(value) for value in row])

    def writerows(self, rows: Iterable[Iterable[Any]]) -> None:
        for row in rows:
            self.writerow(row)


def csv_writer(stream: _Writable, **options: Any) -> SafeWriter:
    return SafeWriter(stream, **options)
