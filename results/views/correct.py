"""An organizer corrects one part of a table's saved result (a game, a round, a hand; a game
entered whole has one): picked from the table's history, shown in the inputs the table page
uses for it (the game's plug-in draws them, ``tournaments.game_plugins``), the reason at the top,
saved as a new revision through ``results.part_correction`` that keeps everything else.

This module holds what every game's correction page shares: who may open it, the reason, the
save and the way back to the history (the problems: ``includes/errors.html``)."""

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.selectors import ORGANIZER
from clubs.view_helpers import has_role
from core.errors import ServiceError
from core.view_helpers import problems, refused, short_names
from results.models import Session
from results.views.scoring import without_page
from tournaments.game_plugins import GameWithoutPages, game_plugin
from tournaments.models import Table

# What saves a correction: called with the reason and the revision the page showed.
Write = Callable[[str, int | None], Session]


class ReasonForm(forms.Form):
    """Why the result changes: asked first, kept with the revision."""

    reason = forms.CharField(
        label=gettext_lazy("Why does the result change?"),
        max_length=500,
        error_messages={
            "required": gettext_lazy(
                "Say why the result changes: the reason is kept with the revision."
            )
        },
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )


def correct(request: HttpRequest, table_id: int, number: int) -> HttpResponse:
    """``/manage/tables/<id>/correct/<number>/``: the game's correction page, organizers only."""
    table = get_object_or_404(
        Table.objects.select_related("round__event__club").prefetch_related("seats__player"),
        pk=table_id,
    )
    event = table.round.event
    if not has_role(request, event.club_id, ORGANIZER):
        return refused(request)
    if getattr(table, "session", None) is None:
        raise Http404("this table has no result to correct")
    try:
        response: HttpResponse = game_plugin(event.game).correction_page(request, table, number)
    except GameWithoutPages as error:
        return without_page(error)
    return response


def correction_context(table: Table, number: int, title: str) -> dict[str, Any]:
    """What every correction page shows: the table, its players, the part's title and the way
    back to the table's history."""
    event = table.round.event
    players = [s.player for s in sorted(table.seats.all(), key=lambda s: s.position)]
    names = [p.name for p in players]
    session = table.session
    return {
        "table": table,
        "round": table.round,
        "event": event,
        "players": players,
        "names": names,
        "short_names": short_names(names),
        "session": session,
        "revision": session.revision,
        "number": number,
        "title": title,
        "history_url": reverse("public:table_sheet", args=[event.pk, table.pk]),
    }


def save_correction(
    request: HttpRequest,
    context: dict[str, Any],
    form: forms.Form,
    write: Write,
    *,
    template: str,
) -> HttpResponse:
    """Show the correction page (GET), or save it: the reason and the game's form checked
    together, their problems in the summary at the top of the form (each linked to its input)
    and beside their inputs; the service's problems in the summary too; back to the history
    once saved."""
    reason = ReasonForm(request.POST if request.method == "POST" else None)
    context.update(form=form, reason_form=reason)
    if request.method != "POST":
        return render(request, template, context)
    form_ok = form.is_valid()
    if not (reason.is_valid() and form_ok):
        return render(request, template, context, status=400)
    revision = form.cleaned_data.get("revision")
    try:
        session = write(reason.cleaned_data["reason"], revision)
    except ServiceError as exc:
        context["errors"] = problems(exc.errors)
        return render(request, template, context, status=exc.status_code)
    messages.success(
        request,
        _("%(part)s is corrected; the table's result is now revision %(revision)s.")
        % {"part": context["title"], "revision": session.revision},
    )
    return redirect(context["history_url"])
