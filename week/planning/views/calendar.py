"""The club's calendar pages: the nights ahead (members answer, organizers plan), one night
(who is coming and what it means for the tables; the organizer answers for a player, cancels
the night or opens it as an event). The players' personal links are ``links``'."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import Resolver404, resolve, reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_POST

from clubs.models import Club, Membership, Player
from clubs.selectors import MEMBERS, ORGANIZER, SCORERS, player_for_user
from clubs.view_helpers import has_role
from core.errors import ServiceError
from core.refusals import anchored, page_again
from core.view_helpers import (
    number_from,
    problems,
    refused,
    refused_or_on_form,
    refused_or_told,
)
from tournaments.models import Event
from week.planning import links, opening, services
from week.planning.forms import NightForm
from week.planning.models import Answer, PlannedNight, RsvpLink, Via
from week.planning.selectors import answers_of, nights_ahead, outlook

ANSWERED: dict[str, Any] = {
    Answer.YES: gettext_lazy("Noted: you are coming."),
    Answer.NO: gettext_lazy("Noted: you are not coming."),
    Answer.MAYBE: gettext_lazy("Noted: maybe."),
}


def _back(request: HttpRequest, default: str) -> HttpResponse:
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(
        target, {request.get_host()}, request.is_secure()
    ):
        return redirect(target)
    return redirect(default)


def with_answers(nights: list[PlannedNight], player: Player | None) -> list[PlannedNight]:
    """The nights, each with the player's answer (``my_answer``) and its outlook."""
    mine = answers_of(player, nights) if player is not None else {}
    for night in nights:
        night.my_answer = mine.get(night.pk, "")  # type: ignore[attr-defined]
        night.outlook = outlook(night)  # type: ignore[attr-defined]
    return nights


def club_nights(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    if not has_role(request, club.pk, MEMBERS):
        return refused(request)
    is_organizer = has_role(request, club.pk, ORGANIZER)
    form = NightForm(request.POST or None)
    if request.method == "POST":
        if not is_organizer:
            return refused(request)
        if form.is_valid():
            try:
                planned = services.night_plan(club=club, actor=request.user, **form.night())
            except ServiceError as exc:
                if (answer := refused_or_on_form(request, exc, form)) is not None:
                    return answer
            else:
                messages.success(
                    request,
                    ngettext("%(n)s night planned.", "%(n)s nights planned.", len(planned))
                    % {"n": len(planned)},
                )
                return redirect("planning:club_nights", slug=club.slug)
    player = player_for_user(request.user)
    member = (
        player if player and Membership.objects.filter(club=club, player=player).exists() else None
    )
    link = RsvpLink.objects.filter(club=club, player=member).first() if member else None
    feed = links.club_calendar(club)
    return render(
        request,
        "planning/club_nights.html",
        {
            "club": club,
            "form": form,
            "is_organizer": is_organizer,
            "player": member,
            "nights": with_answers(list(nights_ahead(club).select_related("club")[:20]), member),
            "feed_url": request.build_absolute_uri(
                reverse("planning:club_feed", args=[club.slug, feed.token])
            ),
            "link": link,
        },
        status=400 if form.errors else 200,
    )


def _night(request: HttpRequest, night_id: int) -> PlannedNight:
    return get_object_or_404(PlannedNight.objects.select_related("club", "event"), pk=night_id)


def night_page(request: HttpRequest, night_id: int) -> HttpResponse:
    night = _night(request, night_id)
    if not has_role(request, night.club_id, MEMBERS):
        return refused(request)
    player = player_for_user(request.user)
    with_answers([night], player)
    is_organizer = has_role(request, night.club_id, ORGANIZER)
    members = (
        Player.objects.filter(memberships__club_id=night.club_id).order_by("name", "pk")
        if is_organizer
        else Player.objects.none()
    )
    return render(
        request,
        "planning/night.html",
        {
            "night": night,
            "club": night.club,
            "outlook": night.outlook,  # type: ignore[attr-defined]
            "is_organizer": is_organizer,
            "is_scorer": has_role(request, night.club_id, SCORERS),
            "player": player,
            "members": members,
        },
    )


@require_POST
def night_answer(request: HttpRequest, night_id: int) -> HttpResponse:
    """The signed-in player's answer (from their account or the club page), or an organizer's
    for the player named."""
    night = _night(request, night_id)
    if not request.user.is_authenticated:
        return refused(request)
    chosen = number_from(request.POST, "player")
    player = (
        player_for_user(request.user) if chosen is None else get_object_or_404(Player, pk=chosen)
    )
    if player is None:
        messages.error(request, _("Your login is not linked to a player; ask the organizer."))
        return _back(request, reverse("planning:night_page", args=[night.pk]))
    via = Via.CLUB if request.POST.get("via") == Via.CLUB else Via.ACCOUNT
    try:
        services.rsvp_answer(
            night=night,
            player=player,
            answer=request.POST.get("answer", ""),
            actor=request.user,
            via=via,
        )
    except ServiceError as exc:
        if exc.status_code == 403:
            return refused(request, exc)
        button = "answer-player" if chosen is not None else answer_button(night)
        found = anchored(problems(exc.errors), {None: button if answerable(exc) else ""})
        return answered_again(request, night, found, exc.status_code)
    else:
        own = player_for_user(request.user)
        if own is not None and own.pk == player.pk:
            messages.success(request, ANSWERED.get(request.POST.get("answer", ""), ""))
        else:
            messages.success(request, _("The answer of %(name)s is saved.") % {"name": player.name})
    return _back(request, reverse("planning:night_page", args=[night.pk]))


def answer_button(night: PlannedNight) -> str:
    """The id of the first of a night's answer buttons (``planning/_answer.html``)."""
    return f"rsvp-{night.pk}-yes"


def answerable(exc: ServiceError) -> bool:
    """Whether the night refused still takes answers (its buttons are on the page drawn
    again): not when it was cancelled or is over."""
    return not {error.get("code") for error in exc.errors} & {"night_cancelled", "night_over"}


def answered_again(
    request: HttpRequest, night: PlannedNight, found: list[dict[str, Any]], status: int
) -> HttpResponse:
    """A refused answer: the page it was given on (``next``: the club's page, its nights)
    drawn again with the summary on top and the message at the night's buttons; the night's
    own page otherwise."""
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(
        target, {request.get_host()}, request.is_secure()
    ):
        try:
            match = resolve(urlsplit(target).path)
        except Resolver404:
            match = None
        if match is not None:
            again = page_again(
                request, match.func, found, *match.args, status=status, **match.kwargs
            )
            if again.status_code == status:
                return again
    return page_again(request, night_page, found, night.pk, status=status)


@require_POST
def night_open(request: HttpRequest, night_id: int) -> HttpResponse:
    night = _night(request, night_id)
    try:
        event = opening.night_open(night=night, actor=request.user)
    except ServiceError as exc:
        if (answer := refused_or_told(request, exc)) is not None:
            return answer
        return redirect("planning:night_page", night_id=night.pk)
    messages.success(
        request,
        _(
            "The night is open. Check in who is here: those who said they "
            "are coming are listed first."
        ),
    )
    return redirect("manage:checkin", event_id=event.pk)


@require_POST
def night_cancel(request: HttpRequest, night_id: int) -> HttpResponse:
    night = _night(request, night_id)
    cancelled = request.POST.get("cancelled") == "1"
    try:
        services.night_cancel(night=night, actor=request.user, cancelled=cancelled)
    except ServiceError as exc:
        if (answer := refused_or_told(request, exc)) is not None:
            return answer
    else:
        messages.success(
            request, _("The night is cancelled.") if cancelled else _("The night is on again.")
        )
    return redirect("planning:night_page", night_id=night.pk)


@require_POST
def checkin_coming(request: HttpRequest, event_id: int) -> HttpResponse:
    """Check in at once everyone who said they are coming."""
    event = get_object_or_404(Event, pk=event_id)
    try:
        entries = opening.night_check_in_coming(event=event, actor=request.user)
    except ServiceError as exc:
        if (answer := refused_or_told(request, exc)) is not None:
            return answer
    else:
        messages.success(
            request,
            ngettext(
                "%(n)s player who said they are coming checked in.",
                "%(n)s players who said they are coming checked in.",
                len(entries),
            )
            % {"n": len(entries)},
        )
    return redirect("manage:checkin", event_id=event.pk)


@require_POST
def club_feed_renew(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    try:
        links.club_calendar_renew(club=club, actor=request.user)
    except ServiceError as exc:
        if (answer := refused_or_told(request, exc)) is not None:
            return answer
    else:
        messages.success(request, _("The calendar has a new address; the old one no longer works."))
    return redirect("planning:club_nights", slug=club.slug)
