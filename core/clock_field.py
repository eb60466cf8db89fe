"""A time of day as a person types one, in Dutch or in English: on the 24-hour clock.

``ClockField`` is a form's time. It shows its value as hours and minutes (``20:00``) in both
languages, with an example under it, and reads what a person types: the hours and minutes split
by ``:``, ``.`` or ``,`` (``20:00``, ``20.00``: the Dutch way, ``20,00``: a phone's number pad),
the four or three digits without a split (``2000``, ``930``), the hour alone (``20``), and the
seconds a browser or a script may add (``20:00:00``). Anything else, ``8 pm`` included, or an
hour or minute the clock does not have, is refused with the way to write it. A browser's own
time picker is not used: it writes the time in the browser's language, 12-hour with AM and PM
in English, not the club's way."""

from __future__ import annotations

import datetime
import re
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

CLOCK_PATTERN = "%H:%M"
_SPLIT = re.compile(r"(\d{1,2})\s*[:.,]\s*(\d{2})(?:\s*[:.,]\s*(\d{2}))?")
_DIGITS = re.compile(r"(\d{1,2}?)(\d{2})")
_HOUR = re.compile(r"\d{1,2}")


def clock_parts(text: str) -> tuple[int, int] | None:
    """The hour and minute ``text`` says (see the module), or None; either may be one the
    clock does not have."""
    text = text.strip()
    if found := _SPLIT.fullmatch(text):
        return (int(found[1]), int(found[2]))
    if found := _DIGITS.fullmatch(text):
        return (int(found[1]), int(found[2]))
    if _HOUR.fullmatch(text):
        return (int(text), 0)
    return None


def read_clock(text: str) -> datetime.time | None:
    """The time of day ``text`` says (see the module), or None."""
    parts = clock_parts(text)
    if parts is None or not (0 <= parts[0] <= 23 and 0 <= parts[1] <= 59):
        return None
    return datetime.time(*parts)


class ClockInput(forms.TextInput):
    """The time as text on the 24-hour clock; not the browser's time picker."""

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        defaults = {"autocomplete": "off", "spellcheck": "false", "inputmode": "decimal"}
        super().__init__({**defaults, **(attrs or {})})

    def format_value(self, value: Any) -> str | None:
        if isinstance(value, datetime.time):
            return value.strftime(CLOCK_PATTERN)
        return super().format_value(value)


class ClockField(forms.TimeField):
    """A form's time of day as a person types it (see the module)."""

    widget = ClockInput

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault(
            "help_text", _("Hours and minutes, on the 24-hour clock: for example 20:00.")
        )
        super().__init__(**kwargs)

    def to_python(self, value: Any) -> datetime.time | None:
        if value in self.empty_values or (isinstance(value, str) and not value.strip()):
            return None
        if isinstance(value, datetime.time):
            return value
        time = read_clock(str(value))
        parts = clock_parts(str(value)) if time is None else None
        if parts is not None:
            raise ValidationError(
                _("%(typed)s is not a time of day: hours go from 0 to 23, minutes from 0 to 59."),
                code="no_such_time",
                params={"typed": str(value).strip()},
            )
        if time is None:
            raise ValidationError(
                _("Write the time as hours and minutes on the 24-hour clock: for example 20:00."),
                code="invalid",
            )
        return time
