"""Forms a scorer fills in. They turn input into the session document's shapes (a game with
counts and doubles, games with net points, or four totals) and check nothing about the
rules: the engine does that, and its problems are shown as they come."""

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from core.forms import WholeNumberField, set_choices
from core.view_helpers import dutch
from core.widgets import SignedNumberInput
from games.bonken.plugin.sheet import SYMBOLS, contract_name, short_names
from games.bonken.plugin.table_talk import left_messages
from games.bonken.rules import Ruleset
from games.bonken.rules.rulesets import Contract

SEATS = range(4)
COUNT_ATTRS = {"inputmode": "numeric", "min": 0, "max": 52, "class": "count"}


def _seat_choices(names: list[str]) -> list[tuple[int, str]]:
    return [(seat, names[seat]) for seat in SEATS]


def _contract_choices(ruleset: Ruleset, codes: list[str] | None = None) -> list[tuple[str, str]]:
    allowed = set(codes) if codes is not None else None
    return [
        (c.code, contract_name(c))
        for c in ruleset.contracts
        if allowed is None or c.code in allowed
    ]


def taken_one_by_one(contract: Contract) -> bool:
    """Whether a contract's units are single cards or tricks the table names one by one
    (King of hearts, Domino, Last trick: one; 7th/13th trick: two): the page asks who took
    each instead of asking for counts."""
    return not contract.card_kinds and contract.value is not None and contract.units <= 2


def taker_label(contract: Contract, index: int) -> str:
    """The question for one of a one-by-one contract's units."""
    if contract.units == 1:
        return str(_("Who took it?"))
    if contract.code == "seventh_thirteenth":
        return str(_("Who took the 7th trick?") if index == 1 else _("Who took the 13th trick?"))
    return str(_("Who took number %(n)s?") % {"n": index})


class GameForm(forms.Form):
    """One game as the table plays it: contract, chooser, what each seat took, who doubled.

    The contract and the chooser are tiles (radio buttons); for a contract whose cards or
    tricks the table names one by one the scorer taps who took each (``took_<code>_<n>``),
    which the form turns into counts; other contracts take a count per player."""

    revision = WholeNumberField(widget=forms.HiddenInput, required=False)
    chooser = forms.TypedChoiceField(
        label=_("Chooser"),
        coerce=int,
        widget=forms.RadioSelect,
        error_messages={"required": _("Tap who chose the game.")},
    )
    contract = forms.ChoiceField(
        label=_("Contract"),
        widget=forms.RadioSelect,
        error_messages={"required": _("Tap the game that was played.")},
    )

    def __init__(
        self,
        *args: Any,
        ruleset: Ruleset,
        names: list[str],
        available: list[str] | None,
        saving: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.ruleset, self.names = ruleset, names
        self.available, self.saving = available, saving
        shorts = short_names(names)  # tiles are narrow: first names where they tell apart
        set_choices(self, "chooser", _seat_choices(shorts))
        set_choices(self, "contract", _contract_choices(ruleset, available))
        self.one_by_one = [c for c in ruleset.contracts if taken_one_by_one(c)]
        for contract in self.one_by_one:
            for index in range(1, contract.units + 1):
                self.fields[f"took_{contract.code}_{index}"] = forms.TypedChoiceField(
                    label=taker_label(contract, index),
                    coerce=int,
                    required=False,
                    empty_value=None,
                    choices=_seat_choices(shorts),
                    widget=forms.RadioSelect,
                )
        self.kinds = sorted(
            {k.code: k for c in ruleset.contracts for k in c.card_kinds}.values(),
            key=lambda k: k.code,
        )
        for seat in SEATS:
            self.fields[f"count_{seat}"] = forms.IntegerField(
                label=names[seat],
                required=False,
                min_value=0,
                max_value=52,
                widget=forms.NumberInput(attrs={**COUNT_ATTRS, "data-stepper": seat}),
            )
            for kind in self.kinds:
                self.fields[f"count_{kind.code}_{seat}"] = forms.IntegerField(
                    label=f"{names[seat]}: {kind.name_nl if dutch() else kind.name}",
                    required=False,
                    min_value=0,
                    max_value=52,
                    widget=forms.NumberInput(attrs=COUNT_ATTRS),
                )
            for target in SEATS:
                if target != seat:
                    self.fields[f"d_{seat}_{target}"] = forms.BooleanField(
                        required=False,
                        widget=forms.CheckboxInput(
                            attrs={"data-doubler": seat, "data-target": target}
                        ),
                        label=_("%(doubler)s doubles %(target)s")
                        % {"doubler": names[seat], "target": names[target]},
                    )

    # Layout helpers for the template -------------------------------------------------------
    def contract_tiles(self) -> list[dict[str, Any]]:
        """Every contract of the ruleset in its order, minus then plus: the ones the chooser
        may still pick as radio tiles, the others shown greyed out (disabled)."""
        chosen = self["contract"].value()
        allowed = set(self.available) if self.available is not None else None
        return [
            {
                "code": c.code,
                "name": contract_name(c).replace("/", "/\u200b"),  # may wrap there
                "is_plus": c.is_plus,
                "units": c.units if not c.card_kinds else None,
                "one_by_one": taken_one_by_one(c),
                "open": allowed is None or c.code in allowed,
                "checked": chosen == c.code,
                "left": left_messages(c.code, self.ruleset),
                "id": f"id_contract_{c.code}",
            }
            for c in self.ruleset.contracts
        ]

    def field_anchor(self, name: str) -> str | None:
        """The contract's tiles are drawn here (``contract_tiles``): a problem with the contract
        leads to the first one the chooser may pick."""
        if name != "contract":
            return None
        tiles = self.contract_tiles()
        return next((t["id"] for t in tiles if t["open"]), tiles[0]["id"] if tiles else None)

    def taker_blocks(self) -> list[dict[str, Any]]:
        return [
            {
                "contract": c,
                "name": contract_name(c),
                "fields": [self[f"took_{c.code}_{n}"] for n in range(1, c.units + 1)],
            }
            for c in self.one_by_one
        ]

    def count_fields(self) -> list[forms.BoundField]:
        return [self[f"count_{seat}"] for seat in SEATS]

    def kind_rows(self) -> list[dict[str, Any]]:
        contracts = [c.code for c in self.ruleset.contracts if c.card_kinds]
        return [
            {
                "kind": kind,
                "contracts": " ".join(contracts),
                "label": kind.name_nl if dutch() else kind.name,
                "fields": [self[f"count_{kind.code}_{seat}"] for seat in SEATS],
            }
            for kind in self.kinds
        ]

    def double_grid(self) -> list[dict[str, Any]]:
        return [
            {
                "seat": seat,
                "name": self.names[seat],
                "short": short_names(self.names)[seat],
                "cells": [self[f"d_{seat}_{t}"] if t != seat else None for t in SEATS],
            }
            for seat in SEATS
        ]

    def has_doubles(self) -> bool:
        """Whether any doubling box is ticked (the form then shows its doubles open)."""
        return any(self[name].value() for name in self.fields if name.startswith("d_"))

    def has_counts(self) -> bool:
        data = self.cleaned_data
        return any(
            data.get(name) is not None for name in data if name.startswith(("count_", "took_"))
        )

    def _takers(self, contract: Contract) -> list[int | None]:
        data = self.cleaned_data
        return [data.get(f"took_{contract.code}_{n}") for n in range(1, contract.units + 1)]

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        contract = self.ruleset.by_code.get(data.get("contract") or "")
        if contract is None or not taken_one_by_one(contract):
            return data
        takers = self._takers(contract)
        counts_given = any(data.get(f"count_{seat}") is not None for seat in SEATS)
        if any(t is not None for t in takers) and None in takers:
            missing = takers.index(None) + 1
            self.add_error(f"took_{contract.code}_{missing}", _("Tap who took it."))
        elif all(t is None for t in takers) and not counts_given and self.saving:
            self.add_error(f"took_{contract.code}_1", _("Tap who took it."))
        return data

    def to_game(self) -> dict[str, Any]:
        """The game in the session document's shape (call after is_valid)."""
        data = self.cleaned_data
        code = data["contract"]
        contract = self.ruleset.by_code.get(code)
        takers = self._takers(contract) if contract and taken_one_by_one(contract) else []
        if takers and None not in takers:
            counts: Any = [takers.count(seat) for seat in SEATS]
        elif contract is not None and contract.card_kinds:
            counts = {
                kind.code: [data.get(f"count_{kind.code}_{seat}") or 0 for seat in SEATS]
                for kind in contract.card_kinds
            }
        else:
            counts = [data.get(f"count_{seat}") or 0 for seat in SEATS]
        doubles = [
            [seat, target]
            for seat in SEATS
            for target in SEATS
            if seat != target and data.get(f"d_{seat}_{target}")
        ]
        return {"contract": code, "chooser": data["chooser"], "counts": counts, "doubles": doubles}


class PaperForm(forms.Form):
    """A whole session copied from a paper sheet: per contract the net points per seat (the
    club's sheet: no order, chooser or doubles), per game in the order played the contract,
    the chooser and the net points, or only the four totals."""

    revision = WholeNumberField(widget=forms.HiddenInput, required=False)
    reason = forms.CharField(
        label=_("Why the saved result changes"),
        required=False,
        max_length=500,
        help_text=_("Needed when this table already has a result: it is kept in the history."),
    )
    mode = forms.ChoiceField(
        label=_("What is on the sheet"),
        widget=forms.RadioSelect,
        choices=[
            ("sheet", _("Points per contract, as on the club's sheet")),
            ("games", _("Points per game, in the order played")),
            ("totals", _("Only the four totals")),
        ],
        initial="sheet",
    )

    def __init__(self, *args: Any, ruleset: Ruleset, names: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.ruleset, self.names = ruleset, names
        self.games = ruleset.games_per_session
        contracts = [("", "—"), *_contract_choices(ruleset)]
        for seat in SEATS:
            self.fields[f"total_{seat}"] = forms.IntegerField(
                label=names[seat],
                required=False,
                widget=SignedNumberInput(attrs={"class": "points"}),
            )
        for n in range(1, self.games + 1):
            self.fields[f"g{n}_contract"] = forms.ChoiceField(
                label=_("Game %(n)s: contract") % {"n": n}, choices=contracts, required=False
            )
            self.fields[f"g{n}_chooser"] = forms.TypedChoiceField(
                label=_("Game %(n)s: chooser") % {"n": n},
                coerce=int,
                required=False,
                choices=[("", "—"), *_seat_choices(names)],
                empty_value=None,
            )
            for seat in SEATS:
                self.fields[f"g{n}_net_{seat}"] = forms.IntegerField(
                    label=_("Game %(n)s: %(name)s") % {"n": n, "name": names[seat]},
                    required=False,
                    widget=SignedNumberInput(attrs={"class": "points"}),
                )

        for contract in ruleset.contracts:
            for seat in SEATS:
                self.fields[f"c_{contract.code}_{seat}"] = forms.IntegerField(
                    label=f"{contract_name(contract)}: {names[seat]}",
                    required=False,
                    widget=SignedNumberInput(attrs={"class": "points"}),
                )

    def sheet_rows(self) -> list[dict[str, Any]]:
        """One row per contract of the ruleset, minus contracts first, as the sheet has them."""
        return [
            {
                "code": c.code,
                "name": contract_name(c),
                "symbol": SYMBOLS.get(c.code, ""),
                "is_plus": c.is_plus,
                "nets": [self[f"c_{c.code}_{seat}"] for seat in SEATS],
            }
            for c in (*self.ruleset.minus_contracts, *self.ruleset.plus_contracts)
        ]

    def sheet_players(self) -> list[dict[str, Any]]:
        """The club's sheet turned a quarter: one card per player, the contracts down it in the
        sheet's order, each with that player's points (a phone shows a card whole, never four
        columns side by side)."""
        rows = self.sheet_rows()
        return [
            {
                "name": self.names[seat],
                "lines": [{**row, "field": row["nets"][seat]} for row in rows],
            }
            for seat in SEATS
        ]

    def game_rows(self) -> list[dict[str, Any]]:
        return [
            {
                "number": n,
                "contract": self[f"g{n}_contract"],
                "chooser": self[f"g{n}_chooser"],
                "nets": [self[f"g{n}_net_{seat}"] for seat in SEATS],
                "named_nets": list(
                    zip(self.names, [self[f"g{n}_net_{seat}"] for seat in SEATS], strict=True)
                ),
            }
            for n in range(1, self.games + 1)
        ]

    def total_fields(self) -> list[forms.BoundField]:
        return [self[f"total_{seat}"] for seat in SEATS]

    def to_document(self) -> dict[str, Any]:
        """The session document (call after is_valid). Rows without a contract are skipped."""
        data = self.cleaned_data
        if data["mode"] == "totals":
            return {"totals": [data.get(f"total_{seat}") or 0 for seat in SEATS]}
        if data["mode"] == "sheet":  # rows left empty are contracts not played
            rows = []
            for contract in self.ruleset.contracts:
                cells = [data.get(f"c_{contract.code}_{seat}") for seat in SEATS]
                if any(cell is not None for cell in cells):
                    rows.append({"contract": contract.code, "net": [cell or 0 for cell in cells]})
            return {"sheet": rows}
        games = []
        for n in range(1, self.games + 1):
            if not data.get(f"g{n}_contract"):
                continue
            games.append(
                {
                    "contract": data[f"g{n}_contract"],
                    "chooser": data.get(f"g{n}_chooser"),
                    "net": [data.get(f"g{n}_net_{seat}") or 0 for seat in SEATS],
                }
            )
        return {"games": games}

    @staticmethod
    def initial_from(
        document: dict[str, Any] | None, result: dict[str, Any] | None, revision: int
    ) -> dict[str, Any]:
        """Prefill with what is stored: each game's contract, chooser and net points."""
        initial: dict[str, Any] = {"revision": revision, "mode": "games" if document else "sheet"}
        if document and document.get("sheet") is not None:
            initial["mode"] = "sheet"
            for game in (result or {}).get("games") or []:
                for seat, points in enumerate(game["points"]):
                    initial[f"c_{game['contract']}_{seat}"] = points
            return initial
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
