"""One night's pages: anyone sees when, where, which game under which rules and how many
rounds; its members answer and see who is coming and what it means for the tables; its organizer
answers for a player (no answer looks chosen until the player has one), cancels the night or
opens it as an event, asked first when that is days early."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import Resolver404, resolve, reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from clubs.models import Player
from clubs.selectors import MEMBERS, ORGANIZER, SCORERS, player_for_user
from clubs.view_helpers import has_role
from core.errors import ServiceError
from core.refusals import anchored, page_again, refused_data
from core.view_helpers import number_from, problems, refused, refused_or_told
from tournaments.models import Event
from week.planning import opening, services
from week.planning.models import PlannedNight, Rsvp, Via
from week.planning.selectors import night_rules
from week.planning.views.calendar import ANSWERED, with_answers


def _back(request: HttpRequest, default: str) -> HttpResponse:
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(
        target, {request.get_host()}, request.is_secure()
    ):
        return redirect(target)
    return redirect(default)


def _night(request: HttpRequest, night_id: int) -> PlannedNight:
    return get_object_or_404(PlannedNight.objects.select_related("club", "event"), pk=night_id)


def night_page(request: HttpRequest, night_id: int) -> HttpResponse:
    """A night for anyone: when, where, which game under which rules and how many rounds;
    its members also answer and see who is coming and its notes, its organizer opens or
    cancels it."""
    night = _night(request, night_id)
    is_member = has_role(request, night.club_id, MEMBERS)
    player = player_for_user(request.user) if is_member else None
    if is_member:
        with_answers([night], player)
    is_organizer = is_member and has_role(request, night.club_id, ORGANIZER)
    members = (
        list(Player.objects.filter(memberships__club_id=night.club_id).order_by("name", "pk"))
        if is_organizer
        else []
    )
    answer_for = answering_for(request, night, members)
    return render(
        request,
        "planning/night.html",
        {
            "night": night,
            "club": night.club,
            "rules": night_rules(night),
            "outlook": getattr(night, "outlook", None),
            "is_member": is_member,
            "is_organizer": is_organizer,
            "is_scorer": is_member and has_role(request, night.club_id, SCORERS),
            "player": player,
            "members": members,
            "answer_for": answer_for,
            "days_ahead": opening.days_ahead(night),
        },
    )


def answering_for(
    request: HttpRequest, night: PlannedNight, members: list[Player]
) -> Player | None:
    """The organizer's answer for a player: each member with their answer to the night
    (``answer``, "" when none yet), and the member the form has chosen: the one just answered
    for (``?player=``) or sent in a refused answer, else none, so no answer looks chosen
    before there is one."""
    answers = dict(Rsvp.objects.filter(night=night).values_list("player_id", "answer"))
    for member in members:
        member.answer = answers.get(member.pk, "")  # type: ignore[attr-defined]
    sent = refused_data(request).get("player") or request.GET.get("player")
    chosen = number_from({"player": sent}, "player")
    return next((member for member in members if member.pk == chosen), None)


@require_POST
def night_answer(request: HttpRequest, night_id: int) -> HttpResponse:
    """The signed-in player's answer (from their account or the club page), or an organizer's
    for the player named."""
    night = _night(request, night_id)
    if not request.user.is_authenticated:
        return refused(request)
    chosen = number_from(request.POST, "player")
    if chosen is None and "player" in request.POST:  # the organizer's form, no player chosen
        found = [{"text": _("Choose the player to answer for."), "anchor": "answer-player"}]
        return answered_again(request, night, found, 400)
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
            page = reverse("planning:night_page", args=[night.pk])
            return _back(request, f"{page}?player={player.pk}#answer-player")
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
    """Open the night as its event. More than a day before the night the page asks first
    (``confirmed``), a form of its own, so it asks without script too."""
    night = _night(request, night_id)
    early = opening.days_ahead(night)
    if early > 1 and request.POST.get("confirmed") != "1" and night.event_id is None:
        if not has_role(request, night.club_id, ORGANIZER):
            return refused(request)
        return render(
            request,
            "planning/open_early.html",
            {"night": night, "club": night.club, "days_ahead": early},
        )
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
