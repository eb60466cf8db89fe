"""The table's own page, reached by its scoring link (``/t/<token>/``), and its paper entry: the
event's game draws them (its plug-in, ``tournaments.game_plugins``); taking the last part back is
the same for every game.

Whoever holds the link may write this table's session (the service checks the token); a
signed-in scorer of the club gets the same page from the round's table plan. A game whose
plug-in gives no such page answers with a clear error (501), never another game's page.
"""

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.selectors import ORGANIZER
from clubs.view_helpers import has_role
from core.errors import ServiceError
from core.parsing import whole_number
from core.view_helpers import problems
from games.registry import get_game
from results.services import session_undo_last_part
from results.views.keyed import keyed
from tournaments.game_plugins import GameWithoutPages, game_plugin
from tournaments.models import Table


def table_for_token(token: str) -> Table:
    return get_object_or_404(
        Table.objects.select_related("round__event__club").prefetch_related("seats__player"),
        scoring_token=token,
    )


def organizer_correcting(request: HttpRequest, context: dict[str, Any]) -> None:
    """On a closed round's paper page an organizer may still correct the result (with a
    reason, as a new revision): the page then offers the form instead of saying it is
    closed."""
    if context["closed"] and has_role(request, context["event"].club_id, ORGANIZER):
        context["closed"], context["correcting"] = False, True


def without_page(error: GameWithoutPages) -> HttpResponse:
    what = {"table page": _("table page"), "paper entry": _("paper entry")}
    text = _("This table's game (%(game)s) has no %(what)s in this installation.") % {
        "game": error.code,
        "what": what.get(error.what, error.what),
    }
    return HttpResponse(text, status=501, content_type="text/plain; charset=utf-8")


@keyed
def table_page(request: HttpRequest, token: str) -> HttpResponse:
    table = table_for_token(token)
    try:
        response: HttpResponse = game_plugin(table.round.event.game).table_page(
            request, table, token
        )
    except GameWithoutPages as error:
        return without_page(error)
    return response


def paper_page(request: HttpRequest, token: str) -> HttpResponse:
    table = table_for_token(token)
    try:
        response: HttpResponse = game_plugin(table.round.event.game).paper_page(
            request, table, token
        )
    except GameWithoutPages as error:
        return without_page(error)
    return response


@require_POST
def check(request: HttpRequest, token: str) -> HttpResponse:
    """The rules' verdict on the part being typed (htmx), where the game offers one."""
    table = table_for_token(token)
    response: HttpResponse | None = game_plugin(table.round.event.game).check(request, table, token)
    if response is None:
        raise Http404("no live check for this game")
    return response


@require_POST
def undo(request: HttpRequest, token: str) -> HttpResponse:
    table = table_for_token(token)
    revision = whole_number(request.POST.get("revision"))
    if revision is None:  # the page always says which sheet it takes back from
        messages.error(
            request,
            _(
                "The page did not say which version of the sheet to take back from: nothing "
                "was taken back. Try again on the page as it is now."
            ),
        )
        return redirect("scoring:table_page", token=token)
    try:
        session_undo_last_part(
            table=table,
            submitted_by=request.user,
            table_token=token,
            expected_revision=revision,
        )
    except ServiceError as exc:
        for problem in problems(exc.errors):
            messages.error(request, problem["text"])
    else:
        taken_back = {
            "rounds": _("The last round is taken back."),
            "hands": _("The last hand is taken back."),
        }
        parts_key = get_game(table.round.event.game).parts_key or ""
        messages.success(request, taken_back.get(parts_key, _("The last game is taken back.")))
    return redirect("scoring:table_page", token=token)
