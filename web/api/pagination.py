"""Pages of a list: ``limit`` (1 to 200, 50 unless given) and ``offset`` (0 or more).

Every list of the API answers one shape, ``{"count", "next", "previous", "results"}``; a list
whose answer says more than its rows (which game's ratings, whether the standings are up to
date) adds one more key, ``meta``, with those. A page parameter the schema does not allow is a
400 naming it (DRF's own pagination ignores a bad one and answers the first page): given twice,
empty, not a whole number, or out of range.
"""

import functools
import re
from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import LimitOffsetPagination as BaseLimitOffsetPagination
from rest_framework.request import Request

from core.errors import Text, problem

_WHOLE = re.compile(r"-?[0-9]+")


def query_integer(
    request: Request, name: str, *, minimum: int, maximum: int | None = None
) -> int | None:
    """The whole number a query parameter gives, None when it is absent; a 400 naming the
    parameter when it is given twice, empty, not a whole number, or out of its range."""
    values = request.query_params.getlist(name)
    if not values:
        return None
    if len(values) > 1:
        raise _invalid(name, Text(_("Give the parameter %(name)s only once."), name=name))
    value = values[0].strip()
    try:
        number = int(value) if _WHOLE.fullmatch(value) else None
    except ValueError:  # longer than Python reads (4,300 digits)
        number = None
    if number is None:
        raise _invalid(name, Text(_("%(name)s must be a whole number."), name=name))
    if number < minimum:
        raise _invalid(
            name, Text(_("%(name)s must be at least %(minimum)s."), name=name, minimum=minimum)
        )
    if maximum is not None and number > maximum:
        raise _invalid(
            name, Text(_("%(name)s must be at most %(maximum)s."), name=name, maximum=maximum)
        )
    return number


class _Invalid(ValidationError):
    def __init__(self, problems: list[dict[str, Any]]):
        super().__init__()
        self.problems = problems


def _invalid(name: str, message: Text) -> ValidationError:
    return _Invalid([problem("invalid_parameter", message, field=name)])


DEFAULT_LIMIT = 50
MAX_LIMIT = 200  # the largest page
PAGE_DESCRIPTION = (
    f"One page of the list: at most {MAX_LIMIT} rows (limit), {DEFAULT_LIMIT} unless given; "
    "offset skips rows."
)
FIELD_HELP = {
    "count": "Rows in the whole list.",
    "next": "The next page; null: none.",
    "previous": "The previous page; null: none.",
}


class LimitOffsetPagination(BaseLimitOffsetPagination):
    default_limit = DEFAULT_LIMIT
    max_limit = MAX_LIMIT

    def get_limit(self, request: Request) -> int:
        limit = query_integer(request, self.limit_query_param, minimum=1, maximum=self.max_limit)
        return self.default_limit if limit is None else limit

    def get_offset(self, request: Request) -> int:
        offset = query_integer(request, self.offset_query_param, minimum=0)
        return 0 if offset is None else offset

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            if parameter["name"] == self.limit_query_param:
                parameter["schema"].update(minimum=1, maximum=self.max_limit)
                parameter["description"] = (
                    f"Rows per page: 1 to {self.max_limit}, {self.default_limit} unless given."
                )
            elif parameter["name"] == self.offset_query_param:
                parameter["schema"].update(minimum=0)
        return parameters

    def get_paginated_response_schema(self, schema: dict[str, Any]) -> dict[str, Any]:
        page = super().get_paginated_response_schema(schema)
        page["description"] = PAGE_DESCRIPTION
        page["required"] = ["count", "next", "previous", "results"]
        for name, text in FIELD_HELP.items():
            page["properties"][name]["description"] = text
        return page


PAGE_PARAMETERS = [
    OpenApiParameter(
        "limit",
        {"type": "integer", "minimum": 1, "maximum": MAX_LIMIT},
        description=f"Rows per page: 1 to {MAX_LIMIT}, {DEFAULT_LIMIT} unless given.",
    ),
    OpenApiParameter("offset", {"type": "integer", "minimum": 0}, description="Rows to skip."),
]


def paginate(request: Request, rows: Any, view: Any = None) -> tuple[list[Any], dict[str, Any]]:
    """The page of ``rows`` (a list or a query set) the request asks for, and the envelope's
    ``count``, ``next`` and ``previous``."""
    paginator = LimitOffsetPagination()
    shown: list[Any] = list(paginator.paginate_queryset(rows, request, view=view) or [])
    return shown, {
        "count": paginator.count,
        "next": paginator.get_next_link(),
        "previous": paginator.get_previous_link(),
    }


def envelope(links: dict[str, Any], results: Any, meta: Any = None) -> dict[str, Any]:
    """A page in the list shape: ``count``, ``next``, ``previous``, ``results`` (and ``meta``)."""
    page = {**links, "results": results}
    if meta is not None:
        page["meta"] = meta
    return page


@functools.cache
def page_of(
    item: type[serializers.BaseSerializer[Any]],
    meta: type[serializers.BaseSerializer[Any]] | None = None,
) -> type[serializers.Serializer[Any]]:
    """The schema of a page of ``item``: ``Paginated<Item>List`` as drf-spectacular names the
    pages of the generic lists, with ``meta`` when given."""
    name = item.__name__.removesuffix("Serializer")
    fields: dict[str, Any] = {
        "__doc__": PAGE_DESCRIPTION,
        "count": serializers.IntegerField(help_text=FIELD_HELP["count"]),
        "next": serializers.URLField(allow_null=True, help_text=FIELD_HELP["next"]),
        "previous": serializers.URLField(allow_null=True, help_text=FIELD_HELP["previous"]),
        "results": item(many=True),
    }
    if meta is not None:
        fields["meta"] = meta(help_text="What the list is of, besides its rows.")
    return type(f"Paginated{name}ListSerializer", (serializers.Serializer,), fields)
