"""The API takes the query parameters its OpenAPI schema declares, and no others.

A query parameter that the operation does not declare (``?limt=5``, a misspelt filter or
ordering) is a 400 ``unknown_parameter``, one given twice that takes a single value
(``?offset=1&offset=2``) a 400 ``repeated_parameter``, an empty one the schema gives no empty
value (``?player=``, a number, a yes/no, a date or a choice) a 400 ``blank_parameter``, and a
whole number written otherwise (``?round=0.0``, ``?round=1e3``, which a form field would read as
0 and 1000) a 400 ``invalid_parameter``, as a bad ``limit`` or ``offset`` is: silently ignoring
or reinterpreting any of them answers another list than the one asked for. An id in the path
past what any stored id can be (a 64-bit integer) names nothing: a 404, on PostgreSQL and SQLite
alike (SQLite cannot even compare such a number). The operations and their parameters are read
from the schema itself (``drf_spectacular``), once per process, so the check and the
documentation cannot disagree.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext_lazy as _

from core.errors import Text, problem
from core.view_helpers import not_found

PREFIX = "/api/v1/"
_PLACEHOLDER = re.compile(r"\{(\w+)\}")
_WHOLE = re.compile(r"-?[0-9]+")
_DIGITS = re.compile(r"[0-9]+")
# The largest whole number a database column of the service holds (bigint, SQLite's INTEGER).
LARGEST = 2**63 - 1


@functools.cache
def operations() -> list[tuple[re.Pattern[str], str, dict[str, dict[str, Any]]]]:
    """Every operation of the schema as (its path's pattern, its method, {each query
    parameter: its schema}), the most literal paths first."""
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    found = []
    for path, item in schema["paths"].items():
        parts = _PLACEHOLDER.split(path)  # literal, name, literal, name, ..., literal
        pattern = re.compile(
            "^"
            + "".join(
                f"(?P<{part}>[^/]+)" if index % 2 else re.escape(part)
                for index, part in enumerate(parts)
            )
            + "$"
        )
        for method, operation in item.items():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            query = {
                p["name"]: p.get("schema", {})
                for p in [*item.get("parameters", []), *operation.get("parameters", [])]
                if p.get("in") == "query"
            }
            found.append((pattern, method.upper(), query, path.count("{")))
    found.sort(key=lambda entry: entry[3])
    return [(pattern, method, query) for pattern, method, query, _depth in found]


def declared_query(path: str, method: str) -> dict[str, dict[str, Any]] | None:
    """The query parameters of the operation at ``path`` and ``method``, None for a request
    the schema has no operation for (its view answers it: 404, 405)."""
    for pattern, verb, query in operations():
        if verb == method and pattern.match(path):
            return query
    return None


def query_problems(request: HttpRequest) -> list[dict[str, Any]]:
    declared = declared_query(request.path_info, request.method or "GET")
    if declared is None:
        return []
    found = []
    for name in request.GET:
        if name not in declared:
            found.append(
                problem(
                    "unknown_parameter",
                    Text(_("This operation takes no query parameter %(name)s."), name=name),
                    field=name,
                )
            )
            continue
        values = request.GET.getlist(name)
        if len(values) > 1 and declared[name].get("type") != "array":
            found.append(
                problem(
                    "repeated_parameter",
                    Text(_("Give the parameter %(name)s only once."), name=name),
                    field=name,
                )
            )
        elif "" in values and not _may_be_empty(declared[name]):
            found.append(
                problem(
                    "blank_parameter",
                    Text(_("The parameter %(name)s needs a value."), name=name),
                    field=name,
                )
            )
        elif declared[name].get("type") == "integer" and not all(
            _WHOLE.fullmatch(value) for value in values
        ):
            found.append(
                problem(
                    "invalid_parameter",
                    Text(_("%(name)s must be a whole number."), name=name),
                    field=name,
                )
            )
    return found


def _fits(digits: str) -> bool:
    """Whether the whole number written ``digits`` is one a database column holds (the length
    first: Python reads no more than 4,300 digits)."""
    return len(digits.lstrip("0")) <= len(str(LARGEST)) and int(digits) <= LARGEST


def _past_every_id(value: Any) -> bool:
    """Whether a path's whole number (``<int:...>`` or a router's ``{id}``) is past any id."""
    if isinstance(value, int):
        return value > LARGEST
    return isinstance(value, str) and bool(_DIGITS.fullmatch(value)) and not _fits(value)


def _may_be_empty(schema: dict[str, Any]) -> bool:
    if schema.get("type") not in (None, "string") or schema.get("minLength", 0) > 0:
        return False
    if "format" in schema:  # a date, a date and time: never empty
        return False
    return "enum" not in schema or "" in schema["enum"]


class QueryGuardMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(
        self, request: HttpRequest, view: Any, args: Any, kwargs: Any
    ) -> HttpResponse | None:
        if not request.path_info.startswith(PREFIX):
            return None
        if any(_past_every_id(value) for value in (*args, *kwargs.values())):
            return not_found(request)
        if not request.GET:
            return None
        found = query_problems(request)
        if found:
            return JsonResponse({"errors": found}, status=400)
        return None
