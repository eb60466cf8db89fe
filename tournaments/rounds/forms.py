"""Forms for a round on the organizer's pages: the seating method (its short name in a select
that fits a phone, and what each method does said beside it) and a swap of two players. They
only parse input; the seating services decide."""

from typing import Any

from django import forms
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _

from core.forms import set_choices
from tournaments.rounds.services import GENERATED_METHODS

# A method's name, short enough for a select on a 320 px phone.
METHOD_NAMES = {
    "balanced": _("Balanced"),
    "random": _("Random"),
    "swiss": _("Swiss"),
    "progressive": _("Progressive"),
}
# What a method does, said under the select.
METHOD_LABELS = {
    "balanced": _("Balanced: meet as many different players as possible"),
    "random": _("Random: the tables drawn by lot"),
    "swiss": _("Swiss: players with similar scores together"),
    "progressive": _("Progressive: winners move up a table"),
}


def seating_label(method: str) -> str:
    """A seating method as people read it (a round seated by hand: "by hand")."""
    if method == "manual":
        return str(_("By hand"))
    return str(METHOD_NAMES.get(method, method))


def method_choices() -> list[tuple[str, Any]]:
    return [(m, METHOD_NAMES.get(m, m)) for m in GENERATED_METHODS]


def method_help() -> SafeString:
    """What each method does, one line each, for the select's help text."""
    return format_html(
        '<ul class="method-help">{}</ul>',
        format_html_join("", "<li>{}</li>", ((METHOD_LABELS[m],) for m in GENERATED_METHODS)),
    )


class SeatRoundForm(forms.Form):
    method = forms.ChoiceField(label=_("Seating"))

    def __init__(self, *args: Any, own: str = "", **kwargs: Any) -> None:
        """``own``: the method of a game that seats its own rounds (a round seated so is
        seated again so unless the organizer picks another)."""
        super().__init__(*args, **kwargs)
        theirs = [(own, _("As the game seats it"))] if own else []
        set_choices(self, "method", theirs + method_choices())
        self.fields["method"].help_text = method_help()


class SwapForm(forms.Form):
    player_a = forms.TypedChoiceField(label=_("Player"), coerce=int)
    player_b = forms.TypedChoiceField(label=_("swaps places with"), coerce=int)

    def __init__(self, *args: Any, players: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("player_a", "player_b"):
            set_choices(self, name, players)
        if len(players) > 1:  # two players from the start, never one with themselves
            self.initial.setdefault("player_b", players[1][0])
