"""An organizer corrects one Bonanza Rummy hand of a saved session in the taps the table page
uses (who took each section, the widow, the poker, who went out and the cards left), filled in
with what is stored, in the table page's own rows (``bonanza/_hand_fields.html``): the board as
that hand found it (folded), and while tapping the chips each player wins or pays in it (the
same live check, nothing saved). The other hands, the first
dealer and the end of the session stay as stored (``results.part_correction``): an ended
session is settled again by its own rule."""

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from core.view_helpers import is_htmx, problems
from games.bonanza.plugin.forms import HandForm
from games.bonanza.plugin.views.table import board_cells, played_ruleset
from games.bonanza.rules import GAME, SHOWN
from results.part_correction import session_correct_part
from results.views.correct import correction_context, save_correction
from tournaments.game_plugins import Correctable
from tournaments.models import Table


def choices(result: dict[str, Any], names: list[str]) -> list[Correctable]:
    return [
        Correctable(
            hand["number"],
            _("Hand %(n)s") % {"n": hand["number"]},
            _("%(name)s went out") % {"name": names[hand["out"]]}
            if 0 <= hand["out"] < len(names)
            else "",
        )
        for hand in result.get("hands") or []
    ]


def hand_initial(hand: dict[str, Any]) -> dict[str, Any]:
    """The table page's taps filled in with a stored hand (in the document's shape)."""
    widow = hand.get("widow") or {}
    poker = hand.get("poker") or {}
    sections = hand.get("sections") or {}
    out = hand.get("out") or {}
    initial: dict[str, Any] = {
        "widow_buyer": widow.get("buyer", ""),
        "widow_price": widow.get("price"),
        "poker_entrants": [str(seat) for seat in poker.get("entrants") or []],
        "poker_winner": "" if poker.get("winner") is None else poker["winner"],
        "out_seat": out.get("seat"),
    }
    for code in SHOWN:
        initial[f"section_{code}"] = "" if sections.get(code) is None else sections[code]
    for seat, left in enumerate(out.get("cards_left") or []):
        initial[f"cards_{seat}"] = left if seat != out.get("seat") else None
    return initial


def correction_page(request: HttpRequest, table: Table, number: int) -> HttpResponse:
    session = table.session
    hands = (session.result or {}).get("hands") or []
    stored = session.document.get("hands") or []
    if not 1 <= number <= min(len(hands), len(stored)):
        raise Http404("no such hand")
    played, part = hands[number - 1], stored[number - 1]
    context = correction_context(table, number, _("Hand %(n)s") % {"n": number})
    names = context["names"]
    ruleset = played_ruleset(table.round.event)
    context.update(
        dealer_name=names[played["dealer"]],
        detail=_("%(name)s deals") % {"name": names[played["dealer"]]},
        ruleset=ruleset,
        board=board_cells(_carried(session.document, number, ruleset, names), len(names), ruleset),
    )
    form = HandForm(
        request.POST if request.method == "POST" else None,
        names=context["short_names"],  # on taps, as the table page has them
        dealer=played["dealer"],
        first=False,
        initial={"revision": session.revision, **hand_initial(part)},
    )

    if request.method == "POST" and is_htmx(request):
        return _check(request, context, form, part)

    def write(reason: str, revision: int | None) -> Any:
        return session_correct_part(
            table=table,
            submitted_by=request.user,
            number=number,
            part={**part, **form.part()},
            reason=reason,
            expected_revision=revision,
        )

    return save_correction(request, context, form, write, template="bonanza/correct.html")


def _carried(document: dict[str, Any], number: int, ruleset: Any, names: list[str]) -> Any:
    """What the board held before hand ``number``: the hands before it, scored."""
    if number == 1:
        return {}
    before = {**document, "hands": document["hands"][: number - 1], "end": None}
    outcome = GAME.score(before, ruleset=ruleset, names=names)
    return (outcome.to_dict().get("board") or {}) if outcome.valid else {}


def _check(
    request: HttpRequest, context: dict[str, Any], form: HandForm, part: dict[str, Any]
) -> HttpResponse:
    """The rules' verdict on the hand as tapped (htmx; nothing is saved): the chips each
    player wins or pays in it, counted with the hands before it as stored."""
    shorts, names = context["short_names"], context["names"]
    verdict: dict[str, Any] = {"seats": list(enumerate(shorts)), "correcting": True}
    if not form.is_valid():
        verdict["errors"] = [
            {"text": f"{link['label']}: {link['text']}"} for link in form.problem_links()
        ]
        return render(request, "bonanza/_check.html", verdict)
    stored = context["session"].document
    hands = list(stored["hands"])
    hands[context["number"] - 1] = {**part, **form.part()}
    outcome = GAME.score({**stored, "hands": hands}, ruleset=context["ruleset"], names=names)
    if not outcome.valid:
        verdict["errors"] = problems(error.to_dict() for error in outcome.errors)
        return render(request, "bonanza/_check.html", verdict)
    result = outcome.to_dict()
    hand = result["hands"][context["number"] - 1]
    verdict.update(
        hand=hand,
        nets=list(zip(shorts, hand["nets"], strict=True)),
    )
    return render(request, "bonanza/_check.html", verdict)
