"""An event as the public pages see it: visible to the viewer or not found, and its game's own
standings figures as columns."""

from typing import Any

from django.http import HttpRequest
from django.shortcuts import get_object_or_404

from core.view_helpers import dutch
from gamekit.registry import find_game
from tournaments.models import Event
from tournaments.selectors import events_visible_to


def visible_event(request: HttpRequest, event_id: int) -> Event:
    return get_object_or_404(events_visible_to(request.user).select_related("club"), pk=event_id)


def game_columns(event: Event, standings: Any) -> dict[str, Any]:
    """The game's own figures as columns (Bonko: wins and Bonkos), and for a game that counts
    wins the booby prize: the players with the most losses."""
    game = find_game(event.game)
    stats = list(game.stats) if game is not None else []
    if not stats:
        return {"stat_columns": []}
    language = "nl" if dutch() else "en"
    order = {code: index for index, code in enumerate(game.standings_order)} if game else {}
    stats.sort(key=lambda stat: order.get(stat.code, len(order)))
    columns = [(stat.code, stat.name_nl if language == "nl" else stat.name) for stat in stats]
    rows = list(standings)
    for row in rows:
        row.stat_values = [(row.stats or {}).get(code, 0) for code, _name in columns]
    losses = [(row.stats or {}).get("losses", 0) for row in rows]
    most = max(losses, default=0)
    booby = [
        row.player.name for row, lost in zip(rows, losses, strict=True) if most and lost == most
    ]
    return {"standings": rows, "stat_columns": columns, "booby": booby, "most_losses": most}
