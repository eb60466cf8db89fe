"""Pages of a list: ``limit`` (1 to 200, 50 unless given) and ``offset`` (0 or more).

A page parameter the schema does not allow is a 400 naming it (DRF's own pagination ignores a
bad one and answers the first page): given twice, empty, not a whole number, or out of range.
"""

import re
from typing import Any

from django.utils.translation import gettext_lazy as _
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


class LimitOffsetPagination(BaseLimitOffsetPagination):
    default_limit = 50
    max_limit = 200

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
