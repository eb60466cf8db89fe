"""The door on the organizer's side: the printable door sign (the door link as a QR code),
renewing the link, requiring sign-in, the arrivals at the door as they come in (the check-in
page polls them) and taking a door check-in back."""

from __future__ import annotations

from django.contrib import messages
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.models import Player
from clubs.selectors import ORGANIZER, SCORERS
from clubs.view_helpers import has_role
from core.errors import ServiceError
from core.parsing import whole_number
from core.view_helpers import is_htmx, qr_svg, refused, refused_or_told
from tournaments.door import services as door_services
from tournaments.models import Event, EventPlayer

POLL_SECONDS = 5


def staff_event(request: HttpRequest, event_id: int) -> Event:
    return get_object_or_404(Event.objects.select_related("club"), pk=event_id)


def door_url(request: HttpRequest, event: Event) -> str:
    return request.build_absolute_uri(reverse("public:door_page", args=[event.door_token]))


def door_sign(request: HttpRequest, event_id: int) -> HttpResponse:
    """The door sign to print (A4): the event, the QR code and the link written out."""
    event = staff_event(request, event_id)
    if not has_role(request, event.club_id, SCORERS):
        return refused(request)
    link = door_url(request, event)
    return render(
        request,
        "tournaments/door_sign.html",
        {
            "event": event,
            "link": link,
            "qr": qr_svg(link, scale=10),
            "is_organizer": has_role(request, event.club_id, ORGANIZER),
        },
    )


@require_POST
def door_renew(request: HttpRequest, event_id: int) -> HttpResponse:
    event = staff_event(request, event_id)
    try:
        door_services.door_renew(event=event, actor=request.user)
    except ServiceError as exc:
        if (answer := refused_or_told(request, exc)) is not None:
            return answer
    else:
        messages.success(
            request, _("The door has a new link: the old one no longer works. Print the new sign.")
        )
    return redirect("manage:door_sign", event_id=event.pk)


@require_POST
def door_sign_in(request: HttpRequest, event_id: int) -> HttpResponse:
    event = staff_event(request, event_id)
    required = request.POST.get("required") == "1"
    try:
        door_services.door_require_sign_in(event=event, actor=request.user, required=required)
    except ServiceError as exc:
        if (answer := refused_or_told(request, exc)) is not None:
            return answer
    else:
        messages.success(
            request,
            _("Players now sign in to check in at the door.")
            if required
            else _("Players may check in at the door without signing in."),
        )
    return redirect("manage:door_sign", event_id=event.pk)


def arrival_rows(event: Event) -> list[EventPlayer]:
    """Who checked in at the door or is leaving, the latest first."""
    return list(
        EventPlayer.objects.filter(event=event)
        .filter(Q(door_at__isnull=False) | Q(leaving_after__isnull=False))
        .select_related("player")
        .order_by("-door_at", "player__name")
    )


def door_arrivals(request: HttpRequest, event_id: int) -> HttpResponse:
    """The check-in page's live part (polled): the door's arrivals, with their rows in the
    list and the count swapped in too."""
    event = staff_event(request, event_id)
    if not has_role(request, event.club_id, SCORERS):
        return refused(request)
    return render(
        request,
        "tournaments/_door_arrivals.html",
        {
            "event": event,
            "arrivals": arrival_rows(event),
            "poll_seconds": POLL_SECONDS,
            "oob": is_htmx(request),
            "present": EventPlayer.objects.filter(event=event, present=True).count(),
        },
    )


@require_POST
def door_undo(request: HttpRequest, event_id: int) -> HttpResponse:
    event = staff_event(request, event_id)
    player_id = whole_number(request.POST.get("player", ""))
    player = Player.objects.filter(pk=player_id).first() if player_id else None
    if player is None:
        messages.error(request, _("Say whose check-in to take back."))
        return redirect("manage:checkin", event_id=event.pk)
    try:
        door_services.door_undo(event=event, actor=request.user, player=player)
    except ServiceError as exc:
        if (answer := refused_or_told(request, exc)) is not None:
            return answer
    else:
        if is_htmx(request):
            return door_arrivals(request, event_id)
        messages.success(
            request, _("The check-in of %(name)s is taken back.") % {"name": player.name}
        )
    return redirect("manage:checkin", event_id=event.pk)
