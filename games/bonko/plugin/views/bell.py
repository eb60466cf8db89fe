"""The bell of a Bonko round on a table's page: ``GET /t/<token>/bell/`` answers a small JSON
document that every table's page polls every few seconds; the King's table rings it with a
POST and may take it back for a few seconds with a POST to ``/t/<token>/bell/undo/``
(``games.bonko.plugin.bell``: ``ring_bell`` and ``bell_undo`` check who may and when).

Ringing asks first: a POST without ``confirm=yes`` answers with a page that asks "Ring the bell
for every table?" (the page's script asks the same in place and sends the confirmation itself).
A refusal answers with the table's page again, the problem at the bell's button.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from core.errors import ServiceError
from core.refusals import anchored, page_again
from core.view_helpers import problems
from games.bonko.plugin import bell as service
from games.bonko.plugin.bell import UNDO_SECONDS, bell_state, kings_table, may_ring, ring_bell
from results.views.scoring import table_for_token, table_page
from tournaments.game_plugins import game_plugin
from tournaments.models import Round, Table
from tournaments.rounds.night_sets import round_in_set, rounds_per_set

RING_BUTTON = "ring-bell"  # the table page's inputs a refusal is shown at
UNDO_BUTTON = "undo-bell"


def _asks_first(request: HttpRequest, table: Table, token: str) -> bool:
    """Whether this POST is the first tap, which the confirmation answers: the bell has not
    rung, the round is played and the one tapping may ring it (otherwise the service's
    answer, a refusal or nothing to do, comes at once)."""
    if request.POST.get("confirm") == "yes":
        return False
    round_ = table.round
    if not game_plugin(round_.event.game).has_bell:
        return False
    king = kings_table(round_)
    return (
        round_.bell_rung_at is None
        and round_.status == Round.Status.PLAYING
        and king is not None
        and may_ring(request.user, round_, king, token)
    )


@never_cache
@require_http_methods(["GET", "POST"])
def bell(request: HttpRequest, token: str) -> HttpResponse:
    table = table_for_token(token)
    if request.method == "GET":
        return JsonResponse(bell_state(table.round))
    if _asks_first(request, table, token):
        event = table.round.event
        set_number, target = round_in_set(table.round.number, rounds_per_set(event) or 1)
        return render(
            request,
            "bonko/bell_confirm.html",
            {
                "table": table,
                "round": table.round,
                "event": event,
                "king": True,
                "set_number": set_number,
                "target": target,
                "undo_seconds": UNDO_SECONDS,
            },
        )
    try:
        ring_bell(actor=request.user, round_=table.round, table_token=token)
    except ServiceError as exc:
        found = anchored(problems(exc.errors), {None: RING_BUTTON})
        return page_again(request, table_page, found, token, status=exc.status_code)
    messages.success(request, _("The bell has rung for every table."))
    return redirect("scoring:table_page", token=token)


@require_POST
def bell_undo(request: HttpRequest, token: str) -> HttpResponse:
    """Take back a bell rung by mistake (the service's ``bell_undo``), back to the table's
    page."""
    table = table_for_token(token)
    try:
        service.bell_undo(actor=request.user, round_=table.round, table_token=token)
    except ServiceError as exc:
        found = anchored(problems(exc.errors), {None: UNDO_BUTTON})
        return page_again(request, table_page, found, token, status=exc.status_code)
    messages.success(request, _("The bell is undone: the round goes on at every table."))
    return redirect("scoring:table_page", token=token)
