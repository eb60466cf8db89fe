"""A Jonkler table's own page (``/t/<token>/`` of a Jonkler event): the next round's bids in
bidding order (the dealer last, the dealer's forbidden bid shown), then the tricks, saved as one
round; the running totals stay in view; the last round can be taken back.

The page only collects numbers: ``games.jonkler.rules`` checks and scores them (the hook rule, the
tricks adding up to the round's cards, ...) through the one session write path.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.errors import ServiceError
from core.forms import WholeNumberField, set_choices
from core.parsing import whole_number
from core.view_helpers import problems, short_names
from games.jonkler.plugin.forecast import forecast_data
from games.jonkler.rules import GAME
from games.jonkler.rules.rules import bidding_order
from results.services import session_append_part
from tournaments.house_rules.services import event_ruleset
from tournaments.models import Round, Table


class RoundForm(forms.Form):
    """One round: a bid and the tricks taken per seat, and for the first round who dealt."""

    revision = WholeNumberField(widget=forms.HiddenInput, min_value=0, required=False)
    first_dealer = forms.TypedChoiceField(coerce=int, widget=forms.HiddenInput)

    def __init__(
        self, *args: Any, names: list[str], cards: int, order: list[int], first: bool, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.names, self.order, self.first = names, order, first
        set_choices(self, "first_dealer", list(enumerate(names)))
        if not first:
            del self.fields["first_dealer"]
        most = ngettext(
            "At most %(n)s: each player holds %(n)s card.",
            "At most %(n)s: each player holds %(n)s cards.",
            cards,
        ) % {"n": cards}
        for kind in ("bid", "tricks"):
            for seat in order:
                self.fields[f"{kind}_{seat}"] = forms.IntegerField(
                    label=names[seat],
                    min_value=0,
                    max_value=cards,
                    required=kind == "bid",
                    error_messages={
                        "required": _("Enter the bid; 0 is a bid too."),
                        "min_value": _("Not below 0."),
                        "max_value": most,
                    },
                    widget=forms.NumberInput(
                        attrs={
                            "inputmode": "numeric",
                            "min": 0,
                            "max": cards,
                            f"data-{kind}": seat,
                            "autocomplete": "off",
                        }
                    ),
                )

    def bid_fields(self) -> list[forms.BoundField]:
        return [self[f"bid_{seat}"] for seat in self.order]

    def tricks_fields(self) -> list[forms.BoundField]:
        return [self[f"tricks_{seat}"] for seat in self.order]

    def part(self) -> dict[str, list[int]]:
        """The round as the document has it, in seat order; empty tricks count as 0."""
        seats = sorted(self.order)
        data = self.cleaned_data
        return {
            "bids": [data[f"bid_{seat}"] for seat in seats],
            "tricks": [data[f"tricks_{seat}"] or 0 for seat in seats],
        }


def sheet_rounds(result: dict[str, Any]) -> list[dict[str, Any]]:
    """The rounds of a stored result as sheet rows: per seat bid, tricks, points, met and the
    running total (``templates/jonkler/_rounds.html`` shows them)."""
    return [
        {
            **played,
            "cells": [
                {"bid": bid, "tricks": took, "points": points, "met": met, "total": total}
                for bid, took, points, met, total in zip(
                    played["bids"],
                    played["tricks"],
                    played["points"],
                    played["met"],
                    played["totals"],
                    strict=True,
                )
            ],
        }
        for played in result.get("rounds") or []
    ]


def context_for(table: Table, chosen_dealer: str | None = None) -> dict[str, Any]:
    """What the page shows: players, rounds so far with running totals, the next round.
    Before the first round the table says who deals it (``chosen_dealer``, a seat)."""
    event = table.round.event
    players = [s.player for s in sorted(table.seats.all(), key=lambda s: s.position)]
    names = [p.name for p in players]
    session = getattr(table, "session", None)
    ruleset = event_ruleset(event.club_id, GAME.code, event.ruleset)
    document = session.document if session else {"seats": len(names), "rounds": []}
    outcome = GAME.score(document, ruleset=ruleset, names=names or None)
    result = outcome.to_dict() if outcome.valid else {"rounds": [], "totals": None}
    shorts = short_names(names)
    nxt = dict(result.get("next") or {})
    first = not result.get("rounds")
    dealer_seat = whole_number(chosen_dealer) if first and chosen_dealer else None
    if first and nxt and dealer_seat is not None and 0 <= dealer_seat < len(names):
        nxt.update(dealer=dealer_seat, bidding_order=bidding_order(dealer_seat, len(names)))
    elif first:
        dealer_seat = None  # the table picks the first dealer before anything else
    order = nxt.get("bidding_order") or list(range(len(names)))
    rounds = sheet_rounds(result)
    return {
        "table": table,
        "round": table.round,
        "event": event,
        "players": players,
        "names": names,
        "short_names": shorts,
        "session": session,
        "totals": list(zip(shorts, result.get("totals") or [0] * len(names), strict=True)),
        "rounds": rounds,
        "next": nxt,
        "order": order,
        "order_names": [names[seat] for seat in order],
        "dealer_name": names[nxt["dealer"]] if nxt and names else "",
        "revision": session.revision if session else 0,
        "complete": bool(session and session.complete),
        "placements": result.get("placements"),
        "closed": table.round.status == Round.Status.CLOSED,
        "planned": table.round.status == Round.Status.PLANNED,
        "fits": len(names) in GAME.table_sizes,
        "first": first,
        "first_dealer": dealer_seat,
        "dealer_choices": [(seat, name) for seat, name in enumerate(names)],
        "forecast": forecast_data(
            ruleset
            or getattr(outcome, "ruleset", None)
            or GAME.rulesets.get(event.ruleset)
            or GAME.rulesets[GAME.default_ruleset],
            result.get("totals") or [0] * len(names),
        ),
    }


def round_form(context: dict[str, Any], data: Any = None) -> RoundForm:
    cards = context["next"].get("cards") or 1
    return RoundForm(
        data,
        names=context["names"],
        cards=cards,
        order=context["order"],
        first=context["first"],
        initial={"revision": context["revision"], "first_dealer": context["first_dealer"]},
    )


def score_page(request: HttpRequest, table: Table, token: str) -> HttpResponse:
    chosen = (
        request.POST.get("first_dealer") if request.method == "POST" else request.GET.get("dealer")
    )
    context = context_for(table, chosen)
    if request.method != "POST":
        context["form"] = round_form(context)
        return render(request, "jonkler/score.html", context)
    form = round_form(context, request.POST)
    context["form"] = form
    if not form.is_valid():
        return render(request, "jonkler/score.html", context, status=400)
    part = form.part()
    revision = form.cleaned_data.get("revision")
    try:
        opening = None
        if context["first"]:  # the first round also records who dealt it
            opening = {"game": GAME.code, "first_dealer": form.cleaned_data["first_dealer"]}
        session = session_append_part(
            table=table,
            submitted_by=request.user,
            part=part,
            opening=opening,
            expected_revision=revision,
            table_token=token,
        )
    except ServiceError as exc:
        context["errors"] = problems(exc.errors)
        return render(request, "jonkler/score.html", context, status=exc.status_code)
    played = len(session.document.get("rounds") or [])
    if session.complete:
        messages.success(
            request, _("Round %(n)s is saved. The session is complete!") % {"n": played}
        )
    else:
        messages.success(request, _("Round %(n)s is saved.") % {"n": played})
    return redirect("scoring:table_page", token=token)
