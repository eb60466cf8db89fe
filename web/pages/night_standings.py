"""The standings page of a night played in sets (Bonko): the standings of one set
(``?set=N``, computed from the sessions of that set's rounds) beside the night's, and the
prizes of each set and of the night: the winners (first place) and the booby prize (the most
losses)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from core.errors import ServiceError
from core.view_helpers import problems
from ranking.standings.event_standings import computed_standings
from tournaments.models import Event
from tournaments.rounds.night_sets import event_sets, set_rounds, standings_set


def chosen_set(request: HttpRequest, event: Event) -> tuple[int | None, list[dict[str, Any]]]:
    """The set the page shows (None: the whole night) and the problems with ``?set=``."""
    try:
        return standings_set(event, request.GET.get("set")), []
    except ServiceError as exc:
        return None, problems(exc.errors)


def set_standings(event: Event, number: int) -> list[Any]:
    return computed_standings(event, set_rounds(event, number))


def prize_line(rows: list[Any]) -> dict[str, Any]:
    """The winners (rank 1) and, for a game that counts wins, the most losses and who has them."""
    rows = list(rows)
    winners = [row.player.name for row in rows if row.rank == 1 and row.sessions]
    losses = [(row.stats or {}).get("losses", 0) for row in rows]
    most = max(losses, default=0)
    booby = [
        row.player.name for row, lost in zip(rows, losses, strict=True) if most and lost == most
    ]
    return {"winners": winners, "booby": booby, "most_losses": most}


def prizes(event: Event, night: list[Any]) -> list[dict[str, Any]]:
    """One prize line per set the event has begun, then the night's (``set`` None)."""
    sets = event_sets(event)
    if not sets:
        return []
    lines = [{"set": number, **prize_line(set_standings(event, number))} for number in sets]
    lines.append({"set": None, **prize_line(night)})
    return lines
