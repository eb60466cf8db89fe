"""The club's calendar pages: the nights ahead (anyone sees them; members answer, organizers
plan, a series after seeing its dates with the holidays among them, some skipped) and one night
(anyone sees when, where, the game, its rules and rounds; members who is coming and what it
means for the tables; the organizer answers for a player, cancels the night or opens it as an
event, asked first when that is days early). The players' personal links are ``links``'."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from django.contrib import messages
from django.db import transaction
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
    attach_problems,
    number_from,
    problems,
    refused,
    refused_or_on_form,
    refused_or_told,
)
from tournaments.events.forms import house_choices
from tournaments.models import Event
from week.planning import links, opening, services
from week.planning.forms import NightForm, SkipForm
from week.planning.holidays import clashes
from week.planning.models import Answer, PlannedNight, Recurrence, RsvpLink, Via
from week.planning.selectors import (
    answers_of,
    day_name,
    night_rules,
    nights_ahead,
    outlook,
    with_skipped,
)

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


CALENDAR_NIGHTS = 20


def club_nights(request: HttpRequest, slug: str) -> HttpResponse:
    """The club's calendar: its nights ahead (and the dates a series skipped) for anyone;
    members answer and see who is coming and the calendar's address; organizers plan."""
    club = get_object_or_404(Club, slug=slug)
    if request.method == "POST":
        if not has_role(request, club.pk, ORGANIZER):
            return refused(request)
        return plan(request, club)
    return calendar_page(request, club, NightForm(house=house_choices(club.pk)))


def calendar_page(
    request: HttpRequest, club: Club, form: NightForm, status: int = 200
) -> HttpResponse:
    is_member = has_role(request, club.pk, MEMBERS)
    is_organizer = is_member and has_role(request, club.pk, ORGANIZER)
    player = player_for_user(request.user) if is_member else None
    member = (
        player if player and Membership.objects.filter(club=club, player=player).exists() else None
    )
    link = RsvpLink.objects.filter(club=club, player=member).first() if member else None
    ahead = list(nights_ahead(club).select_related("club")[: CALENDAR_NIGHTS + 1])
    nights = with_answers(ahead[:CALENDAR_NIGHTS], member) if is_member else ahead[:CALENDAR_NIGHTS]
    for night in nights:
        night.rules = night_rules(night)  # type: ignore[attr-defined]
    context: dict[str, Any] = {
        "club": club,
        "form": form,
        "is_member": is_member,
        "is_organizer": is_organizer,
        "player": member,
        "entries": with_skipped(club, nights, more=len(ahead) > CALENDAR_NIGHTS),
        "link": link,
    }
    if is_member:
        feed = links.club_calendar_read(club=club, actor=request.user)
        context["feed_url"] = request.build_absolute_uri(links.club_calendar_path(club, feed))
    return render(request, "planning/club_nights.html", context, status=status)


def plan(request: HttpRequest, club: Club) -> HttpResponse:
    """The organizer's plan: a night planned once at once; a series first shows its dates, the
    holidays among them ticked to skip (``step`` "plan" plans it, "change" goes back to the
    form)."""
    form = NightForm(request.POST, house=house_choices(club.pk))
    if not form.is_valid():
        return calendar_page(request, club, form, status=400)
    night = form.night()
    step = request.POST.get("step", "")
    if step == "change":
        return calendar_page(request, club, form)
    series = night["recurrence"] != Recurrence.ONCE
    if series and step != "plan":
        try:
            with transaction.atomic():  # the same write, taken back: its problems now
                services.night_plan(club=club, actor=request.user, **night)
                transaction.set_rollback(True)
        except ServiceError as exc:
            if (answer := refused_or_on_form(request, exc, form)) is not None:
                return answer
            return calendar_page(request, club, form, status=exc.status_code)
        days = clashes(form.dates())
        chosen = SkipForm(dates=form.dates(), initial={"skip": [d.isoformat() for d in days]})
        return dates_page(request, club, form, chosen)
    skip_form = SkipForm(request.POST, dates=form.dates()) if series else None
    if skip_form is not None and not skip_form.is_valid():
        return dates_page(request, club, form, skip_form, status=400)
    try:
        planned = services.night_plan(
            club=club,
            actor=request.user,
            skip=skip_form.skipped() if skip_form is not None else (),
            **night,
        )
    except ServiceError as exc:
        if exc.status_code == 403:
            return refused(request, exc)
        if skip_form is not None and any(p.get("field") == "skip" for p in exc.errors):
            attach_problems(skip_form, problems(exc.errors))
            return dates_page(request, club, form, skip_form, status=exc.status_code)
        attach_problems(form, problems(exc.errors))
        return calendar_page(request, club, form, status=exc.status_code)
    skipped = len(skip_form.skipped()) if skip_form is not None else 0
    told = ngettext("%(n)s night planned.", "%(n)s nights planned.", len(planned)) % {
        "n": len(planned)
    }
    if skipped:
        told += " " + ngettext("%(n)s date skipped.", "%(n)s dates skipped.", skipped) % {
            "n": skipped
        }
    messages.success(request, told)
    return redirect("planning:club_nights", slug=club.slug)


def dates_page(
    request: HttpRequest, club: Club, form: NightForm, skip_form: SkipForm, status: int = 200
) -> HttpResponse:
    """A series' dates before it is planned: each with the holiday it falls on, if any, and
    its box to skip it; the night's fields go along hidden."""
    dates = form.dates()
    days = clashes(dates)
    boxes = list(skip_form["skip"].subwidgets)
    rows = [
        {"date": day, "day": days.get(day), "day_name": day_name(days.get(day)), "box": box}
        for day, box in zip(dates, boxes, strict=True)
    ]
    data = form.cleaned_data
    return render(
        request,
        "planning/plan_dates.html",
        {
            "club": club,
            "form": form,
            "skip_form": skip_form,
            "rows": rows,
            "clashing": len(days),
            "night": data,
            "rules": rules_named(data["game"], data["ruleset"], club),
        },
        status=status,
    )


def rules_named(game: str, ruleset: str, club: Club) -> str:
    """The rules a night of ``game`` under ``ruleset`` plays, named (its game's usual ones
    when empty)."""
    found = night_rules(PlannedNight(club=club, game=game, ruleset=ruleset))
    return found.name if found is not None else ruleset


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
            "rules": night_rules(night),
            "outlook": getattr(night, "outlook", None),
            "is_member": is_member,
            "is_organizer": is_organizer,
            "is_scorer": is_member and has_role(request, night.club_id, SCORERS),
            "player": player,
            "members": members,
            "days_ahead": opening.days_ahead(night),
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
