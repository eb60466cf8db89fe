"""The forms of a Bonanza Rummy table: one hand as a few taps (who took each section, the widow,
the poker, who went out and the cards left), and the board's sections as a person reads them.

The forms only collect seats and numbers; ``games.bonanza.rules`` checks and scores them. Its
problems name a field of the hand (``poker.winner``, ``out.cards_left[2]``, ...), which
``form_field`` turns into the form's field so the problem is shown where it was made.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.forms import WholeNumberField, set_choices
from games.bonanza.rules import SECTIONS, SHOWN

# The board's sections as the real board shows them (card symbols; Dutch card letters).
SECTION_LABELS: dict[str, Any] = {
    "joker": gettext_lazy("Joker"),
    "jd_qs": gettext_lazy("J♦ + Q♠"),
    "sequence": gettext_lazy("Sequence"),
    "td_2s": gettext_lazy("10♦ + 2♠"),
    "poker": gettext_lazy("Poker"),
    "ace_spades": gettext_lazy("A♠"),
    "king_hearts": gettext_lazy("K♥"),
    "queen_diamonds": gettext_lazy("Q♦"),
    "jack_clubs": gettext_lazy("J♣"),
    "bonanza": gettext_lazy("Bonanza"),
}
assert set(SECTION_LABELS) == set(SECTIONS)
# On a player's taps, where a tile is a sixth of a phone's width.
TILE_LABELS: dict[str, Any] = {
    **SECTION_LABELS,
    "sequence": gettext_lazy("Seq."),
    "bonanza": gettext_lazy("Out"),
}

_CARDS = re.compile(r"^out\.cards_left\[(\d+)\]$")


def form_field(field: str | None) -> str | None:
    """The hand form's field for a field the rules name (None: the hand as a whole)."""
    if not field:
        return None
    if field in ("widow", "widow.buyer"):
        return "widow_buyer"
    if field == "widow.price":
        return "widow_price"
    if field == "poker" or field.startswith("poker.entrants"):
        return "poker_entrants"
    if field == "poker.winner":
        return "poker_winner"
    if field.startswith("sections."):
        return "section_" + field.removeprefix("sections.")
    if field in ("out", "out.seat"):
        return "out_seat"
    found = _CARDS.match(field)
    return f"cards_{found.group(1)}" if found else None


def _lines(label: Any) -> list[str]:
    """A tile's label on its lines: the two cards of a pair one above the other."""
    return str(label).split(" + ")


def _seat(value: Any) -> int | None:
    return None if value in (None, "") else int(value)


class HandForm(forms.Form):
    """One hand of a table of ``names``, dealt by ``dealer``."""

    revision = WholeNumberField(widget=forms.HiddenInput, min_value=0, required=False)
    first_dealer = forms.TypedChoiceField(coerce=int, widget=forms.HiddenInput)

    def __init__(
        self,
        *args: Any,
        names: list[str],
        dealer: int | None,
        first: bool,
        paper: bool = False,
        **kwargs: Any,
    ) -> None:
        """``dealer`` None: not known yet (a paper sheet, whose first dealer is chosen on the
        same page), so any player may be named as the widow's buyer and the rules judge it.
        ``paper``: drop-down lists instead of taps, and a hand may be left empty."""
        super().__init__(*args, **kwargs)
        self.names, self.dealer, self.paper = names, dealer, paper
        seats: list[tuple[int | str, str]] = list(enumerate(names))
        nobody: list[tuple[int | str, str]] = [("", _("nobody"))]
        pick = forms.Select if paper else forms.RadioSelect
        set_choices(self, "first_dealer", seats)
        if not first:
            del self.fields["first_dealer"]
        kept = (
            _("the dealer plays it")
            if dealer is None
            else _("%(name)s plays it") % {"name": names[dealer]}
        )
        self.fields["widow_buyer"] = forms.ChoiceField(
            label=_("Widow"),
            required=False,
            widget=forms.Select,
            choices=[("", kept)] + [(seat, name) for seat, name in seats if seat != dealer],
        )
        self.fields["widow_price"] = forms.IntegerField(
            label=_("Price paid to the dealer"),
            required=False,
            widget=forms.NumberInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
        )
        self.fields["poker_entrants"] = forms.MultipleChoiceField(
            label=_("Who played poker"),
            required=False,
            choices=seats,
            widget=forms.CheckboxSelectMultiple,
        )
        self.fields["poker_winner"] = forms.ChoiceField(
            label=_("Best poker hand"), required=False, choices=nobody + seats, widget=pick
        )
        for code in SHOWN:
            self.fields[f"section_{code}"] = forms.ChoiceField(
                label=SECTION_LABELS[code],
                required=False,
                widget=pick,
                choices=nobody + seats if paper else seats + nobody,
            )
        self.fields["out_seat"] = forms.ChoiceField(
            label=_("Who went out"),
            choices=[("", "–"), *seats] if paper else seats,
            widget=pick,
            required=not paper,
            error_messages={"required": _("Who went out? Tap the player.")},
        )
        for seat, name in seats:
            self.fields[f"cards_{seat}"] = forms.IntegerField(
                label=name,
                min_value=0,
                required=False,
                widget=forms.NumberInput(
                    attrs={"inputmode": "numeric", "autocomplete": "off", "data-cards": seat}
                ),
            )

    def _choices(self, name: str) -> dict[str, Any]:
        """The field's radio buttons or check boxes by their value ("" for nobody)."""
        return {str(widget.data["value"]): widget for widget in self[name].subwidgets}

    def player_rows(self) -> list[dict[str, Any]]:
        """One compact row per player: the board's sections as taps in the board's order (the
        poker section is the best poker hand, the Bonanza section going out), whether the
        player played poker, and the cards left."""
        fields = {code: f"section_{code}" for code in SHOWN}
        fields.update(poker="poker_winner", bonanza="out_seat")
        choices = {code: self._choices(name) for code, name in fields.items()}
        entrants = self._choices("poker_entrants")
        return [
            {
                "seat": seat,
                "name": name,
                "cells": [
                    (code, _lines(TILE_LABELS[code]), choices[code].get(str(seat)))
                    for code in SECTIONS
                ],
                "entered": entrants.get(str(seat)),
                "cards": self[f"cards_{seat}"],
                "invalid": [code for code, field in fields.items() if self.errors.get(field)],
            }
            for seat, name in enumerate(self.names)
        ]

    def tapped_problems(self) -> list[forms.BoundField]:
        """The tapped fields (each a column of the rows) with a problem: their messages go
        above the rows, where the summary's links lead (``core.refusals``)."""
        names = [f"section_{code}" for code in SHOWN]
        names += ["poker_winner", "poker_entrants", "out_seat"]
        return [self[name] for name in names if name in self.fields and self.errors.get(name)]

    def nobody_row(self) -> list[tuple[str, Any, Any]]:
        """The taps for "nobody took it" (the section stays on the board), in the board's
        order; none for the Bonanza section (somebody always goes out)."""
        fields = {code: f"section_{code}" for code in SHOWN}
        fields.update(poker="poker_winner")
        return [
            (
                code,
                _lines(TILE_LABELS[code]),
                self._choices(fields[code]).get("") if code in fields else None,
            )
            for code in SECTIONS
        ]

    def section_fields(self) -> list[tuple[str, forms.BoundField]]:
        return [(code, self[f"section_{code}"]) for code in SHOWN]

    def cards_fields(self) -> list[forms.BoundField]:
        return [self[f"cards_{seat}"] for seat in range(len(self.names))]

    def filled(self) -> bool:
        """Whether anything of this hand was entered (a paper sheet's empty hands are not)."""
        data = self.cleaned_data if hasattr(self, "cleaned_data") else {}
        return any(
            value not in (None, "", [])
            for name, value in data.items()
            if name not in ("revision", "first_dealer")
        )

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if self.paper and self.filled() and data.get("out_seat") in (None, ""):
            self.add_error("out_seat", _("Who went out? Every hand ends with one player out."))
        buyer, price = data.get("widow_buyer"), data.get("widow_price")
        if buyer not in (None, "") and price is None and "widow_price" not in self.errors:
            self.add_error("widow_price", _("How many chips did the buyer pay?"))
        if buyer in (None, "") and price is not None:
            self.add_error(
                "widow_buyer",
                _("Who bought the widow? Leave the price empty when the dealer plays it."),
            )
        return data

    def part(self) -> dict[str, Any]:
        """The hand as the document has it (seats from 0); an empty cards box counts as 0."""
        data = self.cleaned_data
        buyer = _seat(data.get("widow_buyer"))
        entrants = sorted(int(seat) for seat in data.get("poker_entrants") or [])
        winner = _seat(data.get("poker_winner"))
        return {
            "widow": {"buyer": buyer, "price": data["widow_price"]} if buyer is not None else None,
            "poker": {"entrants": entrants, "winner": winner}
            if entrants or winner is not None
            else None,
            "sections": {code: _seat(data.get(f"section_{code}")) for code in SHOWN},
            "out": {
                "seat": int(data["out_seat"]),
                "cards_left": [data.get(f"cards_{seat}") or 0 for seat in range(len(self.names))],
            },
        }

    def problem_links(self) -> list[dict[str, str]]:
        """The fields with a problem, for the summary above the form: label, anchor, text."""
        links = []
        for name, errors in self.errors.items():
            if name not in self.fields or name in ("revision", "first_dealer"):
                continue
            field = self[name]
            tapped = not name.startswith("cards_") and name not in ("widow_price", "widow_buyer")
            seats = [w for w in field.subwidgets if str(w.data["value"]) != ""]
            anchor = seats[0].id_for_label if tapped and seats else field.auto_id
            text = " ".join(map(str, errors))
            links.append({"label": str(field.label), "anchor": anchor, "text": text})
        return links

    def show_problems(self, errors: list[dict[str, Any]], hand: int) -> list[dict[str, Any]]:
        """Put the rules' problems about this hand on their fields; the others are returned
        (shown above the form)."""
        rest = []
        for error in errors:
            name = form_field(error.get("field")) if error.get("game") == hand else None
            if name in self.fields:
                self.add_error(name, error["text"])
            else:
                rest.append(error)
        return rest
