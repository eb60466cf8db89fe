"""What schemathesis checks beyond its own checks, for the CI test (tests/integration/
test_api_fuzz.py) and for a run from the command line (``schemathesis.toml`` loads this file).

A request the schema allows may still be refused by a rule the schema cannot state: the event
is finished, the player is not at this table, the two players of a swap are the same one, the
id in the body names nothing. The API answers those with a 400 whose every problem carries the
rule's own code (``event_finished``, ``not_at_table``, ``does_not_exist``...). Schemathesis's
``positive_data_acceptance`` counts any 400 to a schema-valid request as a failure, so the
configuration accepts a 400 there, and this check takes its place for 400s: a schema-valid
request refused for its *shape* (a code in ``SHAPE_CODES``: a type, a length, a range, a
choice, a parameter) is a failure, because then the schema and the server disagree about what
a well-formed request is.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import schemathesis
from schemathesis.core.errors import IncorrectUsage

# The codes of problems with a request's shape: the schema states each of these constraints,
# so a request it allows never has them. (DRF's field errors, the parsers', and the API's own
# query-parameter checks.)
SHAPE_CODES = frozenset(
    {
        "required",
        "null",
        "blank",
        "invalid",
        "incorrect_type",
        "max_length",
        "min_length",
        "max_value",
        "min_value",
        "invalid_choice",
        "not_a_list",
        "not_a_dict",
        "empty",
        "max_string_length",
        "max_digits",
        "max_decimal_places",
        "max_whole_digits",
        "date",
        "datetime",
        "parse_error",
        "unsupported_media_type",
        "invalid_parameter",
        "unknown_parameter",
        "repeated_parameter",
        "out_of_range",
        "invalid_precondition",
    }
)


def problem_codes(response: Any) -> list[str]:
    """The codes of the problems in an error answer, JSON or CSV."""
    text = response.content.decode("utf-8-sig", errors="replace")
    media = next(
        (value for key, value in response.headers.items() if key.lower() == "content-type"), ""
    )
    media = (media[0] if isinstance(media, list) and media else media) or ""
    if "csv" in media:
        rows = list(csv.reader(io.StringIO(text), delimiter=";" if ";" in text[:40] else ","))
        return [row[0] for row in rows[1:] if row]
    try:
        body = json.loads(text)
    except ValueError:
        return []
    errors = body.get("errors", []) if isinstance(body, dict) else []
    return [str(error.get("code")) for error in errors if isinstance(error, dict)]


def refused_only_by_rules(ctx: Any, response: Any, case: Any) -> bool | None:
    """A schema-valid request answered 400 names a rule, never a shape (see the module)."""
    meta = case.meta
    if meta is None or response.status_code != 400 or not meta.generation.mode.is_positive:
        return None
    if _probe(case):
        return None
    shape = sorted(set(problem_codes(response)) & SHAPE_CODES)
    if shape:
        raise AssertionError(
            f"A request the schema allows was refused for its shape ({', '.join(shape)}): "
            "the schema and the server disagree."
        )
    return None


try:  # registered once, whether a test imports this module or schemathesis loads the file
    schemathesis.check(refused_only_by_rules)
except IncorrectUsage:
    pass


def _probe(case: Any) -> bool:
    """Whether the case is one of the coverage phase's probes that break the request on
    purpose (a missing header, an unexpected method): the built-in checks skip them too."""
    try:
        from schemathesis.specs.openapi.checks import is_unexpected_http_status_case
    except ImportError:  # pragma: no cover - moved in another version
        return False
    return bool(is_unexpected_http_status_case(case))
