"""A Bonanza Rummy session copied afterwards from a paper score sheet: who dealt the first hand,
per hand who took each section, the widow, the poker, who went out and the cards left, and
whether the session is over (the ruleset's leftover rule then settles the board). The rules
package has no totals-only document (a chip ledger is kept hand by hand), so the sheet is
copied per hand. The whole document goes to the same service as every other write (a
correction of a saved session says why)."""

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
from core.parsing import whole_number
from core.refusals import field_anchor, form_items
from core.view_helpers import problems
from games.bonanza.plugin.forms import HandForm, form_field
from games.bonanza.plugin.views.table import context_for, leftover_text
from games.bonanza.rules import GAME, SHOWN
from results.services import session_submit
from results.views.scoring import organizer_correcting
from tournaments.models import Table

REASON = "entered from a paper score sheet"
MORE = 4  # empty hands offered beyond those already entered
MOST = 60  # the most hands one page copies


class SheetForm(forms.Form):
    """The sheet as a whole; its hands are ``HandForm``s prefixed ``h1``, ``h2``, ..."""

    revision = WholeNumberField(widget=forms.HiddenInput, min_value=0, required=False)
    first_dealer = forms.TypedChoiceField(
        label=gettext_lazy("Who dealt the first hand?"), coerce=int
    )
    ended = forms.BooleanField(
        label=gettext_lazy("The session is over: settle the board"), required=False
    )
    reason = forms.CharField(
        label=gettext_lazy("Why does the saved result change?"), required=False, max_length=500
    )

    def __init__(self, *args: Any, names: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        set_choices(self, "first_dealer", list(enumerate(names)))


def hand_initial(hand: dict[str, Any]) -> dict[str, Any]:
    """A stored hand as the paper form's initial values."""
    widow = hand.get("widow") or {}
    poker = hand.get("poker") or {}
    sections = hand.get("sections") or {}
    out = hand.get("out") or {}
    initial: dict[str, Any] = {
        "widow_buyer": widow.get("buyer", ""),
        "widow_price": widow.get("price"),
        "poker_entrants": [str(seat) for seat in poker.get("entrants") or []],
        "poker_winner": poker.get("winner", ""),
        "out_seat": out.get("seat", ""),
        **{f"section_{code}": sections.get(code, "") for code in SHOWN},
    }
    for seat, cards in enumerate(out.get("cards_left") or []):
        initial[f"cards_{seat}"] = cards or None
    return {
        key: "" if value is None and key != "widow_price" else value
        for key, value in initial.items()
    }


def _forms(request: HttpRequest, context: dict[str, Any]) -> tuple[SheetForm, list[HandForm]]:
    names = context["short_names"]
    session = context["session"]
    document = session.document if session else {}
    stored = document.get("hands") or []
    source = request.POST if request.method == "POST" else request.GET
    asked = whole_number(source.get("hand_count")) or 0
    count = min(max(asked, len(stored) + MORE), MOST)
    data = request.POST if request.method == "POST" else None
    sheet = SheetForm(
        data,
        names=names,
        initial={
            "revision": context["revision"],
            "first_dealer": document.get("first_dealer", 0),
            "ended": bool(document.get("end")),
        },
    )
    hands = [
        HandForm(
            data,
            names=names,
            dealer=None,
            first=False,
            paper=True,
            prefix=f"h{number}",
            initial=hand_initial(stored[number - 1]) if number <= len(stored) else {},
        )
        for number in range(1, count + 1)
    ]
    for hand in hands:  # the revision belongs to the sheet
        del hand.fields["revision"]
    return sheet, hands


def paper_page(request: HttpRequest, table: Table, token: str) -> HttpResponse:
    context = context_for(table)
    organizer_correcting(request, context)
    sheet, hands = _forms(request, context)
    context.update(
        form=sheet,
        hand_forms=list(enumerate(hands, start=1)),
        hand_count=len(hands),
        more=min(len(hands) + MORE, MOST),
        ruleset_leftover=leftover_text(context["ruleset"].leftover),
    )
    if request.method != "POST":
        return render(request, "bonanza/paper.html", context)
    valid = sheet.is_valid() & all([hand.is_valid() for hand in hands])
    if valid and context["session"] and not sheet.cleaned_data["reason"].strip():
        sheet.add_error("reason", _("Say why the saved result changes."))
        valid = False
    filled = [
        number
        for number, hand in enumerate(hands, start=1)
        if hasattr(hand, "cleaned_data") and hand.filled()
    ]
    if filled != list(range(1, len(filled) + 1)):
        sheet.add_error(None, _("Fill in the hands from hand 1 on, without gaps."))
        valid = False
    if not valid:  # the summary names each hand's problems, leading to their fields
        context["errors"] = [
            {
                "anchor": item["anchor"],
                "text": _("Hand %(n)s: %(problem)s")
                % {
                    "n": number,
                    "problem": ": ".join(filter(None, [item.get("label"), item["text"]])),
                },
            }
            for number, hand in enumerate(hands, start=1)
            for item in form_items(hand)
        ]
        return render(request, "bonanza/paper.html", context, status=400)
    document = _document(sheet, [hands[number - 1] for number in filled], context)
    try:
        session_submit(
            table=table,
            submitted_by=request.user,
            document=document,
            expected_revision=sheet.cleaned_data.get("revision"),
            reason=sheet.cleaned_data["reason"].strip() or REASON,
            table_token=token,
        )
    except ServiceError as exc:
        context["errors"] = _place(problems(exc.errors), sheet, hands)
        return render(request, "bonanza/paper.html", context, status=exc.status_code)
    messages.success(request, _("The score sheet is saved."))
    return redirect("scoring:table_page", token=token)


def _document(sheet: SheetForm, hands: list[HandForm], context: dict[str, Any]) -> dict[str, Any]:
    end = None
    if sheet.cleaned_data["ended"]:
        session = context["session"]
        end = (session and session.document.get("end")) or {"leftover": context["ruleset"].leftover}
    return {
        "game": GAME.code,
        "first_dealer": sheet.cleaned_data["first_dealer"],
        "hands": [hand.part() for hand in hands],
        "end": end,
    }


def _place(
    errors: list[dict[str, Any]], sheet: SheetForm, hands: list[HandForm]
) -> list[dict[str, Any]]:
    """Put each problem on its hand's field; the rest (and a summary) go above the form."""
    rest = []
    for error in errors:
        number = error.get("game")
        name = form_field(error.get("field"))
        if number and 0 < number <= len(hands) and name in hands[number - 1].fields:
            hands[number - 1].add_error(name, error["text"])
            rest.append(
                {
                    **error,
                    "text": _("Hand %(n)s: %(problem)s") % {"n": number, "problem": error["text"]},
                    "anchor": field_anchor(hands[number - 1][name]),
                }
            )
        elif error.get("field") in ("end", "end.leftover"):
            sheet.add_error("ended", error["text"])
        else:
            rest.append(error)
    return rest
