"""The blank paper score sheets of a round, one per table with the players' names filled in:
each game's own sheet (``games.views``)."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from clubs.selectors import SCORERS
from clubs.web import has_role
from core.web import refused
from games.registry import get_game
from games.views.bonanza import blank_sheet as bonanza_blank_sheet
from games.views.sheet import blank_sheet, event_ruleset_or_none
from tournaments.house_rules import event_ruleset
from tournaments.web import queries
from tournaments.web.rounds import staff_round


def score_sheets(request: HttpRequest, round_id: int) -> HttpResponse:
    """A blank paper score sheet per table, the players' names filled in."""
    round_ = staff_round(request, round_id)
    if not has_role(request, round_.event.club_id, SCORERS):
        return refused(request)
    event = round_.event
    ruleset = event_ruleset_or_none(event) if event.game == "bonken" else None
    sheet = blank_sheet(ruleset) if ruleset else {"minus": [], "plus": []}
    rounds = 0
    if event.game == "jonkler":
        played = event_ruleset(event.club_id, event.game, event.ruleset) \
            or get_game(event.game).rulesets[event.ruleset]
        rounds = played.rounds
    return render(request, "tournaments/print_sheets.html", {
        "round": round_, "event": event, "tables": queries.round_tables(round_),
        "sheet": sheet, "ruleset": ruleset, "jonkler_rounds": range(1, rounds + 1),
        "bonanza": bonanza_blank_sheet() if event.game == "bonanza" else None,
    })
