"""The table's own page, reached by its scoring link (``/t/<token>/``): enter the session game
by game, see the engine's checks while typing, take the last game back.

Whoever holds the link may write this table's session (the service checks the token); a
signed-in scorer of the club gets the same page from the round's table plan.
"""

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.selectors import ORGANIZER
from clubs.web import has_role
from core.errors import ServiceError
from core.parsing import whole_number
from core.web import problems
from games.bonken import get_ruleset, score_session
from games.forms import GameForm, short_names
from games.registry import get_game
from games.services import session_append_part, session_undo_last_part
from games.views import bonanza, bonko, jonkler
from games.views.bonken_table import table_talk
from games.views.keyed import keyed
from games.views.sheet import event_ruleset_or_none, session_rows
from tournaments.models import Round, Table


def table_for_token(token: str) -> Table:
    return get_object_or_404(
        Table.objects.select_related("round__event__club").prefetch_related("seats__player"),
        scoring_token=token,
    )


def table_context(table: Table) -> dict[str, Any]:
    """What the page shows about the table: players, games so far, totals, who chooses next."""
    event = table.round.event
    ruleset = event_ruleset_or_none(event) or get_ruleset("classic")
    players = [s.player for s in sorted(table.seats.all(), key=lambda s: s.position)]
    names = [p.name for p in players] + [str(n + 1) for n in range(len(players), 4)]
    session = getattr(table, "session", None)
    document = session.document if session else {"games": []}
    result = session.result if session else score_session(
        {"games": []}, ruleset=ruleset).to_dict()
    return {
        "table": table, "round": table.round, "event": event, "ruleset": ruleset,
        "players": players, "names": names, "short_names": short_names(names),
        "seat_names": list(zip(names, short_names(names), strict=True)),
        "session": session, "document": document,
        "result": result, "rows": session_rows(result, ruleset, short_names(names)),
        "totals": result.get("totals") or [0, 0, 0, 0],
        "revision": session.revision if session else 0,
        "complete": bool(session and session.complete),
        "closed": table.round.status == Round.Status.CLOSED,
        "planned": table.round.status == Round.Status.PLANNED,
        "totals_only": bool(session and "totals" in document and not document.get("games")
                            and document.get("sheet") is None),
        "sheet_only": bool(session and document.get("sheet") is not None),
        "games_total": ruleset.games_per_session,
    }


def organizer_correcting(request: HttpRequest, context: dict[str, Any]) -> None:
    """On a closed round's paper page an organizer may still correct the result (with a
    reason, as a new revision): the page then offers the form instead of saying it is
    closed."""
    if context["closed"] and has_role(request, context["event"].club_id, ORGANIZER):
        context["closed"], context["correcting"] = False, True


def game_form(context: dict[str, Any], data: Any = None, *, saving: bool = False) -> GameForm:
    result = context["result"]
    available = result.get("available_contracts") if result.get("valid", True) else None
    next_chooser = result.get("next_chooser")
    initial = {"revision": context["revision"]}
    if next_chooser is not None:
        initial["chooser"] = next_chooser
    return GameForm(data, initial=initial, ruleset=context["ruleset"], names=context["names"],
                    available=available or None, saving=saving)


# The table pages of the games other than Bonken (whose page is this module), by game code.
GAME_PAGES: dict[str, Callable[[HttpRequest, Table, str], HttpResponse]] = {
    "jonkler": jonkler.score_page,
    "bonanza": bonanza.score_page,
    "bonko": bonko.score_page,
}


@keyed
def score_page(request: HttpRequest, token: str) -> HttpResponse:
    table = table_for_token(token)
    page = GAME_PAGES.get(table.round.event.game)
    if page is not None:
        return page(request, table, token)
    context = table_context(table)
    context.update(table_talk(context))
    if request.method == "POST":
        return _append(request, table, token, context)
    context["form"] = game_form(context)
    return render(request, "games/score.html", context)


def _append(request: HttpRequest, table: Table, token: str,
            context: dict[str, Any]) -> HttpResponse:
    form = game_form(context, request.POST, saving=True)
    context["form"] = form
    if not form.is_valid():
        return render(request, "games/score.html", context, status=400)
    try:
        session = session_append_part(
            table=table, submitted_by=request.user, part=form.to_game(),
            expected_revision=form.cleaned_data.get("revision"), table_token=token,
        )
    except ServiceError as exc:
        context["errors"] = problems(exc.errors)
        return render(request, "games/score.html", context, status=exc.status_code)
    games = len(session.result.get("games") or [])
    if session.complete:
        messages.success(request, _("Game %(n)s is saved. The session is complete!")
                         % {"n": games})
    else:
        messages.success(request, _("Game %(n)s is saved.") % {"n": games})
    return redirect("scoring:table", token=token)


@require_POST
def check(request: HttpRequest, token: str) -> HttpResponse:
    """The engine's verdict on the game being typed, with the totals it would give (htmx)."""
    table = table_for_token(token)
    if table.round.event.game in GAME_PAGES:
        raise Http404("Bonken's live check")
    context = table_context(table)
    form = game_form(context, request.POST)
    verdict: dict[str, Any] = {"names": context["names"], "seat_names": context["seat_names"],
                               "saved_totals": context["totals"]}
    if not form.is_valid():
        verdict["errors"] = [
            {"text": f"{form.fields[name].label}: {' '.join(map(str, errs))}"
             if name in form.fields else " ".join(map(str, errs))}
            for name, errs in form.errors.items()
        ]
    elif not form.has_counts():
        verdict["waiting"] = True
    else:
        document = {
            "ruleset": context["ruleset"].code,
            "games": [*(context["document"].get("games") or []), form.to_game()],
        }
        result = score_session(document, ruleset=context["ruleset"], names=context["names"])
        if result.valid:
            verdict["game"] = result.games[-1]
            verdict["totals"] = result.totals
        else:
            verdict["errors"] = problems(e.to_dict() for e in result.errors)
    return render(request, "games/_check.html", verdict)


@require_POST
def undo(request: HttpRequest, token: str) -> HttpResponse:
    table = table_for_token(token)
    revision = request.POST.get("revision")
    try:
        session_undo_last_part(
            table=table, submitted_by=request.user, table_token=token,
            expected_revision=whole_number(revision),
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
    return redirect("scoring:table", token=token)
