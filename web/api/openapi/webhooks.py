"""The webhooks' deliveries in the OpenAPI schema (3.0.3, which has no top-level ``webhooks``):
one component per kind, ``Webhook<Kind>`` (``WebhookNightPlanned``, ..., ``WebhookPing``), each
the whole JSON body a receiver gets, with an example; and a callback per kind on the operation
that registers a hook (``POST /api/v1/hooks/``: the deliveries go to the ``url`` it gives), with
the headers every delivery carries.

The bodies are the envelope ``{"id", "kind", "created_at", "club", "data"}`` (``resent_from``
when sent again, ``week.webhooks.sending.body_of``); ``data`` is the kind's payload, built where
the change is made (``tournaments.announce``, ``week.planning.services``,
``week.webhooks.services.hook_ping``). Every object here is closed (``additionalProperties``
false), so a payload that grew a key the schema does not declare fails the tests that validate
real deliveries against these components (``tests/integration/test_webhook_kinds.py``).
"""

from __future__ import annotations

import copy
from typing import Any

from core import club_events
from tournaments.announce import SHOWN_FIELDS
from week.webhooks.sending import DELIVERY_KINDS as KINDS
from week.webhooks.sending import PING

REF = "#/components/schemas/"
SITE = "https://club.example"


def _ref(name: str) -> dict[str, Any]:
    return {"$ref": REF + name}


def _object(properties: dict[str, Any], *, optional: tuple[str, ...] = ()) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": properties,
        "required": [name for name in properties if name not in optional],
        "additionalProperties": False,
    }


def _int(description: str = "", nullable: bool = False) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "integer"}
    if description:
        schema["description"] = description
    if nullable:
        schema["nullable"] = True
    return schema


def _text(description: str = "", **more: Any) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "string", **more}
    if description:
        schema["description"] = description
    return schema


LINK = _text("A link to the page on the service's site (SITE_URL).", format="uri")
# What a night.changed may name: the fields an organizer changes, and its cancellation taken
# back (week.planning.services.night_update, night_cancel).
NIGHT_CHANGES = ("starts_at", "ends_at", "game", "ruleset", "place", "notes", "cancelled")
EVENT_SHOWN = SHOWN_FIELDS  # what an event.changed may name


def _night_properties(games: list[str]) -> dict[str, Any]:
    return {
        "id": _int("The planned night's id (GET /api/v1/nights/{night_id}/)."),
        "club": _int("The club's id."),
        "starts_at": _text("When the night starts.", format="date-time"),
        "ends_at": _text("When it ends.", format="date-time"),
        "game": _text("The game played.", enum=games),
        "ruleset": _text("The ruleset's code (a built-in one or a house ruleset's)."),
        "place": _text("Where; empty when not given."),
        "notes": _text("The organizer's notes (may hold line breaks)."),
        "recurrence": _text(
            "How its series repeats.", enum=["once", "weekly", "fortnightly", "monthly"]
        ),
        "series": _text(
            "The series it belongs to (the same for every night planned together); null for "
            "a night planned once.",
            format="uuid",
            nullable=True,
        ),
        "cancelled": {"type": "boolean", "description": "Whether the night is cancelled."},
        "event": _int("The event the night was opened as; null until then.", nullable=True),
    }


def schemas(games: list[str]) -> dict[str, dict[str, Any]]:
    """The components: the shared parts and one envelope per kind."""
    player = _object(
        {"id": _int("The player's id."), "name": _text("The player's name."), "url": LINK}
    )
    seated = _object({**player["properties"], "seat": _int("The seat at the table, from 1.")})
    event = _object(
        {
            "id": _int("The event's id."),
            "name": _text("The event's name."),
            "date": _text("The event's date.", format="date"),
            "game": _text("The game played.", enum=games),
            "kind": _text("A club night or a tournament.", enum=["club_night", "tournament"]),
            "status": _text("Its state.", enum=["draft", "running", "finished"]),
            "url": LINK,
        }
    )
    event["description"] = "The event as its public pages show it."
    standings_line = _object(
        {
            "place": _int("The place, from 1 (tied players share it)."),
            "tied": {"type": "boolean", "description": "Whether another player shares it."},
            "player": _ref("WebhookPlayer"),
            "total": {"type": "number", "description": "The total points."},
            "sessions": _int("Sessions counted."),
        }
    )
    night = _object(_night_properties(games))
    night["description"] = "A planned night of the club's calendar, as the API gives it."
    night_change = _object(
        {
            **_night_properties(games),
            "changed": {
                "type": "array",
                "items": _text(enum=list(NIGHT_CHANGES)),
                "description": "The fields that changed (cancelled: the cancellation was "
                "taken back, the night is on again).",
            },
            "previous": {
                "type": "object",
                "properties": {
                    name: {**schema, "description": f"The {name} before the change."}
                    for name, schema in _night_properties(games).items()
                    if name in NIGHT_CHANGES
                },
                "additionalProperties": False,
                "description": "What each changed field was before.",
            },
        }
    )
    night_change["description"] = "The night as it is now, what changed and what it was."
    round_ = _object({"id": _int("The round's id."), "number": _int("The round's number.")})
    result_seat = _object(
        {
            **seated["properties"],
            "total": {"type": "number", "nullable": True, "description": "The seat's total."},
            "place": _int("The seat's place at the table.", nullable=True),
        }
    )
    event_change_previous = {
        "type": "object",
        "properties": {
            name: {**schema, "description": f"The event's {name} before the change."}
            for name, schema in event["properties"].items()
            if name in EVENT_SHOWN
        },
        "additionalProperties": False,
        "description": "What each changed field was before.",
    }
    parts: dict[str, dict[str, Any]] = {
        "WebhookClub": {
            **_object(
                {
                    "id": _int("The club's id."),
                    "name": _text("The club's name."),
                    "slug": _text("The club's address name (/clubs/<slug>/)."),
                }
            ),
            "description": "The club whose hook this is.",
        },
        "WebhookPlayer": {**player, "description": "A player, by name, with a link."},
        "WebhookEvent": event,
        "WebhookStandingsLine": {**standings_line, "description": "One line of the standings."},
        "WebhookNight": night,
        "WebhookNightChange": night_change,
    }
    standings = {"type": "array", "items": _ref("WebhookStandingsLine")}
    data = {
        club_events.NIGHT_PLANNED: (
            "A night was planned on the club's calendar (each night of a series its own).",
            _ref("WebhookNight"),
        ),
        club_events.NIGHT_CHANGED: (
            "A planned night changed: moved, another place, game, ruleset or notes, or its "
            "cancellation taken back. ``changed`` names the fields, ``previous`` their old "
            "values.",
            _ref("WebhookNightChange"),
        ),
        club_events.NIGHT_CANCELLED: (
            "A planned night was cancelled (``cancelled`` true): take it off the calendar.",
            _ref("WebhookNight"),
        ),
        club_events.ROUND_SEATED: (
            "A round's tables sat down (its seating accepted, or seated by hand).",
            _object(
                {
                    "event": _ref("WebhookEvent"),
                    "round": round_,
                    "tables": {
                        "type": "array",
                        "items": _object(
                            {
                                "id": _int("The table's id."),
                                "number": _int("The table's number."),
                                "players": {"type": "array", "items": seated},
                                "url": LINK,
                            }
                        ),
                    },
                    "byes": {
                        "type": "array",
                        "items": _ref("WebhookPlayer"),
                        "description": "Players who sit this round out.",
                    },
                }
            ),
        ),
        club_events.RESULT_SAVED: (
            "A table's session became complete.",
            _result(round_, result_seat),
        ),
        club_events.RESULT_CORRECTED: (
            "A complete session changed (it may be incomplete again after an undo).",
            _result(round_, result_seat),
        ),
        club_events.STANDINGS_CHANGED: (
            "A recompute changed the event's stored standings.",
            _object(
                {
                    "event": _ref("WebhookEvent"),
                    "results_version": _int("The event's results version they follow."),
                    "standings": standings,
                }
            ),
        ),
        club_events.EVENT_PUBLISHED: (
            "An event was published, with its standings as they are.",
            _object({"event": _ref("WebhookEvent"), "standings": standings}),
        ),
        club_events.EVENT_CHANGED: (
            "A published event's name, date, game or kind changed. ``changed`` names the "
            "fields, ``previous`` their old values, ``event`` is the event as it is now.",
            _object(
                {
                    "event": _ref("WebhookEvent"),
                    "changed": {
                        "type": "array",
                        "items": _text(enum=list(EVENT_SHOWN)),
                        "description": "The fields that changed.",
                    },
                    "previous": event_change_previous,
                }
            ),
        ),
        club_events.EVENT_WITHDRAWN: (
            "A published event was withdrawn: unpublished or deleted (``reason``). Take it "
            "off your pages. Sent only while the event is not published again.",
            _object(
                {
                    "event": _ref("WebhookEvent"),
                    "reason": _text(
                        "unpublished: hidden by an organizer; deleted: deleted (an event "
                        "without results).",
                        enum=["unpublished", "deleted"],
                    ),
                }
            ),
        ),
        PING: (
            "A test ping an organizer sent (from the hook's page or POST "
            "/api/v1/hooks/{hook_id}/ping/), whatever kinds the hook receives. Tried once.",
            _object(
                {
                    "hook": _object(
                        {
                            "id": _int("The hook's id."),
                            "kinds": {
                                "type": "array",
                                "items": _text(enum=list(club_events.KINDS)),
                                "description": "The kinds the hook receives.",
                            },
                        }
                    )
                }
            ),
        ),
    }
    envelopes = {
        component_name(kind): {
            **_object(
                {
                    "id": _int(
                        "The delivery's id, the same on every attempt (X-Hook-Delivery): "
                        "drop a repeat."
                    ),
                    "kind": _text("The kind (X-Hook-Event).", enum=[kind]),
                    "created_at": _text(
                        "When the delivery was made, in UTC (ends in Z).", format="date-time"
                    ),
                    "club": _ref("WebhookClub"),
                    "data": schema,
                    "resent_from": _int(
                        "Present when an organizer sent the delivery again: the first one's id."
                    ),
                },
                optional=("resent_from",),
            ),
            "description": description,
            "example": EXAMPLES[kind],
        }
        for kind, (description, schema) in data.items()
    }
    return {**parts, **envelopes}


def _result(round_: dict[str, Any], seat: dict[str, Any]) -> dict[str, Any]:
    return _object(
        {
            "event": _ref("WebhookEvent"),
            "round": round_,
            "table": _object(
                {"id": _int("The table's id."), "number": _int("Its number."), "url": LINK}
            ),
            "complete": {"type": "boolean", "description": "Whether the session is complete."},
            "revision": _int("The session's revision."),
            "players": {"type": "array", "items": seat},
        }
    )


def component_name(kind: str) -> str:
    """``night.planned`` -> ``WebhookNightPlanned``."""
    return "Webhook" + "".join(part.capitalize() for part in kind.replace(".", "_").split("_"))


# --- Examples: one whole body per kind ----------------------------------------------------------

_CLUB = {"id": 3, "name": "De Troefkaart", "slug": "de-troefkaart"}
_EVENT = {
    "id": 41,
    "name": "Clubavond 27 november",
    "date": "2026-11-27",
    "game": "bonken",
    "kind": "club_night",
    "status": "running",
    "url": f"{SITE}/events/41/",
}
_NIGHT = {
    "id": 12,
    "club": 3,
    "starts_at": "2026-12-04T20:00:00+01:00",
    "ends_at": "2026-12-05T00:00:00+01:00",
    "game": "bonken",
    "ruleset": "classic",
    "place": "Café De Zwaan",
    "notes": "",
    "recurrence": "weekly",
    "series": "6f1c1b9e-3c1d-4f5e-9a37-2d0c8f1e4b21",
    "cancelled": False,
    "event": None,
}


def _player(player_id: int, name: str) -> dict[str, Any]:
    return {"id": player_id, "name": name, "url": f"{SITE}/players/{player_id}/"}


_ANNA, _BRAM, _CEES, _DIRK = (
    _player(7, "Anna de Vries"),
    _player(8, "Bram Jansen"),
    _player(9, "Cees Bakker"),
    _player(10, "Dirk Smit"),
)
_STANDINGS = [
    {"place": 1, "tied": False, "player": _ANNA, "total": 212, "sessions": 1},
    {"place": 2, "tied": False, "player": _CEES, "total": 160, "sessions": 1},
]
_RESULT = {
    "event": _EVENT,
    "round": {"id": 90, "number": 1},
    "table": {"id": 301, "number": 1, "url": f"{SITE}/events/41/tables/301/"},
    "complete": True,
    "revision": 1,
    "players": [
        {**_ANNA, "seat": 1, "total": 212, "place": 1},
        {**_BRAM, "seat": 2, "total": 95, "place": 3},
        {**_CEES, "seat": 3, "total": 160, "place": 2},
        {**_DIRK, "seat": 4, "total": 33, "place": 4},
    ],
}


def _envelope(delivery_id: int, kind: str, data: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": delivery_id,
        "kind": kind,
        "created_at": "2026-11-27T19:42:07.118204Z",
        "club": _CLUB,
        "data": data,
    }


EXAMPLES: dict[str, dict[str, Any]] = {
    club_events.NIGHT_PLANNED: _envelope(501, club_events.NIGHT_PLANNED, _NIGHT),
    club_events.NIGHT_CHANGED: _envelope(
        502,
        club_events.NIGHT_CHANGED,
        {
            **_NIGHT,
            "starts_at": "2026-12-05T20:00:00+01:00",
            "ends_at": "2026-12-06T00:00:00+01:00",
            "place": "Zaal Het Anker",
            "changed": ["starts_at", "ends_at", "place"],
            "previous": {
                "starts_at": "2026-12-04T19:00:00+00:00",
                "ends_at": "2026-12-04T23:00:00+00:00",
                "place": "Café De Zwaan",
            },
        },
    ),
    club_events.NIGHT_CANCELLED: _envelope(
        503, club_events.NIGHT_CANCELLED, {**_NIGHT, "cancelled": True}
    ),
    club_events.ROUND_SEATED: _envelope(
        504,
        club_events.ROUND_SEATED,
        {
            "event": _EVENT,
            "round": {"id": 90, "number": 1},
            "tables": [
                {
                    "id": 301,
                    "number": 1,
                    "players": [
                        {**player, "seat": seat}
                        for seat, player in enumerate([_ANNA, _BRAM, _CEES, _DIRK], start=1)
                    ],
                    "url": f"{SITE}/events/41/tables/301/",
                }
            ],
            "byes": [_player(11, "Els Visser")],
        },
    ),
    club_events.RESULT_SAVED: _envelope(505, club_events.RESULT_SAVED, _RESULT),
    club_events.RESULT_CORRECTED: _envelope(
        506, club_events.RESULT_CORRECTED, {**_RESULT, "revision": 2}
    ),
    club_events.STANDINGS_CHANGED: _envelope(
        507,
        club_events.STANDINGS_CHANGED,
        {"event": _EVENT, "results_version": 4, "standings": _STANDINGS},
    ),
    club_events.EVENT_PUBLISHED: _envelope(
        508, club_events.EVENT_PUBLISHED, {"event": _EVENT, "standings": _STANDINGS}
    ),
    club_events.EVENT_CHANGED: _envelope(
        509,
        club_events.EVENT_CHANGED,
        {
            "event": {**_EVENT, "name": "Clubavond 28 november", "date": "2026-11-28"},
            "changed": ["name", "date"],
            "previous": {"name": "Clubavond 27 november", "date": "2026-11-27"},
        },
    ),
    club_events.EVENT_WITHDRAWN: _envelope(
        510, club_events.EVENT_WITHDRAWN, {"event": _EVENT, "reason": "unpublished"}
    ),
    PING: _envelope(
        511,
        PING,
        {"hook": {"id": 5, "kinds": [club_events.NIGHT_PLANNED, club_events.RESULT_SAVED]}},
    ),
}


# --- The callbacks on registering a hook --------------------------------------------------------

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
                        "description": text,
                    }
                    for header, required, text in HEADERS
                ],
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": _ref(name)}},
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


REGISTER = ("/api/v1/hooks/", "post")


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
