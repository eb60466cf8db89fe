"""The blank paper score sheets of a round, one per table with the players' names filled in:
each game's own sheet (its plug-in's ``blank_sheet`` part)."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from clubs.selectors import SCORERS
from clubs.view_helpers import has_role
from core.view_helpers import refused
from tournaments.game_plugins import game_plugin
from tournaments.rounds.views import queries
from tournaments.rounds.views.rounds import staff_round


def score_sheets(request: HttpRequest, round_id: int) -> HttpResponse:
    """A blank paper score sheet per table, the players' names filled in."""
    round_ = staff_round(request, round_id)
    if not has_role(request, round_.event.club_id, SCORERS):
        return refused(request)
    event = round_.event
    return render(
        request,
        "tournaments/print_sheets.html",
        {
            **game_plugin(event.game).blank_sheet_context(event),
            "round": round_,
            "event": event,
            "tables": queries.round_tables(round_),
        },
    )
