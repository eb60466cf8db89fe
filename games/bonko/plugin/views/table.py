"""A Bonko table's own page (``/t/<token>/`` of a Bonko event): one table's result of one round.

The common case is two numbers and two taps: each team's score, who won, save. Level scores
show the roll-off at once (one session ready, one more while it stays level; without scripts the
save asks for it, in the one refusal that names everything the rules find missing); a team
tapped as the winner is taken when the scores allow it, otherwise the page says why. Each
player's called Bonkos have a small stepper. The round's target number, the set, the King's
table and the bell are explained where they appear, and the bell (rung at the King's table,
polled by the page) stays in view. The page only collects numbers: ``games.bonko.rules`` checks
and scores them through the one session write path (``results.services.session_submit``).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from core.errors import ServiceError
from core.parsing import whole_number
from core.view_helpers import problems
from games.bonko.plugin import words
from games.bonko.plugin.bell import UNDO_SECONDS, bell_state, is_kings_table, undo_left
from games.bonko.plugin.forms import MAX_SESSIONS, TEAMS, ResultForm
from games.bonko.plugin.rolls import rolls_text
from games.bonko.plugin.tables import arrived_by_movement
from games.bonko.rules import GAME
from results.services import session_submit
from tournaments.house_rules.services import event_ruleset
from tournaments.models import Round, Table
from tournaments.rounds.night_sets import round_in_set


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
            "sentence": words.result_sentence(result, names),
            "scores": result.get("scores") or [0, 0],
            "rolloff": result.get("rolloff"),
            "bonkos": list(zip(names, result.get("bonkos") or [0] * 4, strict=False)),
        }
    moved = arrived_by_movement(table.round)
    numbers = list(Table.objects.filter(round_id=table.round_id).values_list("number", flat=True))
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
        "max_sessions": MAX_SESSIONS,
        "bell": bell_state(table.round),
        "undo_seconds": UNDO_SECONDS,
        **_undo(table.round),
        "team_notes": [words.roll_order(True, moved), words.roll_order(False, moved)],
        "order_note": words.order_note(moved, table.round.number == 1),
        "after": words.after_round(table.number, numbers),
    }


def _undo(round_: Round) -> dict[str, Any]:
    """How long the bell that rang may still be taken back, for the King's table's page."""
    left = undo_left(round_)
    rung_at = round_.bell_rung_at
    return {
        "undo_left": left,
        "undo_until": rung_at + timedelta(seconds=UNDO_SECONDS) if rung_at else None,
        "undo_label": _("Bell rung – undo ({s} s)").replace("{s}", str(left)),
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
    """The result's form, with at least one roll-off session ready (shown when the scores are
    level)."""
    initial, sessions = _initial(context)
    if data is not None:
        sessions = min(whole_number(data.get("sessions")) or 0, MAX_SESSIONS)
    sessions = max(sessions, 1)
    initial["sessions"] = sessions
    return ResultForm(
        data, teams=context["teams"], names=context["names"], sessions=sessions, initial=initial
    )


ROLLOFF_ASKED = ("rolloff_needed", "rolloff_tied")  # the rules' codes: a roll-off to enter


def _refused(context: dict[str, Any], form: ResultForm, exc: ServiceError) -> HttpResponse:
    """The page again after the rules refused the result, every problem at once (the summary
    at the top of the form, each at its field). When the teams are level the form gets one more
    roll-off session to fill in, and the roll-off's problem goes to that session."""
    found = problems(exc.errors)
    if any(error.get("code") in ROLLOFF_ASKED for error in found):
        data = QueryDict(mutable=True)
        data.update(form.data)  # a copy, every value of every key
        played = len(form.rolloff()[0])  # one more session than those played
        data["sessions"] = str(min(max(played + 1, form.session_count), MAX_SESSIONS))
        form = result_form(context, data)
        form.is_valid()
        form.errors.clear()
        session = f"teams[0].rolloff[{form.session_count - 1}]"
        found = [
            {**error, "field": session} if error.get("code") in ROLLOFF_ASKED else error
            for error in found
        ]
    context["form"] = form
    context["errors"] = attach_to_fields(form, found)
    return render(context["request"], "bonko/score.html", context, status=exc.status_code)


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
    document = form.document(context["set_number"], context["target"])
    try:
        session_submit(
            table=table,
            submitted_by=request.user,
            document=document,
            expected_revision=form.cleaned_data.get("revision"),
            table_token=token,
        )
    except ServiceError as exc:
        return _refused(context, form, exc)
    # The page says what was saved at the top of its sheet ("Saved: ... beat ..."): no second
    # line of the same words above it.
    return redirect("scoring:table_page", token=token)


def form_field(path: str | None) -> str | None:
    """The page's field for a document path of a Bonko problem (``teams[1].score`` is
    ``score_1``, ``teams[0].rolloff[2]`` is ``rolloff_0_2``, ``bonkos[3]`` is ``bonkos_3``)."""
    if not path:
        return None
    flat = path.replace("[", ".").replace("]", "").split(".")
    if flat[0] == "teams" and len(flat) >= 3 and whole_number(flat[1]) is not None:
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
        "sentence": words.result_sentence(result, names),
        "bonkos": bonkos,
        "round": result.get("round"),
        "set": result.get("set"),
        "bell": result.get("bell"),
        "king": result.get("king"),
    }
