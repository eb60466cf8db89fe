"""An organizer corrects a Bonko table's result (one table's round, entered whole) in the inputs
the table page uses (``bonko/_result_fields.html`` and its script: the team scores, the
roll-off asked the moment they are level, who won, the called Bonkos, the rolls), filled in
with what is stored; the rest of the document (the set and round, the King's table,
the bell) stays as stored (``results.part_correction``)."""

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.utils.translation import gettext as _

from games.bonko.plugin import words
from games.bonko.plugin.views.table import (
    MAX_SESSIONS,
    ResultForm,
    context_for,
    result_form,
)
from results.part_correction import session_correct_keys
from results.views.correct import correction_context, save_correction
from tournaments.game_plugins import Correctable
from tournaments.models import Table

TEMPLATE = "bonko/correct.html"
FORM_KEYS = ("teams", "bonkos", "rolls")  # what the table page's form writes


def choices(result: dict[str, Any], names: list[str]) -> list[Correctable]:
    if result.get("winner") is None:
        return []
    return [Correctable(1, _("The result"), words.result_sentence(result, names))]


def _with_rolloff(table_context: dict[str, Any], form: ResultForm) -> ResultForm:
    """Level scores: the same form with one more roll-off session to fill in."""
    data = QueryDict(mutable=True)
    data.update(form.data)
    data["sessions"] = str(min(form.session_count + 1, MAX_SESSIONS))
    again = result_form(table_context, data)
    again.is_valid()
    again.errors.clear()
    if again.session_count:
        again.add_error(
            f"rolloff_0_{again.session_count - 1}",
            _("The scores are level: enter the points of the roll-off, until one team leads."),
        )
    return again


def correction_page(request: HttpRequest, table: Table, number: int) -> HttpResponse:
    session = table.session
    seats = sorted(table.seats.all(), key=lambda seat: seat.position)
    listed = choices(session.result or {}, [seat.player.name for seat in seats])
    if number != 1 or not listed:
        raise Http404("no such result")
    table_context = context_for(table)
    context = correction_context(table, number, listed[0].title)
    context.update(detail=listed[0].detail, set_number=table_context["set_number"])
    context.update(
        target=table_context["target"],
        teams=table_context["teams"],
        max_sessions=table_context["max_sessions"],
        team_notes=table_context["team_notes"],
        order_note=table_context["order_note"],
        after=table_context["after"],
    )
    data = request.POST if request.method == "POST" else None
    form = result_form(table_context, data)
    if data is not None and form.is_valid() and form.tied():
        form = _with_rolloff(table_context, form)  # is_valid() no more: asked again

    def write(reason: str, revision: int | None) -> Any:
        document = form.document(table_context["set_number"], table_context["target"])
        return session_correct_keys(
            table=table,
            submitted_by=request.user,
            keys={key: document.get(key) for key in FORM_KEYS},
            reason=reason,
            expected_revision=revision,
        )

    return save_correction(request, context, form, write, template=TEMPLATE)
