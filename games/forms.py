"""Forms a scorer fills in. They turn input into the session document's shapes (a game with
counts and doubles, games with net points, or four totals) and check nothing about the
rules: the engine does that, and its problems are shown as they come."""

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.bonken import Ruleset
from games.views.sheet import contract_name, short_names
from tournaments.web.helpers import dutch

SEATS = range(4)
COUNT_ATTRS = {"inputmode": "numeric", "min": 0, "max": 52, "class": "count"}


def _seat_choices(names: list[str]) -> list[tuple[int, str]]:
    return [(seat, names[seat]) for seat in SEATS]


def _contract_choices(ruleset: Ruleset, codes: list[str] | None = None) -> list[tuple[str, str]]:
    allowed = set(codes) if codes is not None else None
    return [
        (c.code, contract_name(c)) for c in ruleset.contracts
        if allowed is None or c.code in allowed
    ]


class GameForm(forms.Form):
    """One game as the table plays it: contract, chooser, what each seat took, who doubled."""

    revision = forms.IntegerField(widget=forms.HiddenInput, required=False)
    chooser = forms.TypedChoiceField(label=_("Chooser"), coerce=int)
    contract = forms.ChoiceField(label=_("Contract"))

    def __init__(self, *args: Any, ruleset: Ruleset, names: list[str],
                 available: list[str] | None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.ruleset, self.names = ruleset, names
        self.fields["chooser"].choices = _seat_choices(names)
        self.fields["contract"].choices = _contract_choices(ruleset, available)
        self.kinds = sorted({k.code: k for c in ruleset.contracts for k in c.card_kinds}.values(),
                            key=lambda k: k.code)
        for seat in SEATS:
            self.fields[f"count_{seat}"] = forms.IntegerField(
                label=names[seat], required=False, min_value=0, max_value=52,
                widget=forms.NumberInput(attrs=COUNT_ATTRS),
            )
            for kind in self.kinds:
                self.fields[f"count_{kind.code}_{seat}"] = forms.IntegerField(
                    label=f"{names[seat]}: {kind.name_nl if dutch() else kind.name}",
                    required=False, min_value=0, max_value=52,
                    widget=forms.NumberInput(attrs=COUNT_ATTRS),
                )
            for target in SEATS:
                if target != seat:
                    self.fields[f"d_{seat}_{target}"] = forms.BooleanField(
                        required=False,
                        widget=forms.CheckboxInput(
                            attrs={"data-doubler": seat, "data-target": target}),
                        label=_("%(doubler)s doubles %(target)s")
                        % {"doubler": names[seat], "target": names[target]},
                    )

    # Layout helpers for the template -------------------------------------------------------
    def count_fields(self) -> list[forms.BoundField]:
        return [self[f"count_{seat}"] for seat in SEATS]

    def kind_rows(self) -> list[dict[str, Any]]:
        contracts = [c.code for c in self.ruleset.contracts if c.card_kinds]
        return [
            {"kind": kind, "contracts": " ".join(contracts),
             "label": kind.name_nl if dutch() else kind.name,
             "fields": [self[f"count_{kind.code}_{seat}"] for seat in SEATS]}
            for kind in self.kinds
        ]

    def double_grid(self) -> list[dict[str, Any]]:
        return [
            {"seat": seat, "name": self.names[seat], "short": short_names(self.names)[seat],
             "cells": [self[f"d_{seat}_{t}"] if t != seat else None for t in SEATS]}
            for seat in SEATS
        ]

    def has_counts(self) -> bool:
        data = self.cleaned_data
        return any(data.get(name) is not None for name in data if name.startswith("count_"))

    def to_game(self) -> dict[str, Any]:
        """The game in the session document's shape (call after is_valid)."""
        data = self.cleaned_data
        code = data["contract"]
        contract = self.ruleset.by_code.get(code)
        if contract is not None and contract.card_kinds:
            counts: Any = {
                kind.code: [data.get(f"count_{kind.code}_{seat}") or 0 for seat in SEATS]
                for kind in contract.card_kinds
            }
        else:
            counts = [data.get(f"count_{seat}") or 0 for seat in SEATS]
        doubles = [
            [seat, target] for seat in SEATS for target in SEATS
            if seat != target and data.get(f"d_{seat}_{target}")
        ]
        return {"contract": code, "chooser": data["chooser"], "counts": counts,
                "doubles": doubles}


class PaperForm(forms.Form):
    """A whole session copied from a paper sheet: per game the contract, the chooser and the
    net points per seat (after doubling), or only the four totals."""

    revision = forms.IntegerField(widget=forms.HiddenInput, required=False)
    reason = forms.CharField(
        label=_("Why the saved result changes"), required=False, max_length=500,
        help_text=_("Needed when this table already has a result: it is kept in the history."),
    )
    mode = forms.ChoiceField(
        label=_("What is on the sheet"), widget=forms.RadioSelect,
        choices=[("games", _("Points per game")), ("totals", _("Only the four totals"))],
        initial="games",
    )

    def __init__(self, *args: Any, ruleset: Ruleset, names: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.ruleset, self.names = ruleset, names
        self.games = ruleset.games_per_session
        contracts = [("", "—"), *_contract_choices(ruleset)]
        for seat in SEATS:
            self.fields[f"total_{seat}"] = forms.IntegerField(
                label=names[seat], required=False, widget=forms.NumberInput(
                    attrs={"inputmode": "numeric", "class": "points"}))
        for n in range(1, self.games + 1):
            self.fields[f"g{n}_contract"] = forms.ChoiceField(
                label=_("Game %(n)s: contract") % {"n": n}, choices=contracts, required=False)
            self.fields[f"g{n}_chooser"] = forms.TypedChoiceField(
                label=_("Game %(n)s: chooser") % {"n": n}, coerce=int, required=False,
                choices=[("", "—"), *_seat_choices(names)], empty_value=None)
            for seat in SEATS:
                self.fields[f"g{n}_net_{seat}"] = forms.IntegerField(
                    label=_("Game %(n)s: %(name)s") % {"n": n, "name": names[seat]},
                    required=False, widget=forms.NumberInput(
                        attrs={"inputmode": "numeric", "class": "points"}))

    def game_rows(self) -> list[dict[str, Any]]:
        return [
            {"number": n, "contract": self[f"g{n}_contract"], "chooser": self[f"g{n}_chooser"],
             "nets": [self[f"g{n}_net_{seat}"] for seat in SEATS]}
            for n in range(1, self.games + 1)
        ]

    def total_fields(self) -> list[forms.BoundField]:
        return [self[f"total_{seat}"] for seat in SEATS]

    def to_document(self) -> dict[str, Any]:
        """The session document (call after is_valid). Rows without a contract are skipped."""
        data = self.cleaned_data
        if data["mode"] == "totals":
            return {"totals": [data.get(f"total_{seat}") or 0 for seat in SEATS]}
        games = []
        for n in range(1, self.games + 1):
            if not data.get(f"g{n}_contract"):
                continue
            games.append({
                "contract": data[f"g{n}_contract"],
                "chooser": data.get(f"g{n}_chooser"),
                "net": [data.get(f"g{n}_net_{seat}") or 0 for seat in SEATS],
            })
        return {"games": games}

    @staticmethod
    def initial_from(document: dict[str, Any] | None, result: dict[str, Any] | None,
                     revision: int) -> dict[str, Any]:
        """Prefill with what is stored: each game's contract, chooser and net points."""
        initial: dict[str, Any] = {"revision": revision, "mode": "games"}
        if document and "totals" in document and not document.get("games"):
            initial["mode"] = "totals"
            for seat, total in enumerate(document["totals"][:4]):
                initial[f"total_{seat}"] = total
        for game in (result or {}).get("games") or []:
            n = game["number"]
            initial[f"g{n}_contract"] = game["contract"]
            initial[f"g{n}_chooser"] = game["chooser"]
            for seat, points in enumerate(game["points"]):
                initial[f"g{n}_net_{seat}"] = points
        return initial
