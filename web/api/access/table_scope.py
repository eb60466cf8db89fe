"""Every endpoint of one table (``/api/v1/tables/<id>/...``: the table, its session, games,
undo, signatures, disputes, a substitute, and whatever comes under it) answers someone who may
not see the table exactly as the table's session does (``GET .../session/``): 404
``not_found``, the answer a table that does not exist gets, for every method. It is answered
first, before the body is read or checked and before any other rule: a refusal that names a
player, a problem with the body, a closed round or a missing result would each tell that the
table is there, who sits at it or how far it is.

Who may see a table is one rule, ``results.writers.table_visible`` (the table's own scoring link,
or an event the caller may see). It is applied once, to every route of the API under
``tables/<id>`` (``table_routes`` in ``web.api.urls``, as ``web.api.idempotency`` is), never view by
view, so a new table endpoint cannot leave it out (``tests/integration/test_hidden_tables.py``
walks the URLconf).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from django.http import Http404
from django.urls import URLPattern, URLResolver
from rest_framework.request import Request

from core.parsing import whole_number
from results.writers import table_visible
from tournaments.models import Table

TABLE_TOKEN_HEADER = "X-Table-Token"
# A route of one table: under tables/, naming the table by one of these (the router's is pk).
_ROUTE = re.compile(r"^\^?tables/")
_TABLE_KWARGS = ("table_id", "pk")


def table_token(request: Request) -> str | None:
    """The table's scoring link token the request carries, if any."""
    return request.headers.get(TABLE_TOKEN_HEADER) or None


def visible_table(request: Request, table_id: object) -> Table:
    """The table with its round and event, read once per request; 404 (as for a table that
    does not exist) unless the caller may see it."""
    number = whole_number(table_id)
    if number is None:
        raise Http404
    seen: dict[int, Table] = request.__dict__.setdefault("_visible_tables", {})
    if number in seen:
        return seen[number]
    try:
        # get(), not first(): no ORDER BY to build for one row by its key (a third of the
        # read's CPU; every table endpoint reads it, every game entered among them).
        table = Table.objects.select_related("round__event").get(pk=number)
    except Table.DoesNotExist:
        raise Http404 from None
    if not table_visible(table, request.user, table_token(request)):
        raise Http404
    seen[number] = table
    return table


class TableScoped:
    """Mixed into a view of one table (``table_routes``): who may not see the table gets the
    404 before the view's permissions, throttles, body or handler."""

    table_kwarg = "table_id"

    def check_permissions(self, request: Request) -> None:
        table_id = getattr(self, "kwargs", {}).get(self.table_kwarg)
        if table_id is not None:
            visible_table(request, table_id)
        super().check_permissions(request)  # type: ignore[misc]


def table_routes(patterns: Iterable[object]) -> None:
    """Give every DRF view among ``patterns`` (nested includes too) whose route is one table's
    ``TableScoped``."""
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            table_routes(pattern.url_patterns)
            continue
        if not isinstance(pattern, URLPattern):
            continue
        kwarg = table_kwarg(pattern)
        cls = getattr(pattern.callback, "cls", None)
        if kwarg is None or cls is None or issubclass(cls, TableScoped):
            continue
        scoped: Any = type(
            cls.__name__,
            (TableScoped, cls),
            {
                "__module__": cls.__module__,
                "__doc__": cls.__doc__,
                "__qualname__": cls.__qualname__,
                "table_kwarg": kwarg,
            },
        )
        actions = getattr(pattern.callback, "actions", None)
        initkwargs = getattr(pattern.callback, "initkwargs", {})
        pattern.callback = (
            scoped.as_view(actions, **initkwargs)
            if actions is not None
            else scoped.as_view(**initkwargs)
        )


def table_kwarg(pattern: URLPattern) -> str | None:
    """The keyword naming the table in a route of one table (``tables/<id>...``), else None."""
    if not _ROUTE.match(str(pattern.pattern)):
        return None
    names = pattern.pattern.regex.groupindex
    return next((name for name in _TABLE_KWARGS if name in names), None)
