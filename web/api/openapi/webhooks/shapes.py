"""The building blocks of the webhooks' components, and the parts every kind shares: the club,
a player, an event, a line of the standings. A club, a player and an event are named as the
API names a player: the id under the thing's own name, what is shown of it beside it
(``player_name``, ``event_name``, ``club_name``, ... and a link, ``..._url``)."""

from __future__ import annotations

from typing import Any

REF = "#/components/schemas/"
SITE = "https://club.example"


def ref(name: str) -> dict[str, Any]:
    return {"$ref": REF + name}


def closed(properties: dict[str, Any], *, optional: tuple[str, ...] = ()) -> dict[str, Any]:
    """An object with these properties and no others, each required but the ``optional``."""
    return {
        "type": "object",
        "properties": properties,
        "required": [name for name in properties if name not in optional],
        "additionalProperties": False,
    }


def integer(description: str = "", nullable: bool = False) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "integer"}
    if description:
        schema["description"] = description
    if nullable:
        schema["nullable"] = True
    return schema


def text(description: str = "", **more: Any) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "string", **more}
    if description:
        schema["description"] = description
    return schema


LINK = text("A link to the page on the service's site (SITE_URL).", format="uri")


def component_name(kind: str) -> str:
    """``night.planned`` -> ``WebhookNightPlanned``."""
    return "Webhook" + "".join(part.capitalize() for part in kind.replace(".", "_").split("_"))


def player() -> dict[str, Any]:
    """A player as every answer of the API names one: ``player`` (the id) and ``player_name``,
    with ``player_url``, the player's page."""
    return closed(
        {
            "player": integer("The player's id."),
            "player_name": text("The player's name."),
            "player_url": text("The player's page on the service's site (SITE_URL).", format="uri"),
        }
    )


def seated() -> dict[str, Any]:
    """A seat at a table and its player (a table's ``seats``, as the API's tables give them)."""
    return closed(
        {
            "position": integer(
                "The seat at the table, from 0 (as the API's seats and the session documents "
                "count them)."
            ),
            **player()["properties"],
        }
    )


def event(games: list[str]) -> dict[str, Any]:
    """The event a kind tells of, as the API names a player: ``event`` (the id), and beside it
    what its public pages show, each ``event_...`` (``tournaments.announce.event_reference``)."""
    return {
        "event": integer("The event's id."),
        "event_name": text("The event's name."),
        "event_date": text("The event's date.", format="date"),
        "event_game": text("The game played.", enum=games),
        "event_kind": text("A club night or a tournament.", enum=["club_night", "tournament"]),
        "event_status": text("Its state.", enum=["draft", "running", "finished"]),
        "event_url": text("The event's page on the service's site (SITE_URL).", format="uri"),
        "event_leagues": {
            "type": "array",
            "items": closed(
                {
                    "slug": text("The league's address."),
                    "name": text("The league's name."),
                    "url": LINK,
                }
            ),
            "description": "The leagues the event counts for (a club's league night or a "
            "league day).",
        },
    }


def club() -> dict[str, Any]:
    """The club whose hook it is, as the API names a player: ``club`` (the id), ``club_name``,
    ``club_slug`` and ``club_url`` (``week.webhooks.sending.club_reference``)."""
    return {
        "club": integer("The club's id."),
        "club_name": text("The club's name."),
        "club_slug": text("The club's address name: its public feeds' {slug}."),
        "club_url": text("The club's page on the service's site (SITE_URL).", format="uri"),
    }


def parts(games: list[str]) -> dict[str, dict[str, Any]]:
    """The components every kind shares: a player and a standings line."""
    standings_line = closed(
        {
            "rank": integer("The rank, from 1 (tied players share it)."),
            "tied": {"type": "boolean", "description": "Whether another player shares it."},
            **player()["properties"],
            "total": {"type": "number", "description": "The total points."},
            "sessions": integer("Sessions counted."),
        }
    )
    return {
        "WebhookPlayer": {
            **player(),
            "description": "A player, as the API names one (player, player_name), with a link.",
        },
        "WebhookStandingsLine": {**standings_line, "description": "One line of the standings."},
    }
