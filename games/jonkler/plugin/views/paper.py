"""A Jonkler session copied afterwards from a paper score sheet: who dealt the first round, and
per round each player's bid and tricks. The whole document goes to the same service as every
other write (a correction of a saved session says why)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.errors import ServiceError
from core.forms import WholeNumberField, set_choices
from core.view_helpers import problems
from games.jonkler.plugin.views.table import context_for
from games.jonkler.rules import GAME
from results.services import session_submit
from results.views.scoring import organizer_correcting
from tournaments.models import Table

REASON = "entered from a paper score sheet"


class PaperForm(forms.Form):
    revision = WholeNumberField(widget=forms.HiddenInput, min_value=0, required=False)
    first_dealer = forms.TypedChoiceField(
        label=gettext_lazy("Who dealt the first round?"), coerce=int
    )
    reason = forms.CharField(
        label=gettext_lazy("Why does the saved result change?"), required=False, max_length=500
    )

    def __init__(self, *args: Any, names: list[str], rounds: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.names, self.rounds = names, rounds
        set_choices(self, "first_dealer", list(enumerate(names)))
        for number in range(1, rounds + 1):
            for seat, name in enumerate(names):
                for kind, word in (("bid", _("bid")), ("tricks", _("tricks"))):
                    self.fields[f"{kind}_{number}_{seat}"] = forms.IntegerField(
                        label=f"{name}, {word}",
                        min_value=0,
                        max_value=number,
                        required=False,
                        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
                    )

    def grid(self) -> list[dict[str, Any]]:
        """Rows for the template: per round, per player the bid and tricks fields."""
        return [
            {
                "number": number,
                "cells": [
                    (name, self[f"bid_{number}_{seat}"], self[f"tricks_{number}_{seat}"])
                    for seat, name in enumerate(self.names)
                ],
            }
            for number in range(1, self.rounds + 1)
        ]

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        filled = [
            number
            for number in range(1, self.rounds + 1)
            if any(data.get(f"bid_{number}_{seat}") is not None for seat in range(len(self.names)))
        ]
        if filled != list(range(1, len(filled) + 1)):
            raise forms.ValidationError(_("Fill in the rounds from round 1 on, without gaps."))
        self.played = len(filled)
        return data

    def to_document(self) -> dict[str, Any]:
        data = self.cleaned_data
        seats = range(len(self.names))
        return {
            "game": GAME.code,
            "first_dealer": data["first_dealer"],
            "rounds": [
                {
                    "bids": [data[f"bid_{number}_{seat}"] or 0 for seat in seats],
                    "tricks": [data[f"tricks_{number}_{seat}"] or 0 for seat in seats],
                }
                for number in range(1, self.played + 1)
            ],
        }

    @staticmethod
    def initial_from(document: dict[str, Any] | None, revision: int) -> dict[str, Any]:
        initial: dict[str, Any] = {"revision": revision}
        if not document:
            return initial
        initial["first_dealer"] = document.get("first_dealer", 0)
        for number, played in enumerate(document.get("rounds") or [], start=1):
            for kind, key in (("bid", "bids"), ("tricks", "tricks")):
                for seat, value in enumerate(played.get(key) or []):
                    initial[f"{kind}_{number}_{seat}"] = value
        return initial


def paper_page(request: HttpRequest, table: Table, token: str) -> HttpResponse:
    context = context_for(table)
    organizer_correcting(request, context)
    rounds = int(context["next"].get("rounds") or 8) if context["next"] else len(context["rounds"])
    options = {"names": context["names"], "rounds": max(rounds, len(context["rounds"]))}
    session = context["session"]
    if request.method != "POST":
        initial = PaperForm.initial_from(session.document if session else None, context["revision"])
        context["form"] = PaperForm(initial=initial, **options)
        return render(request, "jonkler/paper.html", context)
    form = PaperForm(request.POST, **options)
    context["form"] = form
    if form.is_valid() and session and not form.cleaned_data["reason"].strip():
        form.add_error("reason", _("Say why the saved result changes."))
    if not form.is_valid():
        return render(request, "jonkler/paper.html", context, status=400)
    try:
        session_submit(
            table=table,
            submitted_by=request.user,
            document=form.to_document(),
            expected_revision=form.cleaned_data.get("revision"),
            reason=form.cleaned_data["reason"].strip() or REASON,
            table_token=token,
        )
    except ServiceError as exc:
        context["errors"] = problems(exc.errors)
        return render(request, "jonkler/paper.html", context, status=exc.status_code)
    messages.success(request, _("The score sheet is saved."))
    return redirect("scoring:table_page", token=token)
