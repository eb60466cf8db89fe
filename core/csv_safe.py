"""Every CSV the service writes goes through :func:`csv_writer`, which neutralises cells that a
spreadsheet would run as a formula: a player named ``=HYPERLINK("...")`` stays text. The event
exports and the API's CSV both write their file as a :class:`CSVFile` (plain, or for a Dutch
Excel; the header row first) and send it as :data:`CONTENT_TYPE` with :func:`attachment`.

A text cell starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return gets a leading
apostrophe (the usual spreadsheet escape); numbers are written as they are (a negative total
stays a number).
"""

from __future__ import annotations

import csv
import io
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


# --- CSV for Dutch Excel ----------------------------------------------------------------------
# A Dutch Excel opens a double-clicked CSV in columns only when the cells are separated by
# semicolons (the comma is its decimal sign), and reads UTF-8 only with a byte order mark.
# ``?format=excel-nl`` asks for that file; the Dutch pages link to it.

EXCEL_NL = "excel-nl"
BOM = "\ufeff"

# Column names as the exports and the API write them, and the Dutch heading of each.
DUTCH_HEADERS = {
    "rank": "Positie",
    "tied": "Gedeeld",
    "player_id": "Speler-id",
    "player": "Speler",
    "player_name": "Speler",
    "total": "Totaal",
    "sessions": "Sessies",
    "table_wins": "Tafelwinsten",
    "first": "Eerste",
    "second": "Tweede",
    "third": "Derde",
    "fourth": "Vierde",
    "fifth": "Vijfde",
    "sixth": "Zesde",
    "seventh": "Zevende",
    "eighth": "Achtste",
    "ninth": "Negende",
    "round": "Ronde",
    "table": "Tafel",
    "seat": "Stoel",
    "placement": "Plaats",
    "complete": "Compleet",
    "games": "Spellen",
    "rounds": "Rondes",
    "hands": "Handen",
    "parts": "Delen",
    "revision": "Versie",
    "rating": "Rating",
    "mu": "Mu",
    "sigma": "Sigma",
    "sessions_played": "Gespeelde sessies",
    "provisional": "Voorlopig",
    "last_played_on": "Laatst gespeeld",
    "club": "Club",
    "game": "Spel",
    "session": "Sessie",
    "played_on": "Gespeeld op",
    "event": "Evenement-id",
    "event_name": "Evenement",
    "place": "Plaats",
    "actual_placement": "Behaalde plaats",
    "expected_placement": "Verwachte plaats",
    "placement_gain": "Plaatswinst",
    "verdict": "Oordeel",
    "rating_before": "Rating voor",
    "rating_after": "Rating na",
    "rating_change": "Verschil",
    "evenings": "Avonden",
    "average": "Gemiddelde",
    "best_evenings_total": "Totaal beste avonden",
    "placement_points": "Plaatsingspunten",
    "code": "Code",
    "message": "Melding",
    "field": "Veld",
}


def dutch_headers(columns: Iterable[str], overrides: dict[str, str] | None = None) -> list[str]:
    """The Dutch heading of each column (the column's own name where none is known)."""
    names = {**DUTCH_HEADERS, **(overrides or {})}
    return [names.get(column, column) for column in columns]


class ExcelNLWriter(SafeWriter):
    """Semicolon-separated, decimals with a comma, yes/no for booleans; still neutralised."""

    def __init__(self, stream: _Writable, **options: Any) -> None:
        super().__init__(stream, delimiter=";", **options)

    def writerow(self, row: Iterable[Any]) -> Any:
        return self._writer.writerow([_excel_nl(safe_cell(value)) for value in row])


def _excel_nl(value: Any) -> Any:
    if isinstance(value, bool):
        return "ja" if value else "nee"
    if isinstance(value, float):
        return repr(value).replace(".", ",") if value == value else ""  # NaN: empty
    return value


def excel_nl_writer(stream: _Writable) -> SafeWriter:
    """A writer for Dutch Excel; writes the byte order mark first."""
    stream.write(BOM)
    return ExcelNLWriter(stream)


# --- One CSV file -----------------------------------------------------------------------------

MEDIA_TYPE = "text/csv"
CHARSET = "utf-8"
CONTENT_TYPE = f"{MEDIA_TYPE}; charset={CHARSET}"


def attachment(filename: str) -> str:
    """The ``Content-Disposition`` of a CSV download named ``filename``."""
    return f'attachment; filename="{filename}"'


class CSVFile:
    """A CSV written to ``stream``: plain (commas, English column names, for scripts) or, with
    ``excel_nl``, for a Dutch Excel (Dutch headings, ``dutch_names`` over the usual ones)."""

    def __init__(
        self,
        stream: _Writable,
        *,
        excel_nl: bool = False,
        dutch_names: dict[str, str] | None = None,
    ) -> None:
        self.excel_nl = excel_nl
        self._dutch_names = dutch_names
        self.writer: SafeWriter = excel_nl_writer(stream) if excel_nl else csv_writer(stream)

    def header(self, columns: list[str]) -> None:
        self.writer.writerow(
            dutch_headers(columns, self._dutch_names) if self.excel_nl else columns
        )

    def writerow(self, row: Iterable[Any]) -> None:
        self.writer.writerow(row)

    def writerows(self, rows: Iterable[Iterable[Any]]) -> None:
        self.writer.writerows(rows)


def csv_bytes(
    columns: list[str] | None,
    rows: Iterable[Iterable[Any]],
    *,
    excel_nl: bool = False,
    dutch_names: dict[str, str] | None = None,
) -> bytes:
    """A whole CSV file, header row (where there are columns) and rows, encoded as it is sent."""
    out = io.StringIO()
    file = CSVFile(out, excel_nl=excel_nl, dutch_names=dutch_names)
    if columns is not None:
        file.header(columns)
    file.writerows(rows)
    return out.getvalue().encode(CHARSET)
