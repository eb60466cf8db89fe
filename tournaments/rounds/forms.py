"""Forms for a round on the organizer's pages: the seating method (and its name as people read
it) and a swap of two players. They only parse input; the seating services decide."""

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from core.forms import set_choices
from tournaments.rounds.services import GENERATED_METHODS

METHOD_LABELS = {
    "balanced": _("Balanced: meet as many different players as possible"),
    "random": _("Random"),
    "swiss": _("Swiss: players with similar scores together"),
    "progressive": _("Progressive: winners move up a table"),
}


def seating_label(method: str) -> str:
    """A seating method as people read it (a round seated by hand: "by hand")."""
    if method == "manual":
        return str(_("By hand"))
    return str(METHOD_LABELS.get(method, method))


def method_choices() -> list[tuple[str, Any]]:
    return [(m, METHOD_LABELS.get(m, m)) for m in GENERATED_METHODS]


class SeatRoundForm(forms.Form):
    method = forms.ChoiceField(label=_("Seating"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        set_choices(self, "method", method_choices())


class SwapForm(forms.Form):
    player_a = forms.TypedChoiceField(label=_("Player"), coerce=int)
    player_b = forms.TypedChoiceField(label=_("swaps places with"), coerce=int)

    def __init__(self, *args: Any, players: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("player_a", "player_b"):
            set_choices(self, name, players)
