"""The event's page (the organizer's) says which leagues the event counts for, and offers to
count it as a league night of a league its club plays in (``{% event_leagues event %}``,
loaded by name: the event's pages import nothing of the leagues). A refused mark draws the
event's page again (``core.refusals.page_again``) with the problem on this form."""

from typing import Any

from django import template

from clubs.selectors import ORGANIZER, user_has_role
from core.refusals import refusal_of, refused_data
from core.view_helpers import attach_problems
from leagues.forms import LeagueChoiceForm
from leagues.views import queries
from tournaments.models import Event

register = template.Library()
PREFIX = "league"


@register.inclusion_tag("leagues/_event_leagues.html", takes_context=True)
def event_leagues(context: dict[str, Any], event: Event) -> dict[str, Any]:
    request = context["request"]
    if not user_has_role(request.user, event.club_id, ORGANIZER):
        return {"shown": False}
    marks, leagues = queries.event_leagues(event)
    kept = refused_data(request)
    mine = f"{PREFIX}-league" in kept
    # Drawn again for a refused mark: the choices the mark was checked against.
    choices = queries.club_member_leagues(event) if mine else leagues
    form = LeagueChoiceForm(kept if mine else None, leagues=choices, prefix=PREFIX)
    if mine and form.is_valid():
        attach_problems(form, refusal_of(request))
    return {
        "shown": bool(marks or choices),
        "event": event,
        "marks": marks,
        "league_form": form,
        "csrf_token": context.get("csrf_token"),
        "request": request,
    }
