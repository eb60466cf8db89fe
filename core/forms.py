"""Typed helpers for forms whose choices are known only when the form is made, and the
form field for a whole number read by the one rule."""

from collections.abc import Iterable
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from core.parsing import whole_number


def choice_field(form: forms.BaseForm, name: str) -> forms.ChoiceField:
    """The form's choice field ``name`` (a form's fields are typed as plain fields)."""
    field = form.fields[name]
    if not isinstance(field, forms.ChoiceField):
        raise TypeError(f"{type(form).__name__}.{name} is not a choice field")
    return field


def set_choices(form: forms.BaseForm, name: str, choices: Iterable[tuple[Any, Any]]) -> None:
    """Give the choice field ``name`` its choices."""
    choice_field(form, name).choices = list(choices)


class WholeNumberField(forms.IntegerField):
    """A form's whole number (an id, a count), read by the one rule for numbers from text
    (``core.parsing.whole_number``: ASCII digits only, spaces around them allowed). Django's
    ``IntegerField`` also reads ``٣`` as 3 and ``3.0`` as 3; this one refuses both."""

    default_error_messages = {"invalid": _("Enter a whole number in the digits 0 to 9.")}

    def to_python(self, value: Any) -> int | None:
        if value in self.empty_values or (isinstance(value, str) and not value.strip()):
            return None
        number = whole_number(value.strip() if isinstance(value, str) else value)
        if number is None:
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        return number


class IdChoiceField(forms.ModelChoiceField):
    """A choice of one object by its id (the admin's select, raw id and autocomplete fields),
    read by the same rule: Django's own looks ``٣`` up as object 3."""

    def to_python(self, value: Any) -> Any:
        assert self.queryset is not None
        meta = self.queryset.model._meta
        key = meta.get_field(self.to_field_name) if self.to_field_name else meta.pk
        if (
            isinstance(value, str)
            and value.strip()
            and isinstance(key, models.IntegerField)
            and whole_number(value.strip()) is None
        ):
            raise ValidationError(self.error_messages["invalid_choice"], code="invalid_choice")
        return super().to_python(value)


# The admin's choice of an object by its id (``ModelAdmin.formfield_overrides``).
ID_CHOICES: dict[type[models.Field], dict[str, Any]] = {
    models.ForeignKey: {"form_class": IdChoiceField},
    models.OneToOneField: {"form_class": IdChoiceField},
}
