"""An event as the public pages see it: visible to the viewer or not found, and its game's own
standings figures as columns."""

from typing import Any

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from django.utils import formats
from django.utils.translation import gettext as _

from core.view_helpers import dutch
from games.registry import find_game
from games.seam import Stat
from tournaments.models import Event
from tournaments.selectors import events_visible_to

# The criteria a standings line shows as a figure of its own (the rest only break ties).
FIGURES = ("total", "table_wins", "placement_points")


def visible_event(request: HttpRequest, event_id: int) -> Event:
    return get_object_or_404(events_visible_to(request.user).select_related("club"), pk=event_id)


def game_total(event: Event) -> Stat | None:
    """What the event's game says its totals count (its optional ``total_stat``); None:
    points."""
    found = getattr(find_game(event.game), "total_stat", None)
    return found if isinstance(found, Stat) else None


def total_column(event: Event) -> tuple[str, bool]:
    """What the event's standings call a player's total (points, unless the game says what
    its totals count) and whether it is shown with its sign."""
    figure = game_total(event)
    if figure is None:
        return _("Points"), False
    return (figure.name_nl if dutch() else figure.name), figure.signed


def total_text(value: Any, signed: bool) -> Any:
    """A total as the standings show it: with its sign when it is a net figure (+12, -5 with a
    minus sign, 0); otherwise the number itself (the page localizes it)."""
    if not signed or not value:
        return value
    shown = formats.localize(abs(value))
    return f"+{shown}" if value > 0 else f"\u2212{shown}"


def figure_columns(event: Event, stat_names: dict[str, str]) -> list[tuple[str, str]]:
    """The standings table's figures in the order a reader needs them: what the ranking is by
    first (so it is the column beside the names, visible on any phone), then the figures that
    break ties, the game's other figures, and the sessions played."""
    names = {
        "total": total_column(event)[0],
        "table_wins": _("Table wins"),
        "placement_points": _("Placement points"),
        **stat_names,
    }
    ranked = [code for code in event.ranked_by if code in FIGURES or code in stat_names]
    rest = [code for code in stat_names if code not in ranked]
    return [(code, names[code]) for code in (*ranked, *rest)] + [("sessions", _("Sessions"))]


def _figure(row: Any, code: str) -> Any:
    if code in ("total", "table_wins", "placement_points", "sessions"):
        return getattr(row, code, 0)
    return (row.stats or {}).get(code, 0)


def game_columns(event: Event, standings: Any) -> dict[str, Any]:
    """The game's own figures as columns (Bonko: wins and Bonkos), every figure of a line in
    reading order (``figures``; each row's ``cells``: code, name, value), and for a game that
    counts wins the booby prize: the players with the most losses."""
    game = find_game(event.game)
    stats = list(game.stats) if game is not None else []
    language = "nl" if dutch() else "en"
    order = {code: index for index, code in enumerate(game.standings_order)} if game else {}
    stats.sort(key=lambda stat: order.get(stat.code, len(order)))
    columns = [(stat.code, stat.name_nl if language == "nl" else stat.name) for stat in stats]
    figures = figure_columns(event, dict(columns))
    total_name, signed = total_column(event)
    rows = list(standings)
    for row in rows:
        row.stat_values = [(row.stats or {}).get(code, 0) for code, _name in columns]
        row.total_text = total_text(row.total, signed)
        row.cells = [
            (code, name, row.total_text if code == "total" else _figure(row, code))
            for code, name in figures
        ]
    losses = [(row.stats or {}).get("losses", 0) for row in rows]
    most = max(losses, default=0) if stats else 0
    booby = [
        row.player.name for row, lost in zip(rows, losses, strict=True) if most and lost == most
    ]
    return {
        "standings": rows,
        "stat_columns": columns,
        "total_name": total_name,
        "figures": figures,
        "booby": booby,
        "most_losses": most,
    }
