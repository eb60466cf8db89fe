"""The door (``/door/<token>/``): a player picks their name or signs in and checks in, says
"I'm leaving after this round", and sees their table and seat once the round starts. And
``/me/``: a signed-in player's seat at each of their events that is still on.

The phone's door id is made on its first visit and lives in its session
(``tournaments.door.device``, which the API's door reads too): nobody names their own; the
services in ``tournaments.door.services`` decide everything, ``tournaments.door.limits`` counts
the writes.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Exists, OuterRef
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from clubs.access.throttle import client_address
from clubs.models import Player
from clubs.selectors import player_for_user
from core.errors import ServiceError, TooManyAttempts
from core.parsing import whole_number
from core.refusals import anchored
from core.view_helpers import is_htmx, problems
from tournaments import provided
from tournaments.door import services as door_services
from tournaments.door.device import door_device, session_device
from tournaments.door.limits import door_wait
from tournaments.door.views.my_seat import MySeat, my_events, my_seat
from tournaments.models import Event, EventPlayer

POLL_SECONDS = 5
RSVP_ORDER = {"yes": 0, "maybe": 1}


def _me(request: HttpRequest, event: Event) -> Player | None:
    """Who this phone is at the event: the signed-in player, or the name it checked in."""
    if request.user.is_authenticated:
        return player_for_user(request.user)
    digest = door_services.device_digest(session_device(request))
    entry = (
        EventPlayer.objects.filter(event=event, door_device=digest).select_related("player").first()
        if digest
        else None
    )
    return entry.player if entry else None


def _names(event: Event) -> list[Any]:
    """The club's members (a member not on the event's list is entered when checking in)."""
    here = EventPlayer.objects.filter(event=event, player=OuterRef("pk"), present=True)
    names = list(
        Player.objects.filter(memberships__club_id=event.club_id)
        .annotate(here=Exists(here))
        .order_by("name", "pk")
    )
    # Those who said they are coming to the planned night first.
    answers = provided.rsvp_answers(event)
    for player in names:
        player.rsvp = answers.get(player.pk, "")  # type: ignore[attr-defined]
    return sorted(names, key=lambda player: RSVP_ORDER.get(answers.get(player.pk, ""), 2))


def _stale(request: HttpRequest, exc: ServiceError) -> HttpResponse:
    return render(
        request, "tournaments/door_stale.html", {"errors": problems(exc.errors)}, status=404
    )


def door_page(
    request: HttpRequest, token: str, errors: list | None = None, status: int = 200
) -> HttpResponse:
    try:
        event = door_services.door_event(token)
    except ServiceError as exc:
        return _stale(request, exc)
    door_device(request)
    me = _me(request, event)
    seat = my_seat(event, me, request.user) if me is not None else None
    if is_htmx(request):
        return render(request, "tournaments/_my_seat.html", {"seat": seat, "token": token})
    no_player = request.user.is_authenticated and me is None
    return render(
        request,
        "tournaments/door.html",
        {
            "event": event,
            "token": token,
            "seat": seat,
            "no_player": no_player,
            "names": [] if seat is not None and seat.present else _names(event),
            "errors": errors or [],
            "poll_seconds": POLL_SECONDS,
            "finished": event.status == Event.Status.FINISHED,
        },
        status=status,
    )


def _too_many(request: HttpRequest, token: str, wait: int) -> HttpResponse:
    minutes = max(wait // 60, 1)
    message = ngettext(
        "Too many check-ins from here; try again in %(minutes)s minute, or ask the organizer.",
        "Too many check-ins from here; try again in %(minutes)s minutes, or ask the organizer.",
        minutes,
    ) % {"minutes": minutes}
    response = door_page(request, token, [{"text": message, "code": "too_many"}], status=429)
    response["Retry-After"] = str(wait)
    return response


@require_POST
def door_check_in(request: HttpRequest, token: str) -> HttpResponse:
    device = door_device(request)
    if (wait := door_wait(request, device)) > 0:
        return _too_many(request, token, wait)
    player_id = whole_number(request.POST.get("player", ""))
    player = Player.objects.filter(pk=player_id).first() if player_id else None
    if player_id and player is None:
        return door_page(
            request,
            token,
            [{"text": _("That name is not on the list (any more)."), "code": "unknown_player"}],
            status=400,
        )
    try:
        entry, now = door_services.door_check_in(
            token=token,
            actor=request.user,
            player=player,
            device=device,
            address=client_address(request),
        )
    except ServiceError as exc:
        if exc.status_code == 404:
            return _stale(request, exc)
        tapped = f"door-player-{player.pk}" if player is not None else "door-check-in"
        found = anchored(problems(exc.errors), {None: tapped})
        refused = door_page(request, token, found, status=exc.status_code)
        if isinstance(exc, TooManyAttempts):
            refused["Retry-After"] = str(exc.retry_after)
        return refused
    messages.success(
        request,
        (
            _("Welcome, %(name)s: you are checked in.")
            if now
            else _("%(name)s, you were already checked in; this phone shows where you sit.")
        )
        % {"name": entry.player.name},
    )
    return redirect("public:door_page", token=token)


@require_POST
def door_leaving(request: HttpRequest, token: str) -> HttpResponse:
    device = door_device(request)
    if (wait := door_wait(request, device)) > 0:
        return _too_many(request, token, wait)
    try:
        event = door_services.door_event(token)
    except ServiceError as exc:
        return _stale(request, exc)
    me = _me(request, event)
    if me is None:
        return door_page(
            request, token, [{"text": _("Check in first."), "code": "not_in"}], status=400
        )
    try:
        _leaving(request, event, me, device)
    except ServiceError as exc:
        found = anchored(problems(exc.errors), {None: f"leaving-{event.pk}"})
        return door_page(request, token, found, status=exc.status_code)
    return redirect("public:door_page", token=token)


def _leaving(request: HttpRequest, event: Event, me: Player, device: str) -> None:
    leaving = request.POST.get("leaving") == "1"
    entry = door_services.entry_leaving(
        event=event, actor=request.user, player=me, leaving=leaving, device=device
    )
    if leaving:
        messages.success(
            request,
            _("Noted: you leave after round %(n)s. Thank you for playing!")
            % {"n": entry.leaving_after},
        )
    else:
        messages.success(request, _("Noted: you stay."))


@login_required
def me_page(request: HttpRequest) -> HttpResponse:
    """A signed-in player's seat at each of their events that is still on (polled)."""
    player = player_for_user(request.user)
    seats: list[MySeat] = []
    if player is not None:
        seats = [my_seat(event, player, request.user) for event in my_events(player)]
    template = "tournaments/_me_seats.html" if is_htmx(request) else "tournaments/me.html"
    return render(
        request, template, {"player": player, "seats": seats, "poll_seconds": POLL_SECONDS}
    )


@login_required
@require_POST
def me_leaving(request: HttpRequest, event_id: int) -> HttpResponse:
    event = get_object_or_404(Event, pk=event_id)
    player = player_for_user(request.user)
    if player is None:
        messages.error(request, _("Your login is not linked to a player; ask the organizer."))
        return redirect(reverse("public:me_page"))
    try:
        _leaving(request, event, player, "")
    except ServiceError as exc:
        for problem in problems(exc.errors):
            messages.error(request, problem["text"])
    return redirect(reverse("public:me_page"))
