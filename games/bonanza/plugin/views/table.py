"""A Bonanza Rummy table's own page (``/t/<token>/`` of a Bonanza event): the board's chips
per section as the real board shows them, the next hand entered as taps on one compact row per
player (the board's sections in the board's order, poker, going out, the cards left) and the
widow; while tapping, the live check (``check``) shows the chips each player wins or pays in the
hand, counted by the rules; the running net chips and the save button stay in view; the last
hand can be taken back, and the session ended after the page asked (the ruleset's leftover rule
settles the board).

The page only collects seats and numbers: ``games.bonanza.rules`` checks and scores them through the
one session write path (``results.services``).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from core.errors import ServiceError
from core.parsing import whole_number
from core.view_helpers import problems, short_names
from games.bonanza.plugin.forecast import forecast_data
from games.bonanza.plugin.forms import SECTION_LABELS, HandForm
from games.bonanza.rules import GAME, SECTIONS, SHOWN, Ruleset, settle
from results.services import document_with_part, session_append_part, session_submit
from tournaments.house_rules.services import event_ruleset
from tournaments.models import Round, Table


def played_ruleset(event: Any) -> Ruleset:
    """The Bonanza ruleset an event plays: the club's house ruleset or a built-in one."""
    house = event_ruleset(event.club_id, GAME.code, event.ruleset)
    if isinstance(house, Ruleset):
        return house
    return GAME.rulesets.get(event.ruleset) or GAME.rulesets[GAME.default_ruleset]


def sheet_hands(result: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """The hands of a stored result as sheet rows (``templates/bonanza/_hands.html``):
    per hand the dealer, who went out, each seat's net and running total, the board's chips;
    and how the board was settled at the end."""
    running = [0] * len(names)
    rows = []
    for hand in result.get("hands") or []:
        running = [total + net for total, net in zip(running, hand["nets"], strict=False)]
        rows.append(
            {
                "number": hand["number"],
                "dealer": _name(names, hand["dealer"]),
                "out": _name(names, hand["out"]),
                "board": hand["board_total"],
                "cells": [
                    {
                        "net": net,
                        "total": total,
                        "dealer": seat == hand["dealer"],
                        "out": seat == hand["out"],
                    }
                    for seat, (net, total) in enumerate(zip(hand["nets"], running, strict=False))
                ],
            }
        )
    end = result.get("end")
    settled = None
    if end:
        settled = {
            "chips": end["chips"],
            "rule": leftover_text(end["leftover"]),
            "shares": end["shares"],
        }
    board = result.get("board") or {}
    on_board = (
        [(SECTION_LABELS[code], board[code]) for code in SECTIONS if board.get(code)]
        if rows and not end and any(board.values())
        else []
    )
    return {
        "hands": rows,
        "settled": settled,
        "totals": result.get("totals"),
        "placements": result.get("placements"),
        "on_board": on_board,
    }


def blank_sheet(hands: int = 10) -> dict[str, Any]:
    """What an empty paper score sheet asks per hand (its rows; a column per hand)."""
    return {"hands": range(1, hands + 1), "sections": [SECTION_LABELS[code] for code in SHOWN]}


def _name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else str(seat + 1)


def board_cells(carried: dict[str, int], seats: int, ruleset: Ruleset) -> list[dict[str, Any]]:
    """The board as the next hand finds it: per section what was carried over and what it holds
    once every player has put the ante on it (poker grows by the stake per entrant)."""
    put = ruleset.ante * seats
    return [
        {
            "code": code,
            "label": SECTION_LABELS[code],
            "carried": carried.get(code, 0),
            "chips": carried.get(code, 0) + put,
        }
        for code in SECTIONS
    ]


def leftover_text(rule: str) -> str:
    if rule == "split":
        return _("shared out equally; what cannot be shared goes to whoever went out last")
    return _("all to whoever went out last")


def context_for(table: Table, chosen_dealer: str | None = None) -> dict[str, Any]:
    """What the page shows: players, hands so far with running nets, the board, the next hand.
    Before the first hand the table says who deals it (``chosen_dealer``, a seat)."""
    event = table.round.event
    players = [s.player for s in sorted(table.seats.all(), key=lambda s: s.position)]
    names = [p.name for p in players]
    session = getattr(table, "session", None)
    ruleset = played_ruleset(event)
    document = session.document if session else {"seats": len(names), "hands": []}
    fits = len(names) in GAME.table_sizes
    outcome = GAME.score(document, ruleset=ruleset, names=names) if fits else None
    result = outcome.to_dict() if outcome is not None and outcome.valid else {}
    shorts = short_names(names)
    nxt = dict(result.get("next") or {})
    first = not result.get("hands")
    dealer = whole_number(chosen_dealer) if first and chosen_dealer else None
    if first and dealer is not None and 0 <= dealer < len(names):
        nxt["dealer"] = dealer
    elif first:
        dealer = None  # the table picks the first dealer before anything else
    sheet = sheet_hands(result, shorts)
    carried = result.get("board") or {}
    hands = result.get("hands") or []
    ending = None
    if hands and not result.get("complete"):
        chips = sum(carried.values())
        shares = settle(chips, len(names), ruleset.leftover, hands[-1]["out"])
        ending = {
            "chips": chips,
            "rule": leftover_text(ruleset.leftover),
            "last_out": names[hands[-1]["out"]],
            "shares": list(zip(shorts, shares, strict=True)),
        }
    settled = sheet["settled"]
    if settled:
        settled = {**settled, "shares": list(zip(shorts, settled["shares"], strict=True))}
    return {
        "table": table,
        "round": table.round,
        "event": event,
        "players": players,
        "names": names,
        "short_names": shorts,
        "session": session,
        "ruleset": ruleset,
        "forecast": forecast_data(ruleset, {"totals": [0] * len(names), **result}),
        "totals": list(zip(shorts, result.get("totals") or [0] * len(names), strict=True)),
        "sheet": sheet,
        "hands": sheet["hands"],
        "settled": settled,
        "next": nxt,
        "board": board_cells(carried, len(names), ruleset),
        "board_put": ruleset.ante * len(names),
        "board_carried": sum(carried.values()),
        "dealer_name": names[nxt["dealer"]] if "dealer" in nxt else "",
        "revision": session.revision if session else 0,
        "complete": bool(session and session.complete),
        "closed": table.round.status == Round.Status.CLOSED,
        "planned": table.round.status == Round.Status.PLANNED,
        "fits": fits,
        "first": first,
        "first_dealer": dealer,
        "ending": ending,
        "dealer_choices": list(enumerate(names)),
    }


def hand_form(context: dict[str, Any], data: Any = None) -> HandForm:
    """The next hand's form (one compact row of taps per player)."""
    return _hand_form(context, data)


def hand_opening(context: dict[str, Any], form: HandForm) -> dict[str, Any] | None:
    """What the session's document records with its first hand (who dealt it); None later."""
    if not context["first"]:
        return None
    return {"game": GAME.code, "first_dealer": form.cleaned_data["first_dealer"], "end": None}


def hand_document(context: dict[str, Any], form: HandForm) -> dict[str, Any]:
    """The session's document with the form's hand added, as saving it would store it."""
    current = None if context["first"] else context["session"].document
    return document_with_part(
        current, form.part(), key="hands", opening=hand_opening(context, form)
    )


def check(request: HttpRequest, table: Table, token: str) -> HttpResponse:
    """The rules' verdict on the hand being tapped (htmx): the chips each player wins or pays
    in it and the totals after it, or what is wrong; nothing is saved."""
    context = context_for(table, request.POST.get("first_dealer"))
    verdict: dict[str, Any] = {
        "seats": list(zip(range(len(context["names"])), context["short_names"], strict=True)),
        "totals": context["totals"],
    }
    if not context["next"] or context["complete"] or not context["fits"]:
        return render(request, "bonanza/_check.html", verdict)
    form = _hand_form(context, request.POST)
    if not form.is_valid():
        if request.POST.get("out_seat") in (None, ""):
            verdict["waiting"] = True  # nothing to count before somebody went out
        else:
            verdict["errors"] = [
                {"text": f"{link['label']}: {link['text']}"} for link in form.problem_links()
            ]
        return render(request, "bonanza/_check.html", verdict)
    document = GAME.table_document(
        hand_document(context, form), ruleset=context["event"].ruleset, names=context["names"]
    )
    outcome = GAME.score(document, ruleset=context["ruleset"], names=context["names"])
    if not outcome.valid:
        verdict["errors"] = problems(error.to_dict() for error in outcome.errors)
        return render(request, "bonanza/_check.html", verdict)
    result = outcome.to_dict()
    hand = result["hands"][-1]
    verdict.update(
        hand=hand,
        nets=list(zip(context["short_names"], hand["nets"], strict=True)),
        after=list(zip(context["short_names"], result["totals"], strict=True)),
    )
    return render(request, "bonanza/_check.html", verdict)


def _hand_form(context: dict[str, Any], data: Any = None) -> HandForm:
    return HandForm(
        data,
        names=context["short_names"],  # on taps; the rules' messages use the full names
        dealer=context["next"].get("dealer", 0),
        first=context["first"],
        initial={
            "revision": context["revision"],
            "first_dealer": context["first_dealer"],
            "widow_buyer": "",
            "poker_winner": "",
            **{f"section_{code}": "" for code in SECTIONS},
        },
    )


def score_page(request: HttpRequest, table: Table, token: str) -> HttpResponse:
    chosen = (
        request.POST.get("first_dealer") if request.method == "POST" else request.GET.get("dealer")
    )
    context = context_for(table, chosen)
    if request.method != "POST":
        context["ask_end"] = request.GET.get("end") == "ask"
        if context["next"]:
            context["form"] = hand_form(context)
        return render(request, "bonanza/score.html", context)
    action = request.POST.get("action", "hand")
    if action in ("end", "reopen"):
        return _end_or_reopen(request, table, token, context, reopen=action == "reopen")
    return _save_hand(request, table, token, context)


def _save_hand(
    request: HttpRequest, table: Table, token: str, context: dict[str, Any]
) -> HttpResponse:
    if context["complete"]:
        messages.error(request, _("The session is over; reopen it to add a hand."))
        return redirect("scoring:table_page", token=token)
    form = hand_form(context, request.POST)
    context["form"] = form
    if not context["next"] or not form.is_valid():
        return render(request, "bonanza/score.html", context, status=400)
    part = form.part()
    revision = form.cleaned_data.get("revision")
    try:
        session = session_append_part(
            table=table,
            submitted_by=request.user,
            part=part,
            opening=hand_opening(context, form),
            expected_revision=revision,
            table_token=token,
        )
    except ServiceError as exc:
        number = len(context["hands"]) + 1
        context["errors"] = form.show_problems(problems(exc.errors), number)
        return render(request, "bonanza/score.html", context, status=exc.status_code)
    played = len(session.document.get("hands") or [])
    messages.success(request, _("Hand %(n)s is saved.") % {"n": played})
    return redirect("scoring:table_page", token=token)


def _end_or_reopen(
    request: HttpRequest, table: Table, token: str, context: dict[str, Any], *, reopen: bool
) -> HttpResponse:
    """End the session (the ruleset's leftover rule settles the board) or take the end back."""
    session = context["session"]
    if session is None:
        messages.error(request, _("No hand has been entered yet."))
        return redirect("scoring:table_page", token=token)
    if not reopen and request.POST.get("confirmed") != "1":  # ending asks first
        return redirect(
            reverse("scoring:table_page", kwargs={"token": token}) + "?end=ask#end-title"
        )
    end = None if reopen else {"leftover": context["ruleset"].leftover}
    try:
        session_submit(
            table=table,
            submitted_by=request.user,
            document={**session.document, "end": end},
            expected_revision=whole_number(request.POST.get("revision")),
            reason="session reopened" if reopen else "session ended",
            table_token=token,
        )
    except ServiceError as exc:
        for problem in problems(exc.errors):
            messages.error(request, problem["text"])
    else:
        messages.success(
            request,
            _("The session is open again.")
            if reopen
            else _("The session is over; the board is settled."),
        )
    return redirect("scoring:table_page", token=token)
