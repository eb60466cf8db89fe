"""An event's kinds (a round seated, a result saved or corrected, the standings changed, the
event published, changed or withdrawn; ``tournaments.announce``) and the test ping
(``week.webhooks.services.hook_ping``)."""

from __future__ import annotations

from typing import Any

from core import club_events
from tournaments.announce import PAYLOAD_FIELDS
from web.api.openapi.webhooks.shapes import LINK, closed, event, integer, ref, seated, text
from week.webhooks.sending import PING

EVENT_SHOWN = tuple(PAYLOAD_FIELDS.values())  # what an event.changed may name


def kinds(games: list[str]) -> dict[str, tuple[str, dict[str, Any]]]:
    """Each kind's description and its ``data``, in the order the schema lists them."""
    return {**_round_kinds(games), **_event_kinds(games), **_ping()}


def _round() -> dict[str, Any]:
    """The round, as the API names a player: ``round`` (the id), ``round_number`` beside it."""
    return {"round": integer("The round's id."), "round_number": integer("The round's number.")}


def _result(games: list[str]) -> dict[str, Any]:
    seat = closed(
        {
            **seated()["properties"],
            "total": {"type": "number", "nullable": True, "description": "The seat's total."},
            "placement": integer(
                "The seat's place at the table, from 1 (as a session's seats give it).",
                nullable=True,
            ),
        }
    )
    return closed(
        {
            **event(games),
            **_round(),
            "table": integer("The table's id."),
            "table_number": integer("The table's number."),
            "table_url": LINK,
            "complete": {"type": "boolean", "description": "Whether the session is complete."},
            "revision": integer("The session's revision."),
            "seats": {"type": "array", "items": seat, "description": "The seats, in order."},
        }
    )


def _round_kinds(games: list[str]) -> dict[str, tuple[str, dict[str, Any]]]:
    table = closed(
        {
            "id": integer("The table's id."),
            "number": integer("The table's number."),
            "seats": {"type": "array", "items": seated(), "description": "The seats, in order."},
            "url": LINK,
        }
    )
    return {
        club_events.ROUND_SEATED: (
            "A round's tables sat down (its seating accepted, or seated by hand).",
            closed(
                {
                    **event(games),
                    **_round(),
                    "tables": {"type": "array", "items": table},
                    "byes": {
                        "type": "array",
                        "items": ref("WebhookPlayer"),
                        "description": "Players who sit this round out.",
                    },
                }
            ),
        ),
        club_events.RESULT_SAVED: ("A table's session became complete.", _result(games)),
        club_events.RESULT_CORRECTED: (
            "A complete session changed (it may be incomplete again after an undo).",
            _result(games),
        ),
    }


def _event_kinds(games: list[str]) -> dict[str, tuple[str, dict[str, Any]]]:
    standings = {"type": "array", "items": ref("WebhookStandingsLine")}
    previous = {
        "type": "object",
        "properties": {
            name: {**schema, "description": f"The event's {name[6:]} before the change."}
            for name, schema in event(games).items()
            if name in EVENT_SHOWN
        },
        "additionalProperties": False,
        "description": "What each changed field was before.",
    }
    return {
        club_events.STANDINGS_CHANGED: (
            "A recompute changed the event's stored standings.",
            closed(
                {
                    **event(games),
                    "results_version": integer("The event's results version they follow."),
                    "standings": standings,
                }
            ),
        ),
        club_events.EVENT_PUBLISHED: (
            "An event was published, with its standings as they are.",
            closed({**event(games), "standings": standings}),
        ),
        club_events.EVENT_CHANGED: (
            "A published event's name, date, game or kind changed. ``changed`` names the "
            "fields as this payload names them (``event_name``...), ``previous`` their old "
            "values; the ``event_...`` fields are the event as it is now.",
            closed(
                {
                    **event(games),
                    "changed": {
                        "type": "array",
                        "items": text(enum=list(EVENT_SHOWN)),
                        "description": "The fields that changed.",
                    },
                    "previous": previous,
                }
            ),
        ),
        club_events.EVENT_WITHDRAWN: (
            "A published event was withdrawn: unpublished or deleted (``reason``). Take it "
            "off your pages. Sent only while the event is not published again.",
            closed(
                {
                    **event(games),
                    "reason": text(
                        "unpublished: hidden by an organizer; deleted: deleted (an event "
                        "without results).",
                        enum=["unpublished", "deleted"],
                    ),
                }
            ),
        ),
    }


def _ping() -> dict[str, tuple[str, dict[str, Any]]]:
    kinds = {
        "type": "array",
        "items": text(enum=list(club_events.KINDS)),
        "description": "The kinds the hook receives.",
    }
    return {
        PING: (
            "A test ping an organizer sent (from the hook's page or POST "
            "/api/v1/hooks/{hook_id}/ping/), whatever kinds the hook receives. Tried once.",
            closed({"hook": closed({"id": integer("The hook's id."), "kinds": kinds})}),
        )
    }
