"""Typed helpers for forms whose choices are known only when the form is made."""

from collections.abc import Iterable
from typing import Any

from django import forms


def choice_field(form: forms.BaseForm, name: str) -> forms.ChoiceField:
    """The form's choice field ``name`` (a form's fields are typed as plain fields)."""
    field = form.fields[name]
    if not isinstance(field, forms.ChoiceField):
        raise TypeError(f"{type(form).__name__}.{name} is not a choice field")
    return field


def set_choices(form: forms.BaseForm, name: str, choices: Iterable[tuple[Any, Any]]) -> None:
    """Give the choice field ``name`` its choices."""
    choice_field(form, name).choices = list(choices)
