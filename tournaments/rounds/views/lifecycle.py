"""Closing and reopening on the organizer's pages: a round (asking per unfinished table what
it counts as), an event, and reopening either with a reason."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from core.errors import ServiceError
from core.view_helpers import problems, refused, refused_or_told
from tournaments.models import Event, Round
from tournaments.models.counted import UNFINISHED_CHOICES
from tournaments.rounds import lifecycle
from tournaments.rounds.lifecycle import table_names, unfinished_tables

WAIT = "wait"


def unfinished_choices(round_: Round) -> list[dict[str, object]]:
    """The round's unfinished tables for the close form: number, players."""
    return [{"number": t.number, "names": table_names(t)} for t in unfinished_tables(round_)]


@require_POST
def round_close(request: HttpRequest, round_id: int) -> HttpResponse:
    round_ = get_object_or_404(Round.objects.select_related("event"), pk=round_id)
    chosen: dict[int, str] = {}
    waiting: list[int] = []
    for table in unfinished_tables(round_):
        choice = request.POST.get(f"unfinished-{table.number}", WAIT)
        if choice == WAIT or choice not in UNFINISHED_CHOICES:
            waiting.append(table.number)
        else:
            chosen[table.number] = choice
    if waiting:
        tables = ", ".join(str(n) for n in waiting)
        messages.info(
            request,
            ngettext(
                "The round stays open: table %(tables)s is still playing.",
                "The round stays open: tables %(tables)s are still playing.",
                len(waiting),
            )
            % {"tables": tables},
        )
        return redirect("manage:round_page", round_id=round_.pk)
    try:
        lifecycle.round_close(round_=round_, actor=request.user, unfinished=chosen)
    except ServiceError as exc:
        return refused_or_told(request, exc) or redirect("manage:round_page", round_id=round_.pk)
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
