"""The club page's nights ahead (``{% club_nights club %}``): for anyone, each night a link to
its page, with the dates a series skipped among them; a member's with the answer buttons. A
game's name comes from ``event_games``'s ``|game_name``."""

from typing import Any

from django import template

from clubs.models import Club, Membership
from clubs.selectors import MEMBERS, ORGANIZER, player_for_user, user_has_role
from week.planning.selectors import nights_ahead, with_skipped
from week.planning.views.calendar import with_answers

register = template.Library()
CLUB_PAGE_NIGHTS = 3


@register.inclusion_tag("planning/_club_nights.html", takes_context=True)
def club_nights(context: dict[str, Any], club: Club) -> dict[str, Any]:
    request = context["request"]
    is_member = user_has_role(request.user, club.pk, MEMBERS)
    player = player_for_user(request.user) if is_member else None
    if player is not None and not Membership.objects.filter(club=club, player=player).exists():
        player = None
    ahead = list(nights_ahead(club).select_related("club")[: CLUB_PAGE_NIGHTS + 1])
    nights = ahead[:CLUB_PAGE_NIGHTS]
    if is_member:
        nights = with_answers(nights, player)
    return {
        "request": request,
        "csrf_token": context.get("csrf_token"),
        "club": club,
        "player": player,
        "entries": with_skipped(club, nights, more=len(ahead) > CLUB_PAGE_NIGHTS),
        "is_organizer": is_member and user_has_role(request.user, club.pk, ORGANIZER),
    }
