"""Personal codes for a whole night: the organizer issues a code to every player checked in
and prints them as slips to cut and hand out. The write is
``clubs.access.codes.player_codes_issue``; the slips page is the one place the new codes are shown
(only their hashes are kept).

Each slip leads where its player can go without an account: the night's page (the door, as a
QR code and a link); only a player with an account is told of the account page, where they
may choose a code of their own."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.cache import never_cache

from clubs.access.codes import player_codes_issue
from clubs.models import Player, PlayerCode
from clubs.selectors import ORGANIZER
from clubs.view_helpers import has_role
from core.errors import NotAllowed
from core.view_helpers import qr_svg, refused
from tournaments.events.views.organizer import staff_event
from tournaments.models import Event


def night_players(event: Event) -> list[Player]:
    """The players checked in for the event, in name order."""
    return list(
        Player.objects.filter(entries__event=event, entries__present=True).order_by("name", "pk")
    )


@never_cache
def night_codes(request: HttpRequest, event_id: int) -> HttpResponse:
    """GET: who gets a code (and who keeps their own); POST: issue them and show the slips."""
    event = staff_event(request, event_id)
    if not has_role(request, event.club_id, ORGANIZER):
        return refused(request)
    players = night_players(event)
    if request.method == "POST" and players:
        try:
            issued = player_codes_issue(
                actor=request.user,
                club_id=event.club_id,
                player_ids=[p.pk for p in players],
                replace_own=request.POST.get("replace_own") == "1",
            )
        except NotAllowed as exc:
            return refused(request, exc)
        night = request.build_absolute_uri(reverse("public:door_page", args=[event.door_token]))
        response = render(
            request,
            "tournaments/code_slips.html",
            {"event": event, "issued": issued, "night": night, "night_qr": qr_svg(night)},
        )
        response["Cache-Control"] = "no-store"  # the codes are shown once, never kept
        return response
    states = dict(PlayerCode.objects.filter(player__in=players).values_list("player_id", "issued"))
    rows = [
        (p, "none" if p.pk not in states else "issued" if states[p.pk] else "own") for p in players
    ]
    return render(
        request,
        "tournaments/night_codes.html",
        {
            "event": event,
            "rows": rows,
            "own": sum(1 for _p, state in rows if state == "own"),
        },
    )
