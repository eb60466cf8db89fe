"""The list filters (``?club=1&published=true``), strict about their values.

* A filter on a related object (``?club=``, ``?event=``) takes the object's id and answers the
  objects that refer to it: none for an id that does not exist (django-filter's default answers
  a 400 "not one of the available choices", for an id the schema allows).
* A yes/no filter takes ``true`` or ``false`` (``1``/``0``); anything else is a 400 (the
  default ignored it and answered the whole list).
* A date filter takes a date as ``YYYY-MM-DD``.
"""

import datetime
import re
from typing import Any

from django import forms
from django.db import models
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _
from django_filters import filters
from django_filters.rest_framework import DjangoFilterBackend
from django_filters.rest_framework.filterset import FILTER_FOR_DBFIELD_DEFAULTS, FilterSet
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework.filters import OrderingFilter

from clubs.models import Player
from core.errors import ServiceError, Text

# The largest id the database stores (bigint): a larger one names nothing.
LARGEST_ID = 2**63 - 1


@extend_schema_field(OpenApiTypes.INT)
class IdFilter(filters.NumberFilter):
    field_class = forms.IntegerField

    def filter(self, qs: QuerySet[Any], value: Any) -> QuerySet[Any]:
        if value is not None and not -LARGEST_ID <= value <= LARGEST_ID:
            return qs.none()
        return super().filter(qs, value)  # type: ignore[no-any-return]


_YES_NO = {"true": True, "1": True, "false": False, "0": False}


class YesNoField(forms.Field):
    default_error_messages = {"invalid": _("Give true or false.")}

    def to_python(self, value: Any) -> bool | None:
        if value in (None, ""):
            return None
        if isinstance(value, bool):
            return value
        answer = _YES_NO.get(str(value).lower())
        if answer is None:
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return answer


@extend_schema_field(OpenApiTypes.BOOL)
class YesNoFilter(filters.BooleanFilter):
    field_class = YesNoField


_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


class IsoDateField(forms.DateField):
    """A date as the schema's ``format: date`` writes it (``2026-11-27``), nothing else (the
    form field also takes the site's local formats, ``27-11-2026``)."""

    def to_python(self, value: Any) -> datetime.date | None:
        if value in (None, ""):
            return None
        if not isinstance(value, str) or not _ISO_DATE.fullmatch(value):
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        try:
            return datetime.date.fromisoformat(value)
        except ValueError as error:
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid") from error


class IsoDateFilter(filters.DateFilter):
    field_class = IsoDateField


_ID = {"filter_class": IdFilter}
_RELATIONS = (
    models.ForeignKey,
    models.OneToOneField,
    models.ManyToManyField,
    models.OneToOneRel,
    models.ManyToOneRel,
    models.ManyToManyRel,
)


class StrictFilterSet(FilterSet):
    FILTER_DEFAULTS = {
        **FILTER_FOR_DBFIELD_DEFAULTS,
        **dict.fromkeys(_RELATIONS, _ID),
        models.BooleanField: {"filter_class": YesNoFilter},
        models.DateField: {"filter_class": IsoDateFilter},
    }


class PlayerFilterSet(StrictFilterSet):
    """The players' filters: ``?club=`` (the members of a club) as every list names its club,
    and the name."""

    club = IdFilter(field_name="clubs", help_text="The members of this club (its id).")

    class Meta:
        model = Player
        fields = {"name": ["exact", "icontains"]}


class StrictFilterBackend(DjangoFilterBackend):
    filterset_base = StrictFilterSet


class StrictOrderingFilter(OrderingFilter):
    """``?ordering=`` by the view's ``ordering_fields`` only (each ascending or with ``-``
    descending, several with commas): an unknown one is a 400 naming it, never ignored. A view
    without ``ordering_fields`` takes no ordering (the parameter is not declared)."""

    def get_ordering(self, request: Any, queryset: QuerySet[Any], view: Any) -> Any:
        given = request.query_params.get(self.ordering_param)
        if not given:
            return self.get_default_ordering(view)
        allowed = set(getattr(view, "ordering_fields", None) or [])
        terms = [term.strip() for term in given.split(",")]
        unknown = [term for term in terms if term.removeprefix("-") not in allowed]
        if unknown:
            raise ServiceError.single(
                "unknown_ordering",
                Text(
                    _("%(ordering)s is not an ordering of this list; it orders by %(allowed)s."),
                    ordering=unknown[0][:40],
                    allowed=", ".join(sorted(allowed)) or "-",
                ),
                field=self.ordering_param,
            )
        return terms

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        fields = getattr(view, "ordering_fields", None)
        if not isinstance(fields, (list, tuple)) or not fields:
            return []
        return [
            {
                "name": self.ordering_param,
                "required": False,
                "in": "query",
                "description": "Order by this field (a leading - for descending); several are "
                "separated by commas.",
                "schema": {
                    "type": "string",
                    "enum": [name for field in fields for name in (field, f"-{field}")],
                },
            }
        ]
