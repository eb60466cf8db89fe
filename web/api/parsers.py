"""The API's JSON parser: DRF's, with limits that turn hostile bodies into clear 4xx answers.

* A body nested deeper than ``MAX_DEPTH`` (``[[[[...``) is a 400 ``parse_error``: the standard
  library's decoder would exhaust the stack (a 500), and code walking the data later would too.
* A body that is a bare value (``null``, ``3``, ``"x"``, ``true``) is a 400 ``parse_error``:
  every request body of the API is an object (or a list), and ``null`` read as "no body"
  accepted what the schema forbids.

(A body larger than ``DATA_UPLOAD_MAX_MEMORY_SIZE`` is a 413 in ``web.api.errors``.)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rest_framework import parsers
from rest_framework.exceptions import ParseError

MAX_DEPTH = 64
BARE_VALUE = "The request body must be a JSON object."


def too_deep(data: Any, limit: int = MAX_DEPTH) -> bool:
    """Whether lists and objects in ``data`` nest deeper than ``limit`` (without recursion)."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        children: Iterable[Any]
        if isinstance(value, dict):
            children = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


class JSONParser(parsers.JSONParser):
    def parse(
        self,
        stream: Any,
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError as error:
            raise ParseError(
                f"JSON parse error - nested more than {MAX_DEPTH} levels deep"
            ) from error
        if too_deep(data):
            raise ParseError(f"JSON parse error - nested more than {MAX_DEPTH} levels deep")
        if not isinstance(data, (dict, list)):
            raise ParseError(BARE_VALUE)
        return data
