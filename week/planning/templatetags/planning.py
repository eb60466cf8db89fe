"""The club page's nights ahead with the answer buttons (``{% club_nights club %}``); a game's
name comes from ``event_games``'s ``|game_name``."""

from typing import Any

from django import template

from clubs.models import Club, Membership
from clubs.selectors import ORGANIZER, player_for_user, user_has_role
from week.planning.selectors import nights_ahead
from week.planning.views.calendar import with_answers

register = template.Library()
CLUB_PAGE_NIGHTS = 3


@register.inclusion_tag("planning/_club_nights.html", takes_context=True)
def club_nights(context: dict[str, Any], club: Club) -> dict[str, Any]:
    request = context["request"]
    player = player_for_user(request.user)
    if player is not None and not Membership.objects.filter(club=club, player=player).exists():
        player = None
    nights = list(nights_ahead(club).select_related("club")[:CLUB_PAGE_NIGHTS])
    return {
        "request": request,
        "csrf_token": context.get("csrf_token"),
        "club": club,
        "player": player,
        "nights": with_answers(nights, player),
        "is_organizer": user_has_role(request.user, club.pk, ORGANIZER),
    }
