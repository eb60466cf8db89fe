"""Bonken's table page, reached by the table's scoring link (``/t/<token>/``): enter the session
game by game, see the engine's checks while typing.

Whoever holds the link may write this table's session (the service checks the token); a
signed-in scorer of the club gets the same page from the round's table plan.
"""

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from core.errors import ServiceError
from core.view_helpers import problems, short_names
from games.bonken.plugin.forecast import forecast_data
from games.bonken.plugin.forms import GameForm
from games.bonken.plugin.sheet import event_ruleset_or_none, session_rows
from games.bonken.plugin.table_talk import table_talk
from games.bonken.rules import get_ruleset, score_session
from results.services import session_append_part
from tournaments.models import Round, Table


def table_context(table: Table) -> dict[str, Any]:
    """What the page shows about the table: players, games so far, totals, who chooses next."""
    event = table.round.event
    ruleset = event_ruleset_or_none(event) or get_ruleset("classic")
    players = [s.player for s in sorted(table.seats.all(), key=lambda s: s.position)]
    names = [p.name for p in players] + [str(n + 1) for n in range(len(players), 4)]
    session = getattr(table, "session", None)
    document = session.document if session else {"games": []}
    result = session.result if session else score_session({"games": []}, ruleset=ruleset).to_dict()
    return {
        "table": table,
        "round": table.round,
        "event": event,
        "ruleset": ruleset,
        "players": players,
        "names": names,
        "short_names": short_names(names),
        "seat_names": list(zip(names, short_names(names), strict=True)),
        "session": session,
        "document": document,
        "result": result,
        "rows": session_rows(result, ruleset, short_names(names)),
        "totals": result.get("totals") or [0, 0, 0, 0],
        "revision": session.revision if session else 0,
        "complete": bool(session and session.complete),
        "closed": table.round.status == Round.Status.CLOSED,
        "planned": table.round.status == Round.Status.PLANNED,
        "totals_only": bool(
            session
            and "totals" in document
            and not document.get("games")
            and document.get("sheet") is None
        ),
        "sheet_only": bool(session and document.get("sheet") is not None),
        "games_total": ruleset.games_per_session,
        "forecast": forecast_data(ruleset, result.get("totals") or [0, 0, 0, 0]),
    }


def game_form(context: dict[str, Any], data: Any = None, *, saving: bool = False) -> GameForm:
    result = context["result"]
    available = result.get("available_contracts") if result.get("valid", True) else None
    next_chooser = result.get("next_chooser")
    initial = {"revision": context["revision"]}
    if next_chooser is not None:
        initial["chooser"] = next_chooser
    return GameForm(
        data,
        initial=initial,
        ruleset=context["ruleset"],
        names=context["names"],
        available=available or None,
        saving=saving,
    )


def table_page(request: HttpRequest, table: Table, token: str) -> HttpResponse:
    context = table_context(table)
    context.update(table_talk(context))
    if request.method == "POST":
        return _append(request, table, token, context)
    context["form"] = game_form(context)
    return render(request, "bonken/score.html", context)


def _append(
    request: HttpRequest, table: Table, token: str, context: dict[str, Any]
) -> HttpResponse:
    form = game_form(context, request.POST, saving=True)
    context["form"] = form
    if not form.is_valid():
        return render(request, "bonken/score.html", context, status=400)
    try:
        session = session_append_part(
            table=table,
            submitted_by=request.user,
            part=form.to_game(),
            expected_revision=form.cleaned_data.get("revision"),
            table_token=token,
        )
    except ServiceError as exc:
        context["errors"] = problems(exc.errors)
        return render(request, "bonken/score.html", context, status=exc.status_code)
    games = len(session.result.get("games") or [])
    if session.complete:
        messages.success(request, _("Game %(n)s is saved. The session is complete!") % {"n": games})
    else:
        messages.success(request, _("Game %(n)s is saved.") % {"n": games})
    return redirect("scoring:table_page", token=token)


def check(request: HttpRequest, table: Table, token: str) -> HttpResponse:
    """The engine's verdict on the game being typed, with the totals it would give (htmx)."""
    context = table_context(table)
    form = game_form(context, request.POST)
    verdict: dict[str, Any] = {
        "names": context["names"],
        "seat_names": context["seat_names"],
        "saved_totals": context["totals"],
    }
    if not form.is_valid():
        verdict["errors"] = [
            {
                "text": f"{form.fields[name].label}: {' '.join(map(str, errs))}"
                if name in form.fields
                else " ".join(map(str, errs))
            }
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
    return render(request, "bonken/_check.html", verdict)
