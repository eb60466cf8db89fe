"""Paper for a Bonko night: each team's score card (a grid to punch, one box per round, six per
set) and each table's tally (the running team scores, the final scores, the roll-off, the
called Bonkos and who won) for a round, printed from the teams page or the round page."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from clubs.selectors import SCORERS
from clubs.view_helpers import has_role
from core.parsing import whole_number
from core.view_helpers import refused
from tournaments.models import Event, EventTeam, Round
from tournaments.rounds.night_sets import event_sets, label_rounds, rounds_per_set
from tournaments.rounds.views import queries
from tournaments.teams.services import plays_in_teams

MAX_SETS = 6
TALLY_LINES = 12


def team_cards(event: Event, sets: int) -> list[dict[str, Any]]:
    """One card per team: its name, its players and per set the boxes to punch."""
    per_set = rounds_per_set(event) or 6
    grid = [(number, list(range(1, per_set + 1))) for number in range(1, sets + 1)]
    return [
        {"team": team, "grid": grid}
        for team in EventTeam.objects.filter(event=event).select_related("first", "second")
    ]


def table_tallies(round_: Round | None) -> list[dict[str, Any]]:
    """One tally per table of the round: the two teams by their names and players (the one
    already there first, and who rolls first), the King's table marked, and where the teams go
    after the round (``games.bonko.plugin.tables``)."""
    if round_ is None:
        return []
    return [
        {
            "table": state.table,
            "king": bool(state.words.title),
            "words": state.words,
            "lines": range(TALLY_LINES),
        }
        for state in queries.round_tables(round_)
    ]


def score_cards(request: HttpRequest, event_id: int) -> HttpResponse:
    """The teams' score cards and the table tallies of a round (``?round=<id>``, else the
    last round); ``?sets=N`` prints N sets of boxes on each card."""
    event = get_object_or_404(Event.objects.select_related("club"), pk=event_id)
    if not has_role(request, event.club_id, SCORERS):
        return refused(request)
    if not plays_in_teams(event):
        return render(request, "bonko/cards.html", {"event": event, "no_teams": True}, status=404)
    rounds = Round.objects.filter(event=event)
    wanted = whole_number(request.GET.get("round") or "")
    round_ = (
        rounds.filter(pk=wanted).first()
        if wanted is not None
        else rounds.order_by("-number").first()
    )
    if round_ is not None:
        label_rounds(event, [round_])
    sets = whole_number(request.GET.get("sets") or "") or max(len(event_sets(event)), 1)
    sets = min(max(sets, 1), MAX_SETS)
    return render(
        request,
        "bonko/cards.html",
        {
            "event": event,
            "round": round_,
            "cards": team_cards(event, sets),
            "tallies": table_tallies(round_),
            "sets": sets,
            "set_choices": range(1, MAX_SETS + 1),
        },
    )
