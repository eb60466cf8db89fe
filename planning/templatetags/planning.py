"""The club page's nights ahead with the answer buttons (``{% club_nights club %}``), and a
game's name in the page's language (``|game_name``)."""

from typing import Any

from django import template

from clubs.models import Club, Membership
from clubs.selectors import ORGANIZER, player_for_user, user_has_role
from planning.feeds import game_name as _game_name
from planning.pages import with_answers
from planning.selectors import nights_ahead

register = template.Library()
CLUB_PAGE_NIGHTS = 3


@register.filter
def game_name(code: str) -> str:
    return _game_name(code)


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
