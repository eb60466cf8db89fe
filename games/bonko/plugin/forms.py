"""The form of a Bonko table's result: two team scores, who won, roll-off points per session
(one session is always ready, shown when the scores are level), each player's called Bonkos and,
optionally, the rolls themselves. It only collects numbers; ``games.bonko.rules`` checks them."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.forms import WholeNumberField, set_choices
from games.bonko.plugin.rolls import parse_rolls
from games.bonko.rules import GAME

TEAMS = ((0, 2), (1, 3))  # partners sit opposite: the team already at the table first
MAX_SESSIONS = 20  # roll-off sessions a page offers before it stops adding rows
MAX_POINTS = 100_000


class ResultForm(forms.Form):
    """Two team scores, who won, roll-off points per session, and the called Bonkos."""

    revision = WholeNumberField(widget=forms.HiddenInput, min_value=0, required=False)
    sessions = forms.IntegerField(
        widget=forms.HiddenInput, min_value=0, max_value=MAX_SESSIONS, required=False
    )
    winner = forms.TypedChoiceField(
        coerce=int,
        required=False,
        empty_value=None,
        widget=forms.RadioSelect,
        label=gettext_lazy("Who won?"),
    )

    rolls = forms.CharField(
        label=gettext_lazy("The rolls (optional)"),
        required=False,
        max_length=20_000,
        widget=forms.Textarea(attrs={"rows": 6, "autocomplete": "off", "spellcheck": "false"}),
    )

    def __init__(
        self, *args: Any, teams: list[str], names: list[str], sessions: int, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.team_names, self.names, self.session_count = teams, names, sessions
        self.parsed_rolls: list[dict[str, Any]] | None = None
        set_choices(self, "winner", list(enumerate(teams)))
        for team, label in enumerate(teams):
            self.fields[f"score_{team}"] = forms.IntegerField(
                label=label,
                min_value=0,
                max_value=MAX_POINTS,
                widget=forms.NumberInput(
                    attrs={
                        "inputmode": "numeric",
                        "min": 0,
                        "autocomplete": "off",
                        "data-score": team,
                    }
                ),
            )
            for session in range(sessions):
                self.fields[f"rolloff_{team}_{session}"] = forms.IntegerField(
                    label=label,
                    min_value=0,
                    max_value=MAX_POINTS,
                    required=False,
                    widget=forms.NumberInput(
                        attrs={"inputmode": "numeric", "min": 0, "autocomplete": "off"}
                    ),
                )
        for seat, name in enumerate(names):
            self.fields[f"bonkos_{seat}"] = forms.IntegerField(
                label=name,
                min_value=0,
                max_value=99,
                required=False,
                widget=forms.NumberInput(
                    attrs={
                        "inputmode": "numeric",
                        "min": 0,
                        "max": 99,
                        "class": "stepper-input",
                        "data-stepper": "",
                    }
                ),
            )

    def score_fields(self) -> list[forms.BoundField]:
        return [self[f"score_{team}"] for team in range(2)]

    def rolloff_rows(self) -> list[tuple[int, list[forms.BoundField]]]:
        return [
            (session + 1, [self[f"rolloff_{team}_{session}"] for team in range(2)])
            for session in range(self.session_count)
        ]

    def bonko_fields(self) -> list[forms.BoundField]:
        return [self[f"bonkos_{seat}"] for seat in range(len(self.names))]

    def clean_rolls(self) -> str:
        text = self.cleaned_data.get("rolls") or ""
        rolls, found = parse_rolls(text)
        if found:
            raise forms.ValidationError(found)
        self.parsed_rolls = rolls or None
        return text

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        first, second = (data.get(f"score_{team}") for team in range(2))
        if first is None or second is None:
            return data
        scores = [first, second]
        rolloff = self.rolloff() if first == second else [[], []]
        totals = [scores[team] + sum(rolloff[team]) for team in range(2)]
        if scores[0] == scores[1] and not any(rolloff[0] + rolloff[1]):
            return data  # the view asks for the roll-off
        leader = None if totals[0] == totals[1] else int(totals[1] > totals[0])
        chosen = data.get("winner")
        if chosen is not None and leader is not None and chosen != leader:
            self.add_error(
                "winner",
                _("%(winner)s scored less than %(other)s; check the scores or who won.")
                % {"winner": self.team_names[chosen], "other": self.team_names[1 - chosen]},
            )
        return data

    def rolloff(self) -> list[list[int]]:
        """Each team's roll-off points per session (an empty box counts as 0); the sessions at
        the end with both boxes empty are not played yet."""
        data = self.cleaned_data
        rows = [
            [data.get(f"rolloff_{team}_{session}") for team in range(2)]
            for session in range(self.session_count)
        ]
        while rows and all(points is None for points in rows[-1]):
            rows.pop()
        return [[row[team] or 0 for row in rows] for team in range(2)]

    def tied_now(self) -> bool:
        """Whether the scores as entered (or saved) are level: the page then shows the
        roll-off."""
        source = self.data if self.is_bound else self.initial
        first, second = (str(source.get(f"score_{team}") or "").strip() for team in range(2))
        return first != "" and first == second

    def tied(self) -> bool:
        """Whether the teams are still level (after the roll-offs entered so far)."""
        data = self.cleaned_data
        rolloff = self.rolloff()
        if data.get("score_0") != data.get("score_1"):
            return False
        return not rolloff[0] or rolloff[0][-1] == rolloff[1][-1]

    def document(self, set_number: int, round_number: int) -> dict[str, Any]:
        data = self.cleaned_data
        tied = data["score_0"] == data["score_1"]
        rolloff = self.rolloff() if tied else [[], []]
        document: dict[str, Any] = {
            "game": GAME.code,
            "set": set_number,
            "round": round_number,
            "teams": [
                {"seats": list(seats), "score": data[f"score_{team}"], "rolloff": rolloff[team]}
                for team, seats in enumerate(TEAMS)
            ],
            "bonkos": [data.get(f"bonkos_{seat}") or 0 for seat in range(len(self.names))],
        }
        if self.parsed_rolls:
            document["rolls"] = self.parsed_rolls
            if not any(document["bonkos"]):
                del document["bonkos"]  # the rolls say who called a Bonko
        return document
