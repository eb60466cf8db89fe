"""DRF's fields, as strict as the schema they are documented with (installed by ``ApiConfig``).

DRF coerces: ``{"city": 12}`` became the text "12", ``{"published": 0}`` false, ``{"points":
false}`` 0.0 and ``"2026-1-7"`` a date, while the OpenAPI schema says ``type: string``,
``boolean``, ``number`` and ``format: date``. Now a JSON body's value has the schema's type, or
the answer is a 400 ``invalid`` naming the field:

* a text field takes text;
* a yes/no field takes true or false (a form's "true"/"false" text too);
* a number field takes a number, never true or false (a form's digits too);
* a date is ``YYYY-MM-DD``;
* a date-time carries its offset (``2028-07-01T19:30:00Z`` or ``+02:00``): one without is a
  400 ``naive`` naming the field, never read in some zone (every ``DateTimeField`` of every
  serializer, so a new one cannot forget it).

A form (``application/x-www-form-urlencoded``, multipart) and a query string send every value
as text, so text stays acceptable there: a body that is a form, or a serializer of query
parameters (``values_are_text = True``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from django.http import QueryDict
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext_lazy as _
from rest_framework import fields
from rest_framework.exceptions import ValidationError

_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def _from_form(field: fields.Field[Any, Any, Any, Any]) -> bool:
    """Whether the value came in a form or a query string (every value text), not in JSON."""
    root = field.root
    return getattr(root, "values_are_text", False) or isinstance(
        getattr(root, "initial_data", None), QueryDict
    )


def _text(field: Any, data: Any) -> None:
    if not isinstance(data, str):
        field.fail("invalid")


def _yes_no(field: Any, data: Any) -> None:
    if not isinstance(data, bool) and not (isinstance(data, str) and _from_form(field)):
        field.fail("invalid")


def _number(field: Any, data: Any) -> None:
    if isinstance(data, bool) or (isinstance(data, str) and not _from_form(field)):
        field.fail("invalid")


def _date(field: Any, data: Any) -> None:
    if isinstance(data, str) and not _ISO_DATE.fullmatch(data):
        field.fail("invalid", format="YYYY-MM-DD")


# The one message for a date-time without its offset (``naive``), in both languages.
NAIVE = _("Give the time with its offset (e.g. 2026-11-27T20:00:00Z or +01:00).")


def _moment(field: Any, data: Any) -> None:
    if isinstance(data, str):
        if not data.isascii():  # Django's parser reads ٢٠٢٨ as 2028
            field.fail("invalid", format="YYYY-MM-DDThh:mm[:ss]±hh:mm, YYYY-MM-DDThh:mm[:ss]Z")
        try:
            parsed = parse_datetime(data.strip())
        except ValueError:  # a well-formed time that does not exist: DRF says it is invalid
            return
        if parsed is not None and timezone.is_naive(parsed):
            raise ValidationError(NAIVE, code="naive")


CHECKS: list[tuple[type[Any], Callable[[Any, Any], None]]] = [
    (fields.CharField, _text),
    (fields.BooleanField, _yes_no),
    (fields.IntegerField, _number),
    (fields.FloatField, _number),
    (fields.DecimalField, _number),
    (fields.DateField, _date),
    (fields.DateTimeField, _moment),
]


def install() -> None:
    for cls, check in CHECKS:
        lenient = cls.__dict__["to_internal_value"]
        if getattr(lenient, "strict", False):
            continue

        def to_internal_value(
            self: Any, data: Any, lenient: Any = lenient, check: Any = check
        ) -> Any:
            check(self, data)
            return lenient(self, data)

        to_internal_value.strict = True  # type: ignore[attr-defined]
        cls.to_internal_value = to_internal_value
