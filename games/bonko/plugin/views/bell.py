"""The bell of a Bonko round on a table's page: ``GET /t/<token>/bell/`` answers a small JSON
document that every table's page polls every few seconds; the King's table rings it with a
POST (``games.bonko.plugin.bell.ring_bell`` checks who may)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from core.errors import ServiceError
from core.view_helpers import problems
from games.bonko.plugin.bell import bell_state, ring_bell
from results.views.scoring import table_for_token


@never_cache
@require_http_methods(["GET", "POST"])
def bell(request: HttpRequest, token: str) -> HttpResponse:
    table = table_for_token(token)
    if request.method == "GET":
        return JsonResponse(bell_state(table.round))
    try:
        ring_bell(actor=request.user, round_=table.round, table_token=token)
    except ServiceError as exc:
        for problem in problems(exc.errors):
            messages.error(request, problem["text"])
    else:
        messages.success(request, _("The bell has rung for every table."))
    return redirect("scoring:table_page", token=token)
