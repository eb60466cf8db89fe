"""A Bonko table's own page (``/t/<token>/`` of a Bonko event): one table's result of one round.

The common case is two numbers and two taps: each team's score, who won, save. A tie asks for
roll-off points, one session at a time, until one team leads; each player's called Bonkos have a
small stepper. The round's target number and the bell (rung at the King's table, polled by the
page) stay in view. The page only collects numbers: ``bonko.rules`` checks and scores them
through the one session write path (``games.services.session_submit``).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from bonko.plugin.bell import bell_state, is_kings_table
from bonko.plugin.rolls import parse_rolls, rolls_text
from bonko.rules import GAME
from core.errors import ServiceError
from core.forms import set_choices
from core.parsing import whole_number
from core.view_helpers import problems
from games.services import session_submit
from tournaments.house_rules import event_ruleset
from tournaments.models import Round, Table
from tournaments.night_sets import round_in_set

TEAMS = ((0, 2), (1, 3))  # partners sit opposite: the team already at the table first
MAX_SESSIONS = 20  # roll-off sessions a page offers before it stops adding rows
MAX_POINTS = 100_000


class ResultForm(forms.Form):
    """Two team scores, who won, roll-off points per session, and the called Bonkos."""

    revision = forms.IntegerField(widget=forms.HiddenInput, min_value=0, required=False)
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
        rolloff = self.rolloff()
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
        """Each team's roll-off points per session (an empty box counts as 0)."""
        data = self.cleaned_data
        return [
            [data.get(f"rolloff_{team}_{session}") or 0 for session in range(self.session_count)]
            for team in range(2)
        ]

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


def team_names(names: list[str]) -> list[str]:
    """The two teams by their partners' names (``Anna & Cor``)."""
    return [" & ".join(names[seat] for seat in seats if seat < len(names)) for seats in TEAMS]


def context_for(table: Table) -> dict[str, Any]:
    event = table.round.event
    players = [s.player for s in sorted(table.seats.all(), key=lambda s: s.position)]
    names = [p.name for p in players]
    ruleset = (
        event_ruleset(event.club_id, GAME.code, event.ruleset)
        or GAME.rulesets.get(event.ruleset)
        or GAME.rulesets[GAME.default_ruleset]
    )
    set_number, round_number = round_in_set(table.round.number, ruleset.rounds_per_set)
    session = getattr(table, "session", None)
    result = session.result if session else {}
    teams = team_names(names)
    saved = None
    if session and result.get("valid", True) and result.get("winner") is not None:
        winner = result["winner"]
        saved = {
            "winner": teams[winner],
            "loser": teams[1 - winner],
            "scores": result.get("scores") or [0, 0],
            "rolloff": result.get("rolloff"),
            "bonkos": list(zip(names, result.get("bonkos") or [0] * 4, strict=False)),
        }
    return {
        "table": table,
        "round": table.round,
        "event": event,
        "players": players,
        "names": names,
        "teams": teams,
        "session": session,
        "saved": saved,
        "set_number": set_number,
        "target": round_number,
        "ruleset": ruleset,
        "revision": session.revision if session else 0,
        "closed": table.round.status == Round.Status.CLOSED,
        "fits": len(names) == 4,
        "king": is_kings_table(table),
        "bell": bell_state(table.round),
    }


def _initial(context: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """The form's first values: the saved result when there is one (to correct it)."""
    initial: dict[str, Any] = {"revision": context["revision"]}
    session = context["session"]
    document = session.document if session else None
    if not document or not isinstance(document.get("teams"), list):
        return initial, 0
    sessions = 0
    for team in document["teams"]:
        index = 0 if sorted(team.get("seats") or []) == [0, 2] else 1
        initial[f"score_{index}"] = team.get("score")
        for session_index, points in enumerate(team.get("rolloff") or []):
            initial[f"rolloff_{index}_{session_index}"] = points
            sessions = max(sessions, session_index + 1)
    for seat, count in enumerate(document.get("bonkos") or []):
        initial[f"bonkos_{seat}"] = count
    initial["rolls"] = rolls_text(document.get("rolls"))
    if context["saved"] is not None:
        initial["winner"] = session.result.get("winner")
    initial["sessions"] = sessions
    return initial, sessions


def result_form(context: dict[str, Any], data: Any = None) -> ResultForm:
    initial, sessions = _initial(context)
    if data is not None:
        sessions = min(whole_number(data.get("sessions")) or 0, MAX_SESSIONS)
    return ResultForm(
        data, teams=context["teams"], names=context["names"], sessions=sessions, initial=initial
    )


def _ask_rolloff(context: dict[str, Any], form: ResultForm) -> HttpResponse | None:
    """When the teams are level, the form again with one more roll-off session to fill in."""
    if not form.tied():
        return None
    data = QueryDict(mutable=True)
    data.update(form.data)  # a copy, every value of every key
    data["sessions"] = str(min(form.session_count + 1, MAX_SESSIONS))
    again = result_form(context, data)
    again.is_valid()
    level = form.cleaned_data["score_0"] + sum(form.rolloff()[0])
    message = _(
        "%(first)s and %(second)s are level at %(score)s: enter the points of the "
        "roll-off, until one team leads."
    ) % {"first": context["teams"][0], "second": context["teams"][1], "score": level}
    again.errors.clear()
    if again.session_count:
        again.add_error(f"rolloff_0_{again.session_count - 1}", message)
    context["form"] = again
    return render(context["request"], "bonko/score.html", context, status=400)


def score_page(request: HttpRequest, table: Table, token: str) -> HttpResponse:
    context = context_for(table)
    context["request"] = request
    if request.method != "POST":
        context["form"] = result_form(context)
        return render(request, "bonko/score.html", context)
    form = result_form(context, request.POST)
    context["form"] = form
    if not form.is_valid():
        return render(request, "bonko/score.html", context, status=400)
    asked = _ask_rolloff(context, form)
    if asked is not None:
        return asked
    document = form.document(context["set_number"], context["target"])
    try:
        session = session_submit(
            table=table,
            submitted_by=request.user,
            document=document,
            expected_revision=form.cleaned_data.get("revision"),
            table_token=token,
        )
    except ServiceError as exc:
        found = problems(exc.errors)
        unplaced = attach_to_fields(form, found)
        context["errors"] = unplaced
        return render(request, "bonko/score.html", context, status=exc.status_code)
    winner = session.result["winner"]
    scores = session.result["scores"]
    messages.success(
        request,
        _("Saved: %(winner)s beat %(loser)s, %(won)s to %(lost)s.")
        % {
            "winner": context["teams"][winner],
            "loser": context["teams"][1 - winner],
            "won": scores[winner],
            "lost": scores[1 - winner],
        },
    )
    return redirect("scoring:table", token=token)


def form_field(path: str | None) -> str | None:
    """The page's field for a document path of a Bonko problem (``teams[1].score`` is
    ``score_1``, ``teams[0].rolloff[2]`` is ``rolloff_0_2``, ``bonkos[3]`` is ``bonkos_3``)."""
    if not path:
        return None
    flat = path.replace("[", ".").replace("]", "").split(".")
    if flat[0] == "teams" and len(flat) >= 3 and flat[1].isdigit():
        team = flat[1]
        if flat[2] == "score":
            return f"score_{team}"
        if flat[2] == "rolloff":
            return f"rolloff_{team}_{flat[3]}" if len(flat) > 3 else f"rolloff_{team}_0"
    if flat[0] == "rolls":
        return "rolls"
    if flat[0] == "bonkos":
        return f"bonkos_{flat[1]}" if len(flat) > 1 else "bonkos_0"
    return None


def attach_to_fields(form: ResultForm, found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Put each problem at its field; the ones without a field on this page are returned."""
    rest = []
    for error in found:
        field = form_field(error.get("field"))
        if field in form.fields:
            form.add_error(field, error["text"])
        else:
            rest.append(error)
    return rest


def sheet_result(result: dict[str, Any], names: list[str]) -> dict[str, Any] | None:
    """A stored Bonko result as the public table sheet shows it: per team its players, score,
    roll-off points and whether it won; the called Bonkos per player."""
    if not result.get("valid", True) or result.get("winner") is None:
        return None
    teams = []
    for index, seats in enumerate(result.get("teams") or []):
        teams.append(
            {
                "name": " & ".join(names[seat] for seat in seats if seat < len(names)),
                "score": (result.get("scores") or [0, 0])[index],
                "rolloff": (result.get("rolloff") or [[], []])[index],
                "won": index == result["winner"],
            }
        )
    bonkos = [
        (name, count)
        for name, count in zip(names, result.get("bonkos") or [], strict=False)
        if count
    ]
    return {
        "teams": teams,
        "bonkos": bonkos,
        "round": result.get("round"),
        "set": result.get("set"),
        "bell": result.get("bell"),
        "king": result.get("king"),
    }
