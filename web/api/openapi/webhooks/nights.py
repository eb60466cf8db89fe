"""The calendar's kinds: a night planned, changed or cancelled (``week.planning.services``)."""

from __future__ import annotations

from typing import Any

from core import club_events
from web.api.openapi.webhooks.shapes import closed, integer, ref, text

# What a night.changed may name: the fields an organizer changes, and its cancellation taken
# back (week.planning.services.night_update, night_cancel).
NIGHT_CHANGES = (
    "starts_at",
    "ends_at",
    "game",
    "ruleset",
    "planned_rounds",
    "place",
    "notes",
    "cancelled",
)


def night_properties(games: list[str]) -> dict[str, Any]:
    return {
        "id": integer("The planned night's id (GET /api/v1/nights/{night_id}/)."),
        "club": integer("The club's id."),
        "starts_at": text("When the night starts.", format="date-time"),
        "ends_at": text("When it ends.", format="date-time"),
        "game": text("The game played.", enum=games),
        "ruleset": text("The ruleset's code (a built-in one or a house ruleset's)."),
        "planned_rounds": integer("How many rounds the night is planned to play."),
        "place": text("Where; empty when not given."),
        "notes": text("The organizer's notes (may hold line breaks)."),
        "recurrence": text(
            "How its series repeats.", enum=["once", "weekly", "fortnightly", "monthly"]
        ),
        "series": text(
            "The series it belongs to (the same for every night planned together); null for "
            "a night planned once.",
            format="uuid",
            nullable=True,
        ),
        "cancelled": {"type": "boolean", "description": "Whether the night is cancelled."},
        "event": integer("The event the night was opened as; null until then.", nullable=True),
    }


def parts(games: list[str]) -> dict[str, dict[str, Any]]:
    """``WebhookNight`` and ``WebhookNightChange`` (the night, what changed and what it was)."""
    night = closed(night_properties(games))
    night["description"] = "A planned night of the club's calendar, as the API gives it."
    night_change = closed(
        {
            **night_properties(games),
            "changed": {
                "type": "array",
                "items": text(enum=list(NIGHT_CHANGES)),
                "description": "The fields that changed (cancelled: the cancellation was "
                "taken back, the night is on again).",
            },
            "previous": {
                "type": "object",
                "properties": {
                    name: {**schema, "description": f"The {name} before the change."}
                    for name, schema in night_properties(games).items()
                    if name in NIGHT_CHANGES
                },
                "additionalProperties": False,
                "description": "What each changed field was before.",
            },
        }
    )
    night_change["description"] = "The night as it is now, what changed and what it was."
    return {"WebhookNight": night, "WebhookNightChange": night_change}


def kinds() -> dict[str, tuple[str, dict[str, Any]]]:
    """Each night kind's description and its ``data``."""
    return {
        club_events.NIGHT_PLANNED: (
            "A night was planned on the club's calendar (each night of a series its own).",
            ref("WebhookNight"),
        ),
        club_events.NIGHT_CHANGED: (
            "A planned night changed: moved, another place, game, ruleset or notes, or its "
            "cancellation taken back. ``changed`` names the fields, ``previous`` their old "
            "values.",
            ref("WebhookNightChange"),
        ),
        club_events.NIGHT_CANCELLED: (
            "A planned night was cancelled (``cancelled`` true): take it off the calendar.",
            ref("WebhookNight"),
        ),
    }
