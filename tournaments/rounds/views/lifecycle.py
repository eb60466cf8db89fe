"""Closing and reopening on the organizer's pages: a round (asking per unfinished table what
it counts as), an event, and reopening either with a reason."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import ServiceError
from core.refusals import anchored, page_again
from core.view_helpers import problems, refused, refused_or_told
from tournaments.models import Event, Round
from tournaments.models.counted import UNFINISHED_CHOICES
from tournaments.rounds import lifecycle
from tournaments.rounds.lifecycle import unfinished_tables
from tournaments.rounds.views.rounds import round_page

WAIT = "wait"


@require_POST
def round_close(request: HttpRequest, round_id: int) -> HttpResponse:
    """Close the round. Refused (a table still waits, or the service says no), the round's
    page answers again with the problems at the top of the close form and beside each table's
    choices (``core.refusals``)."""
    round_ = get_object_or_404(Round.objects.select_related("event"), pk=round_id)
    chosen: dict[int, str] = {}
    waiting: list[int] = []
    numbers = [table.number for table in unfinished_tables(round_)]
    for number in numbers:
        choice = request.POST.get(f"unfinished-{number}", WAIT)
        if choice == WAIT or choice not in UNFINISHED_CHOICES:
            waiting.append(number)
        else:
            chosen[number] = choice
    if waiting:
        still = [
            {
                "text": _(
                    "Table %(n)s is still playing: choose what it counts as, or close the round "
                    "when it is done."
                )
                % {"n": number},
                "anchor": f"unfinished-{number}-wait",
            }
            for number in waiting
        ]
        return page_again(request, round_page, still, round_.pk, status=400)
    try:
        lifecycle.round_close(round_=round_, actor=request.user, unfinished=chosen)
    except ServiceError as exc:
        if exc.status_code == 403:
            return refused(request, exc)
        inputs: dict[str | None, str] = {f"unfinished.{n}": f"unfinished-{n}-wait" for n in numbers}
        found = anchored(problems(exc.errors), {**inputs, None: "close-round"})
        return page_again(request, round_page, found, round_.pk, status=exc.status_code)
    messages.success(request, _("The round is closed."))
    return redirect("manage:round_page", round_id=round_.pk)


@require_POST
def round_reopen(request: HttpRequest, round_id: int) -> HttpResponse:
    round_ = get_object_or_404(Round.objects.select_related("event"), pk=round_id)
    try:
        lifecycle.round_reopen(
            round_=round_, actor=request.user, reason=request.POST.get("reason", "")
        )
    except ServiceError as exc:
        return refused_or_told(request, exc) or redirect("manage:round_page", round_id=round_.pk)
    messages.success(request, _("The round is open again: its tables can enter results."))
    return redirect("manage:round_page", round_id=round_.pk)


@require_POST
def event_close(request: HttpRequest, event_id: int) -> HttpResponse:
    event = get_object_or_404(Event, pk=event_id)
    try:
        lifecycle.event_close(event=event, actor=request.user)
    except ServiceError as exc:
        if exc.status_code == 403:
            return refused(request, exc)
        messages.error(
            request,
            _(
                "A round still has unfinished tables: close that round first, choosing for each "
                "table what it counts as."
            ),
        )
        for problem in problems(exc.errors):
            messages.error(request, problem["text"])
        return redirect("manage:event_dashboard", event_id=event.pk)
    messages.success(request, _("The event is closed."))
    return redirect("manage:event_dashboard", event_id=event.pk)


@require_POST
def event_reopen(request: HttpRequest, event_id: int) -> HttpResponse:
    event = get_object_or_404(Event, pk=event_id)
    try:
        lifecycle.event_reopen(
            event=event, actor=request.user, reason=request.POST.get("reason", "")
        )
    except ServiceError as exc:
        return refused_or_told(request, exc) or redirect(
            "manage:event_dashboard", event_id=event.pk
        )
    messages.success(
        request, _("The event is open again; reopen a round to let its tables enter results.")
    )
    return redirect("manage:event_dashboard", event_id=event.pk)
