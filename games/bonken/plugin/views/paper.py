"""Bonken's paper entry: a session entered afterwards from a paper score sheet, net points per
game or only the four totals. The whole document goes to the same service as every other write."""

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from core.errors import ServiceError
from core.view_helpers import problems
from games.bonken.plugin.forms import PaperForm
from games.bonken.plugin.sheet import contract_label
from games.bonken.plugin.views.table import table_context
from games.bonken.rules import Ruleset
from results.services import session_submit
from results.views.scoring import organizer_correcting
from tournaments.models import Table

REASON = "entered from a paper score sheet"


def sheet_problems(
    errors: list[dict[str, Any]], rows: list[dict[str, Any]], ruleset: Ruleset
) -> tuple[list[dict[str, Any]], set[str]]:
    """The problems of a sheet's rows named by their contract, and the contracts concerned."""
    named, contracts = [], set()
    for error in errors:
        number = error.get("game")
        if number and number <= len(rows):
            code = rows[number - 1]["contract"]
            contracts.add(code)
            name = contract_label(ruleset, code)
            text = error["text"] if error["text"].startswith(name) else f"{name}: {error['text']}"
            error = {**error, "game": None, "text": text, "anchor": f"id_c_{code}_0"}
        named.append(error)
    return named, contracts


def paper_page(request: HttpRequest, table: Table, token: str) -> HttpResponse:
    context = table_context(table)
    organizer_correcting(request, context)
    options = {"ruleset": context["ruleset"], "names": context["names"]}
    if request.method != "POST":
        initial = PaperForm.initial_from(
            context["session"] and context["document"],
            context["session"] and context["result"],
            context["revision"],
        )
        context["form"] = PaperForm(initial=initial, **options)
        return render(request, "bonken/paper.html", context)
    form = PaperForm(request.POST, **options)
    context["form"] = form
    if form.is_valid() and context["session"] and not form.cleaned_data["reason"].strip():
        form.add_error("reason", _("Say why the saved result changes."))
    if not form.is_valid():
        return render(request, "bonken/paper.html", context, status=400)
    document = form.to_document()
    try:
        session_submit(
            table=table,
            submitted_by=request.user,
            document=document,
            expected_revision=form.cleaned_data.get("revision"),
            reason=form.cleaned_data["reason"].strip() or REASON,
            table_token=token,
        )
    except ServiceError as exc:
        context["errors"] = problems(exc.errors)
        if "sheet" in document:  # a row number means nothing to the scorer: name the contract
            context["errors"], context["error_contracts"] = sheet_problems(
                context["errors"], document["sheet"], context["ruleset"]
            )
        context["error_games"] = {e["game"] for e in context["errors"] if e.get("game")}
        if "games" in document:  # the summary leads to the game's row
            context["errors"] = [
                {**e, "anchor": f"id_g{e['game']}_contract"} if e.get("game") else e
                for e in context["errors"]
            ]
        return render(request, "bonken/paper.html", context, status=exc.status_code)
    messages.success(request, _("The score sheet is saved."))
    return redirect("scoring:table_page", token=token)
