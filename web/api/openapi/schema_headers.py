"""The headers the API takes and sends, declared in the OpenAPI schema (a post-processing hook).

* Every write (POST, PUT, PATCH, DELETE) takes ``Idempotency-Key`` (web.api.idempotency) and its
  successful answers may carry ``Idempotent-Replayed: true`` (a retry's replayed answer).
* An answer with a session carries its revision as ``ETag``; a read of it takes
  ``If-None-Match`` (304 when unchanged); a write that takes ``If-Match`` answers 412 when it is
  stale.
* 429 carries ``Retry-After`` (web.api.openapi.schema_errors).
"""

from __future__ import annotations

from typing import Any

from results.models import IdempotencyRecord

WRITES = ("post", "put", "patch", "delete")
SESSION_REF = "#/components/schemas/Session"
ERROR_REF = {"$ref": "#/components/schemas/ErrorResponse"}

IDEMPOTENCY_KEY = {
    "in": "header",
    "name": "Idempotency-Key",
    "required": False,
    "schema": {
        "type": "string",
        "maxLength": IdempotencyRecord._meta.get_field("key").max_length or 200,
    },
    "description": "Retry-safe writes: a retry with the same key and body gets the first answer "
    "(status, body and headers) instead of a second write; the same key with another body is "
    "a 409.",
}
IF_NONE_MATCH = {
    "in": "header",
    "name": "If-None-Match",
    "required": False,
    "schema": {"type": "string"},
    "description": 'The ETag you hold (e.g. "3"): 304 without a body while it is current.',
}
REPLAYED = {
    "Idempotent-Replayed": {
        "schema": {"type": "string", "enum": ["true"]},
        "description": "Present on a replayed answer to a retried Idempotency-Key.",
    }
}
ETAG = {
    "ETag": {
        "schema": {"type": "string"},
        "description": 'The session\'s revision, quoted (e.g. "3"): send it as If-Match to '
        "guard a correction, or as If-None-Match to read only when it changed.",
    }
}


def _answers_session(response: dict[str, Any]) -> bool:
    content = response.get("content", {}).get("application/json", {})
    return content.get("schema", {}).get("$ref") == SESSION_REF


def headers(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    """Post-processing hook: declare the headers (see the module)."""
    for item in result.get("paths", {}).values():
        for method, operation in item.items():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            parameters = operation.setdefault("parameters", [])
            names = {(p.get("in"), p.get("name")) for p in parameters}
            responses = operation["responses"]
            successes = [r for status, r in responses.items() if str(status).startswith("2")]
            if method in WRITES:
                if ("header", "Idempotency-Key") in names:
                    parameters[:] = [p for p in parameters if p.get("name") != "Idempotency-Key"]
                parameters.append(IDEMPOTENCY_KEY)
                for response in successes:
                    response.setdefault("headers", {}).update(REPLAYED)
            if not any(_answers_session(r) for r in successes):
                continue
            for response in successes:
                response.setdefault("headers", {}).update(ETAG)
            if method == "get":
                parameters.append(IF_NONE_MATCH)
                responses["304"] = {
                    "description": "Not modified: the ETag sent is current.",
                    "headers": ETAG,
                }
            if ("header", "If-Match") in names:
                responses["412"] = {
                    "description": "Precondition failed: the session moved on since the "
                    'If-Match revision, or the If-Match tag is weak (W/"3" never matches).',
                    "content": {"application/json": {"schema": ERROR_REF}},
                }
            operation["responses"] = dict(sorted(responses.items()))
    return result
