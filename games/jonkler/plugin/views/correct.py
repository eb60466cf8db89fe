"""An organizer corrects one Jonkler round of a saved session in the inputs the table page uses
(the bids in that round's bidding order, the tricks), filled in with what is stored; the other
rounds, the first dealer and any other note of the round stay as stored
(``results.part_correction``)."""

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from games.jonkler.plugin.views.table import RoundForm
from games.jonkler.rules import GAME
from games.jonkler.rules.rules import bidding_order
from results.part_correction import session_correct_part
from results.views.correct import correction_context, save_correction
from tournaments.game_plugins import Correctable
from tournaments.house_rules.services import event_ruleset
from tournaments.models import Table


def choices(result: dict[str, Any], names: list[str]) -> list[Correctable]:
    return [
        Correctable(
            played["round"],
            _("Round %(n)s") % {"n": played["round"]},
            _("%(name)s deals") % {"name": names[played["dealer"]]}
            if played["dealer"] < len(names)
            else "",
        )
        for played in result.get("rounds") or []
    ]


def correction_page(request: HttpRequest, table: Table, number: int) -> HttpResponse:
    session = table.session
    rounds = (session.result or {}).get("rounds") or []
    stored = session.document.get("rounds") or []
    if not 1 <= number <= min(len(rounds), len(stored)):
        raise Http404("no such round")
    played, part = rounds[number - 1], stored[number - 1]
    context = correction_context(table, number, _("Round %(n)s") % {"n": number})
    names = context["names"]
    order = bidding_order(played["dealer"], len(names))
    event = table.round.event
    ruleset = event_ruleset(event.club_id, GAME.code, event.ruleset) or GAME.rulesets.get(
        event.ruleset
    )
    context.update(
        dealer=played["dealer"],
        hook_rule=bool(getattr(ruleset, "hook_rule", False)),
        dealer_name=names[played["dealer"]],
        cards=number,
        detail=_("%(name)s deals") % {"name": names[played["dealer"]]},
    )
    initial: dict[str, Any] = {"revision": session.revision}
    for seat, (bid, took) in enumerate(zip(part["bids"], part["tricks"], strict=False)):
        initial[f"bid_{seat}"], initial[f"tricks_{seat}"] = bid, took
    form = RoundForm(
        request.POST if request.method == "POST" else None,
        names=names,
        cards=number,
        order=order,
        first=False,
        initial=initial,
    )

    def write(reason: str, revision: int | None) -> Any:
        return session_correct_part(
            table=table,
            submitted_by=request.user,
            number=number,
            part={**part, **form.part()},  # a round's other notes (who jonkled) stay
            reason=reason,
            expected_revision=revision,
        )

    return save_correction(request, context, form, write, template="jonkler/correct.html")
