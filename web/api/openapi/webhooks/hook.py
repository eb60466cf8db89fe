"""The post-processing hook: a component per kind (the envelope around the kind's ``data``, with
its example) and, on the operation that registers a hook, a callback per kind with the headers
every delivery carries."""

from __future__ import annotations

import copy
from typing import Any

from web.api.openapi.webhooks import events, examples, nights, shapes
from web.api.openapi.webhooks.shapes import closed, club, component_name, integer, ref, text
from week.webhooks.sending import DELIVERY_KINDS as KINDS

HEADERS = [
    ("X-Hook-Event", True, "The kind, as the body's kind."),
    ("X-Hook-Delivery", True, "The delivery's id, the same on every attempt: drop a repeat."),
    ("X-Hook-Timestamp", True, "Unix seconds of this attempt: refuse an old one (a replay)."),
    (
        "X-Hook-Signature",
        True,
        "sha256= and the hex HMAC-SHA256, keyed with the hook's secret, of the timestamp, a "
        "dot and the raw body.",
    ),
    (
        "X-Hook-Signature-Previous",
        False,
        "For a while after a new secret (previous_secret_until): the same, keyed with the "
        "previous secret.",
    ),
]
REGISTER = ("/api/v1/hooks/", "post")


def schemas(games: list[str]) -> dict[str, dict[str, Any]]:
    """The components: the shared parts and one envelope per kind."""
    parts = {**shapes.parts(games), **nights.parts(games)}
    data = {**nights.kinds(), **events.kinds(games)}
    bodies = examples.bodies()
    envelopes = {
        component_name(kind): {
            **_envelope(kind, schema),
            "description": description,
            "example": bodies[kind],
        }
        for kind, (description, schema) in data.items()
    }
    return {**parts, **envelopes}


def _envelope(kind: str, data: dict[str, Any]) -> dict[str, Any]:
    return closed(
        {
            "id": integer(
                "The delivery's id, the same on every attempt (X-Hook-Delivery): drop a repeat."
            ),
            "kind": text("The kind (X-Hook-Event).", enum=[kind]),
            "created_at": text(
                "When the delivery was made, in UTC (ends in Z).", format="date-time"
            ),
            **club(),
            "data": data,
            "resent_from": integer(
                "Present when an organizer sent the delivery again: the first one's id."
            ),
        },
        optional=("resent_from",),
    )


def _callback(kind: str, description: str) -> dict[str, Any]:
    name = component_name(kind)
    return {
        "{$request.body#/url}": {
            "post": {
                "summary": f"A delivery of {kind}",
                "description": description,
                "parameters": [
                    {
                        "in": "header",
                        "name": header,
                        "required": required,
                        "schema": {"type": "string"},
                        "description": about,
                    }
                    for header, required, about in HEADERS
                ],
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": ref(name)}},
                },
                "responses": {
                    "2XX": {"description": "Received: the delivery succeeded."},
                    "default": {
                        "description": "Any other answer, a redirect or none within "
                        "WEBHOOKS_TIMEOUT is a failed attempt: tried again with backoff (a "
                        "ping is tried once)."
                    },
                },
            }
        }
    }


def webhook_payloads(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    """Post-processing hook: the components ``Webhook<Kind>`` and, on registering a hook, a
    callback per kind that names them."""
    from games.registry import games

    components = schemas(sorted(games()))
    result.setdefault("components", {}).setdefault("schemas", {}).update(copy.deepcopy(components))
    path, method = REGISTER
    operation = result.get("paths", {}).get(path, {}).get(method)
    if operation is not None:
        operation["callbacks"] = {
            kind: _callback(kind, components[component_name(kind)]["description"]) for kind in KINDS
        }
    return result
