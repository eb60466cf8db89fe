"""A date as a person types one, in Dutch or in English: the day first, as the club writes it.

``DayField`` is a form's date. It shows its value in the page's language's way (``10-12-2026``
in Dutch, ``10/12/2026`` in English: ``day_pattern``) with an example under it, and reads what
a person types in either language: the day, month and year in digits split by ``-``, ``/`` or
``.`` (a year of two digits is this century's), the month in words or shortened (``10 december
2026``, ``10 Dec 2026``, ``donderdag 10 dec. 2026``: a day's name in front is read past), and
the ISO date (``2026-12-10``) a browser or a script sends. Anything else, or a day the month
does not have, is refused with the way to write it. A browser's own date picker is not used:
it writes the date in the browser's language, not the page's."""

from __future__ import annotations

import datetime
import re
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils import timezone, translation
from django.utils.dates import MONTHS, MONTHS_3, WEEKDAYS
from django.utils.functional import lazy
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from core.view_helpers import dutch

_DIGITS = re.compile(r"(\d{1,2})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{4}|\d{2})")
_ISO = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})")
_WORDS = re.compile(r"(\d{1,2})\.?\s+([^\W\d_]+)\.?,?\s+(\d{4})")


def day_pattern() -> str:
    """How the page's language writes a date in digits (``strftime``)."""
    return "%d-%m-%Y" if dutch() else "%d/%m/%Y"


def _names() -> tuple[dict[str, int], set[str]]:
    """The months' names and their short forms, and the days' names, in Dutch and English."""
    months: dict[str, int] = {}
    days: set[str] = set()
    for language in ("nl", "en"):
        with translation.override(language):
            for number in range(1, 13):
                months[str(MONTHS[number]).lower()] = number
                months[str(MONTHS_3[number]).lower()] = number
            days |= {str(name).lower() for name in WEEKDAYS.values()}
    months["sept"] = 9
    return months, days


def day_parts(text: str) -> tuple[int, int, int] | None:
    """The year, month and day ``text`` says (see the module), or None; the day may be one
    its month does not have."""
    text = " ".join(text.split()).lower()
    months, days = _names()
    first, _space, rest = text.partition(" ")
    if first.rstrip(",") in days and rest:
        text = rest  # "donderdag 10 december 2026"
    if found := _ISO.fullmatch(text):
        return (int(found[1]), int(found[2]), int(found[3]))
    if found := _DIGITS.fullmatch(text):
        year = int(found[3]) + (2000 if len(found[3]) == 2 else 0)
        return (year, int(found[2]), int(found[1]))
    if (found := _WORDS.fullmatch(text)) and found[2] in months:
        return (int(found[3]), months[found[2]], int(found[1]))
    return None


def read_day(text: str) -> datetime.date | None:
    """The date ``text`` says (see the module), or None."""
    parts = day_parts(text)
    try:
        return datetime.date(*parts) if parts is not None else None
    except ValueError:
        return None


def _example() -> str:
    return timezone.localdate().strftime(day_pattern())


def _help() -> str:
    return str(_("Day, month, year: for example %(example)s.") % {"example": _example()})


class DayInput(forms.TextInput):
    """The date as text, in the page's language's way; not the browser's date picker."""

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__({"autocomplete": "off", "spellcheck": "false", **(attrs or {})})

    def format_value(self, value: Any) -> str | None:
        if isinstance(value, datetime.date):
            return value.strftime(day_pattern())
        return super().format_value(value)


class DayField(forms.DateField):
    """A form's date as a person types it (see the module)."""

    widget = DayInput

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("help_text", lazy(_help, str)())
        super().__init__(**kwargs)

    def to_python(self, value: Any) -> datetime.date | None:
        if value in self.empty_values:
            return None
        if isinstance(value, datetime.datetime):
            return value.date()
        if isinstance(value, datetime.date):
            return value
        day = read_day(str(value))
        parts = day_parts(str(value)) if day is None else None
        if parts is not None and 1 <= parts[1] <= 12 and datetime.MINYEAR <= parts[0]:
            raise ValidationError(
                _("%(month)s %(year)s has no day %(day)s."),
                code="no_such_day",
                params={"month": capfirst(MONTHS[parts[1]]), "year": parts[0], "day": parts[2]},
            )
        if day is None:
            raise ValidationError(
                _("Write the date as day, month, year: for example %(example)s."),
                code="invalid",
                params={"example": _example()},
            )
        return day
