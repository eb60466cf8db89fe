"""The club's calendar page: the nights ahead (anyone sees them; members answer, organizers
plan, a series after seeing its dates with the holidays among them, some skipped). One night's
pages are ``night``'s, the players' personal links ``links``'."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_POST

from clubs.models import Club, Membership, Player
from clubs.selectors import MEMBERS, ORGANIZER, player_for_user
from clubs.view_helpers import has_role
from core.errors import ServiceError
from core.view_helpers import (
    attach_problems,
    problems,
    refused,
    refused_or_told,
)
from tournaments.events.forms import house_choices
from week.planning import links, services
from week.planning.forms import NightForm, SkipForm
from week.planning.holidays import clashes
from week.planning.models import Answer, PlannedNight, Recurrence, RsvpLink
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
            if exc.status_code == 403:
                return refused(request, exc)
            form.take_problems(problems(exc.errors))
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
        form.take_problems(problems(exc.errors))
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
