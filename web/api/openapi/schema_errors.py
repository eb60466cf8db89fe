"""The error answers every operation may give, declared in the OpenAPI schema.

A post-processing hook (``error_responses``) adds to each operation the statuses it can answer
besides its own, each with the one error shape (``ErrorResponse``), unless the view declares
that status itself. Which statuses an operation gets follows from what it takes:

* every operation: 400 (a query parameter it does not take, or a bad one), 401 (a token that
  is wrong, revoked or expired), 403 (not allowed, or a session's missing CSRF token), 406 (an
  ``Accept`` or ``format`` it cannot answer), 414 (a request line longer than the web server
  reads: the web server's own page, not JSON) and 429 (too many requests, with
  ``Retry-After``);
* an operation with a path parameter: 404 (no such object, or not one the caller may see);
* a write (POST, PUT, PATCH, DELETE): 409 (the state of the objects refuses it, a concurrent
  write, or an ``Idempotency-Key`` reused with another body);
* an operation with a request body: 413 (larger than the server takes) and 415 (a media type
  it does not parse).

(A stale ``If-Match`` is a 409 today, declared with the writes.)

An operation that can answer CSV (``?format=csv``) answers its errors in CSV as well.
"""

from __future__ import annotations

from typing import Any

ERROR_REF = {"$ref": "#/components/schemas/ErrorResponse"}
CSV_TYPES = ("text/csv",)
WRITES = ("post", "put", "patch", "delete")
METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")

DESCRIPTIONS = {
    "400": "The request is malformed or breaks a rule: every problem, each with its code and "
    "the field it concerns.",
    "401": "The credentials are wrong, revoked or expired.",
    "403": "The caller may not do this.",
    "404": "No such object, or not one the caller may see.",
    "406": "The requested format (Accept header or ?format=) is not one this operation answers in.",
    "409": "The current state refuses it (a closed round, a finished event, results that "
    "protect it, a write saved in the meantime, an Idempotency-Key reused with another "
    "body).",
    "413": "The request body is larger than the server accepts.",
    "414": "The request line (path and query string) is longer than the web server reads; "
    "the web server answers with its own page.",
    "415": "The request body's media type is not one this operation takes.",
    "429": "Too many requests: try again after Retry-After seconds.",
}

RETRY_AFTER = {
    "Retry-After": {
        "schema": {"type": "integer"},
        "description": "Seconds to wait before trying again.",
    }
}


def _statuses(path: str, method: str, operation: dict[str, Any]) -> list[str]:
    statuses = ["400", "401", "403", "406", "414", "429"]
    if "{" in path:
        statuses.append("404")
    if method in WRITES:
        statuses.append("409")
    if "requestBody" in operation:
        statuses += ["413", "415"]
    return sorted(statuses)


def _error_content(operation: dict[str, Any]) -> dict[str, Any]:
    content: dict[str, Any] = {"application/json": {"schema": ERROR_REF}}
    answers = {
        media
        for response in operation.get("responses", {}).values()
        for media in response.get("content", {})
    }
    for media in CSV_TYPES:
        if media in answers:
            content[media] = {"schema": {"type": "string"}}
    return content


def error_responses(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    """Post-processing hook: declare each operation's error answers (see the module)."""
    for path, item in result.get("paths", {}).items():
        for method, operation in item.items():
            if method not in METHODS:
                continue
            responses = operation.setdefault("responses", {})
            for status in _statuses(path, method, operation):
                declared = responses.get(status)
                if status == "414":
                    responses.setdefault(
                        status,
                        {
                            "description": DESCRIPTIONS[status],
                            "content": {"text/html": {"schema": {"type": "string"}}},
                        },
                    )
                    continue
                if declared is None:
                    declared = responses[status] = {
                        "description": DESCRIPTIONS[status],
                        "content": _error_content(operation),
                    }
                elif not declared.get("description"):
                    declared["description"] = DESCRIPTIONS[status]
                if status == "429":
                    declared.setdefault("headers", {}).update(RETRY_AFTER)
            for response in responses.values():  # a CSV file is text, whatever its rows
                for media in CSV_TYPES:
                    if media in response.get("content", {}):
                        response["content"][media] = {"schema": {"type": "string"}}
            operation["responses"] = dict(sorted(responses.items()))
    return result
