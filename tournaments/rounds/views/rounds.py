"""A round on the organizer's screen: the table plan (swap two players), start it, follow
the tables while they play, close it; and the printed table cards (the blank score sheets
are the games': ``web.pages.views.sheets``)."""

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.selectors import ORGANIZER, SCORERS
from clubs.view_helpers import has_role
from core.errors import ServiceError
from core.view_helpers import (
    is_htmx,
    qr_svg,
    refused,
    refused_or_on_form,
    refused_or_told,
)
from tournaments.models import Round
from tournaments.rounds import services as round_services
from tournaments.rounds import timer
from tournaments.rounds.forms import SeatRoundForm, SwapForm
from tournaments.rounds.lifecycle import table_names, unfinished_tables
from tournaments.rounds.night_sets import label_rounds
from tournaments.rounds.reseating import seating_results_protected
from tournaments.rounds.services import GENERATED_METHODS
from tournaments.rounds.timer import clock_text, timer_state
from tournaments.rounds.views import queries, substitutes

POLL_SECONDS = 10


def staff_round(request: HttpRequest, round_id: int) -> Round:
    return get_object_or_404(Round.objects.select_related("event__club"), pk=round_id)


def _swap_form(round_: Round, data: dict | None = None) -> SwapForm:
    tables = queries.round_tables(round_)
    players = [
        (p.pk, _("%(name)s (table %(n)s)") % {"name": p.name, "n": t.table.number})
        for t in tables
        for p in t.players
    ]
    players += [
        (p.pk, _("%(name)s (sits out)") % {"name": p.name}) for p in queries.round_byes(round_)
    ]
    return SwapForm(data, players=sorted(players, key=lambda c: c[1]))


def unfinished_choices(round_: Round) -> list[dict[str, object]]:
    """The round's unfinished tables for the close form: number, players."""
    return [{"number": t.number, "names": table_names(t)} for t in unfinished_tables(round_)]


def round_page(
    request: HttpRequest, round_id: int, swap_form: SwapForm | None = None, status: int = 200
) -> HttpResponse:
    round_ = staff_round(request, round_id)
    if not has_role(request, round_.event.club_id, SCORERS):
        return refused(request)
    label_rounds(round_.event, [round_])
    context: dict[str, Any] = {
        "round": round_,
        "event": round_.event,
        "tables": queries.round_tables(round_),
        "byes": queries.round_byes(round_),
        "poll_seconds": POLL_SECONDS,
        "is_organizer": has_role(request, round_.event.club_id, ORGANIZER),
        "timer": timer_state(round_),
    }
    context["timer_text"] = clock_text(context["timer"]["remaining"])
    if context["is_organizer"] and round_.status == Round.Status.PLAYING and not is_htmx(request):
        context["unfinished"] = unfinished_choices(round_)
        context["stand_ins"] = substitutes.candidates(round_)
    context["substitutions"] = substitutes.substitutions(round_)
    if round_.status == Round.Status.PLANNED and not is_htmx(request):
        method = round_.seating_method
        own = method if method not in (*GENERATED_METHODS, "manual", "") else ""
        context["seat_form"] = SeatRoundForm(initial={"method": method}, own=own)
        context["meet_again"] = queries.meetings_again(round_)
    if is_htmx(request):
        return render(request, "tournaments/_round_tables.html", context)
    context["swap_form"] = swap_form or _swap_form(round_)
    return render(request, "tournaments/round.html", context, status=status)


@require_POST
def round_swap(request: HttpRequest, round_id: int) -> HttpResponse:
    round_ = staff_round(request, round_id)
    form = _swap_form(round_, request.POST)
    if form.is_valid():
        try:
            round_services.round_swap(round_=round_, actor=request.user, **form.cleaned_data)
        except ServiceError as exc:
            if (answer := refused_or_on_form(request, exc, form)) is not None:
                return answer
        else:
            messages.success(request, _("The two players swapped places."))
            return redirect("manage:round_page", round_id=round_.pk)
    if not has_role(request, round_.event.club_id, SCORERS):
        return refused(request)
    return round_page(request, round_id, swap_form=form, status=400)


def _command(request: HttpRequest, round_id: int, command: str) -> HttpResponse:
    round_ = staff_round(request, round_id)
    try:
        if command == "accept":
            round_services.round_accept(round_=round_, actor=request.user)
            messages.success(request, _("The round has started: the tables can play."))
        else:
            if round_.status != Round.Status.PLANNED:
                return redirect("manage:round_page", round_id=round_.pk)
            form = SeatRoundForm(request.POST)
            method = form.cleaned_data["method"] if form.is_valid() else None
            with seating_results_protected():
                round_ = round_services.round_generate(
                    event=round_.event, actor=request.user, method=method
                )
            messages.success(request, _("The round is seated again."))
    except ServiceError as exc:
        if (answer := refused_or_told(request, exc)) is not None:
            return answer
    return redirect("manage:round_page", round_id=round_.pk)


@require_POST
def round_timer(request: HttpRequest, round_id: int) -> HttpResponse:
    """The timer's buttons on the round page: start (with minutes), pause, reset."""
    round_ = staff_round(request, round_id)
    try:
        timer.round_timer(
            actor=request.user,
            round_=round_,
            action=request.POST.get("action", ""),
            minutes=request.POST.get("minutes") or None,
        )
    except ServiceError as exc:
        if (answer := refused_or_told(request, exc)) is not None:
            return answer
    else:
        messages.success(
            request,
            {
                "start": _("The round's timer runs."),
                "pause": _("The round's timer is paused."),
                "reset": _("The round's timer is reset."),
            }[request.POST["action"]],
        )
    return redirect("manage:round_page", round_id=round_.pk)


@require_POST
def round_accept(request: HttpRequest, round_id: int) -> HttpResponse:
    return _command(request, round_id, "accept")


@require_POST
def round_regenerate(request: HttpRequest, round_id: int) -> HttpResponse:
    return _command(request, round_id, "regenerate")


def table_cards(request: HttpRequest, round_id: int) -> HttpResponse:
    """One card per table: who sits where, and the scoring link as text and QR code."""
    round_ = staff_round(request, round_id)
    if not has_role(request, round_.event.club_id, SCORERS):
        return refused(request)
    cards = []
    for state in queries.round_tables(round_):
        link = request.build_absolute_uri(
            reverse("scoring:table_page", args=[state.table.scoring_token])
        )
        cards.append({"state": state, "link": link, "qr": qr_svg(link)})
    return render(
        request,
        "tournaments/print_cards.html",
        {"round": round_, "event": round_.event, "cards": cards},
    )
