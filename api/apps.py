from typing import Any

from django.apps import AppConfig


class ApiConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "api"

    def ready(self) -> None:
        strict_text_fields()
        strict_dates()


def strict_text_fields() -> None:
    """A text field takes text only. DRF's ``CharField`` turns a number into its digits, so
    ``{"city": 12}`` passed where the schema says ``type: string``; now it is a 400 ``invalid``
    ("Not a valid string."), as a list or an object already was. (A form's or query string's
    values are text anyway.)"""
    from rest_framework import fields

    lenient = fields.CharField.to_internal_value
    if getattr(lenient, "strict", False):
        return

    def to_internal_value(self: fields.CharField, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return lenient(self, data)  # type: ignore[no-any-return]

    to_internal_value.strict = True  # type: ignore[attr-defined]
    fields.CharField.to_internal_value = to_internal_value  # type: ignore[method-assign,assignment]


def strict_dates() -> None:
    """A date is ``YYYY-MM-DD``, as the schema's ``format: date`` says: DRF's ``DateField``
    also took ``2026-1-7``."""
    import re

    from rest_framework import fields

    lenient = fields.DateField.to_internal_value
    if getattr(lenient, "strict", False):
        return
    iso = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")

    def to_internal_value(self: fields.DateField, value: Any) -> Any:
        if isinstance(value, str) and not iso.fullmatch(value):
            self.fail("invalid", format="YYYY-MM-DD")
        return lenient(self, value)

    to_internal_value.strict = True  # type: ignore[attr-defined]
    fields.DateField.to_internal_value = to_internal_value  # type: ignore[method-assign,assignment]
