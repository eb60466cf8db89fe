"""One whole body per kind, the example of its component. The night and the event are of the
first installed game (``games.registry``), played under its default ruleset."""

from __future__ import annotations

from typing import Any

from core import club_events
from games.registry import games
from web.api.openapi.webhooks.shapes import SITE
from week.webhooks.sending import PING

_CLUB = {
    "club": 3,
    "club_name": "De Troefkaart",
    "club_slug": "de-troefkaart",
    "club_url": f"{SITE}/clubs/de-troefkaart/",
}


def _player(player_id: int, name: str) -> dict[str, Any]:
    return {
        "player": player_id,
        "player_name": name,
        "player_url": f"{SITE}/players/{player_id}/",
    }


_ANNA, _BRAM, _CEES, _DIRK = (
    _player(7, "Anna de Vries"),
    _player(8, "Bram Jansen"),
    _player(9, "Cees Bakker"),
    _player(10, "Dirk Smit"),
)
_STANDINGS = [
    {"rank": 1, "tied": False, **_ANNA, "total": 212, "sessions": 1},
    {"rank": 2, "tied": False, **_CEES, "total": 160, "sessions": 1},
]
_ROUND = {"round": 90, "round_number": 1}


def _envelope(delivery_id: int, kind: str, data: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": delivery_id,
        "kind": kind,
        "created_at": "2026-11-27T19:42:07.118204Z",
        **_CLUB,
        "data": data,
    }


def bodies() -> dict[str, dict[str, Any]]:
    """``{kind: body}``, every kind a hook delivers."""
    game = next(iter(games().values()))
    event = {
        "event": 41,
        "event_name": "Clubavond 27 november",
        "event_date": "2026-11-27",
        "event_game": game.code,
        "event_kind": "club_night",
        "event_status": "running",
        "event_url": f"{SITE}/events/41/",
        "event_leagues": [
            {
                "slug": "regio-utrecht",
                "name": "Regio Utrecht",
                "url": f"{SITE}/leagues/regio-utrecht/",
            }
        ],
    }
    return {
        **_nights(game.code, game.default_ruleset),
        **_rounds(event),
        **_events(event),
        PING: _envelope(
            511,
            PING,
            {"hook": {"id": 5, "kinds": [club_events.NIGHT_PLANNED, club_events.RESULT_SAVED]}},
        ),
    }


def _nights(game: str, ruleset: str) -> dict[str, dict[str, Any]]:
    night = {
        "id": 12,
        "club": 3,
        "starts_at": "2026-12-04T19:00:00Z",
        "ends_at": "2026-12-04T23:00:00Z",
        "game": game,
        "ruleset": ruleset,
        "planned_rounds": 3,
        "place": "Café De Zwaan",
        "notes": "",
        "recurrence": "weekly",
        "series": "6f1c1b9e-3c1d-4f5e-9a37-2d0c8f1e4b21",
        "cancelled": False,
        "event": None,
    }
    moved = {
        **night,
        "starts_at": "2026-12-05T19:00:00Z",
        "ends_at": "2026-12-05T23:00:00Z",
        "place": "Zaal Het Anker",
        "changed": ["starts_at", "ends_at", "place"],
        "previous": {
            "starts_at": "2026-12-04T19:00:00Z",
            "ends_at": "2026-12-04T23:00:00Z",
            "place": "Café De Zwaan",
        },
    }
    return {
        club_events.NIGHT_PLANNED: _envelope(501, club_events.NIGHT_PLANNED, night),
        club_events.NIGHT_CHANGED: _envelope(502, club_events.NIGHT_CHANGED, moved),
        club_events.NIGHT_CANCELLED: _envelope(
            503, club_events.NIGHT_CANCELLED, {**night, "cancelled": True}
        ),
    }


def _rounds(event: dict[str, Any]) -> dict[str, dict[str, Any]]:
    table = {
        "id": 301,
        "number": 1,
        "seats": [
            {"position": position, **player}
            for position, player in enumerate([_ANNA, _BRAM, _CEES, _DIRK])
        ],
        "url": f"{SITE}/events/41/tables/301/",
    }
    result = {
        **event,
        **_ROUND,
        "table": 301,
        "table_number": 1,
        "table_url": f"{SITE}/events/41/tables/301/",
        "complete": True,
        "revision": 1,
        "seats": [
            {"position": 0, **_ANNA, "total": 212, "placement": 1},
            {"position": 1, **_BRAM, "total": 95, "placement": 3},
            {"position": 2, **_CEES, "total": 160, "placement": 2},
            {"position": 3, **_DIRK, "total": 33, "placement": 4},
        ],
    }
    seated = {
        **event,
        **_ROUND,
        "tables": [table],
        "byes": [_player(11, "Els Visser")],
    }
    return {
        club_events.ROUND_SEATED: _envelope(504, club_events.ROUND_SEATED, seated),
        club_events.RESULT_SAVED: _envelope(505, club_events.RESULT_SAVED, result),
        club_events.RESULT_CORRECTED: _envelope(
            506, club_events.RESULT_CORRECTED, {**result, "revision": 2}
        ),
    }


def _events(event: dict[str, Any]) -> dict[str, dict[str, Any]]:
    renamed = {
        **event,
        "event_name": "Clubavond 28 november",
        "event_date": "2026-11-28",
        "changed": ["event_name", "event_date"],
        "previous": {"event_name": "Clubavond 27 november", "event_date": "2026-11-27"},
    }
    return {
        club_events.STANDINGS_CHANGED: _envelope(
            507,
            club_events.STANDINGS_CHANGED,
            {**event, "results_version": 4, "standings": _STANDINGS},
        ),
        club_events.EVENT_PUBLISHED: _envelope(
            508, club_events.EVENT_PUBLISHED, {**event, "standings": _STANDINGS}
        ),
        club_events.EVENT_CHANGED: _envelope(509, club_events.EVENT_CHANGED, renamed),
        club_events.EVENT_WITHDRAWN: _envelope(
            510, club_events.EVENT_WITHDRAWN, {**event, "reason": "unpublished"}
        ),
    }
