"""Forms for the organizer's pages. They only parse input; the services decide what is allowed
and report problems in the one shape (``attach_problems`` puts them on the form's fields)."""

import json
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from bonken.rules import RULESETS
from clubs.forms import NAMESAKE_LABEL, NamesakeMixin
from core.forms import set_choices
from core.web import dutch
from tournaments.models import Event
from tournaments.rounds import GENERATED_METHODS

METHOD_LABELS = {
    "balanced": _("Balanced: meet as many different players as possible"),
    "random": _("Random"),
    "swiss": _("Swiss: players with similar scores together"),
    "progressive": _("Progressive: winners move up a table"),
}


def ruleset_choices() -> list[tuple[str, str]]:
    return [(code, r.name_nl if dutch() else r.name) for code, r in RULESETS.items()]


def method_choices() -> list[tuple[str, Any]]:
    return [(m, METHOD_LABELS.get(m, m)) for m in GENERATED_METHODS]


class EventForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=160)
    kind = forms.ChoiceField(label=_("Kind"), choices=Event.Kind.choices)
    date = forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}))
    ruleset = forms.ChoiceField(label=_("Rules"))
    planned_rounds = forms.IntegerField(label=_("Rounds"), min_value=1, max_value=50, initial=3)
    seating_method = forms.ChoiceField(label=_("Seating"))
    substitute_counts = forms.TypedChoiceField(
        label=_("A seat a substitute finished counts for"), required=False,
        choices=Event._meta.get_field("substitute_counts").choices or [], initial="starter",
        empty_value="starter")
    standings_count = forms.TypedChoiceField(
        label=_("The standings count"), required=False,
        choices=Event._meta.get_field("standings_count").choices or [], initial="complete",
        empty_value="complete")

    def __init__(self, *args: Any, house: list[tuple[str, str]] | None = None,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        set_choices(self, "ruleset", [*ruleset_choices(), *(house or [])])
        set_choices(self, "seating_method", method_choices())


class SeatRoundForm(forms.Form):
    method = forms.ChoiceField(label=_("Seating"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        set_choices(self, "method", method_choices())


class WalkInForm(NamesakeMixin, forms.Form):
    name = forms.CharField(label=_("Name of the walk-in"), max_length=120)
    namesake = forms.BooleanField(label=NAMESAKE_LABEL, required=False)


class CheckInForm(forms.Form):
    player = forms.IntegerField(widget=forms.HiddenInput)
    present = forms.BooleanField(required=False)


class SwapForm(forms.Form):
    player_a = forms.TypedChoiceField(label=_("Player"), coerce=int)
    player_b = forms.TypedChoiceField(label=_("swaps places with"), coerce=int)

    def __init__(self, *args: Any, players: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("player_a", "player_b"):
            set_choices(self, name, players)


class HouseRulesetForm(forms.Form):
    """House rules for a game, as the game's JSON data (code, names and the rules)."""

    game = forms.ChoiceField(label=_("Game"))
    # A field named "data": the form's metaclass takes it off the class (the stubs see it
    # shadow BaseForm.data).
    data = forms.CharField(  # type: ignore[assignment]
        label=_("Rules (JSON)"), widget=forms.Textarea(attrs={"rows": 16}))

    def __init__(self, *args: Any, games: list[tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        set_choices(self, "game", games)

    def clean_data(self) -> Any:
        try:
            return json.loads(self.cleaned_data["data"])
        except ValueError as error:
            raise forms.ValidationError(
                _("This is not valid JSON: %(reason)s"), params={"reason": error}) from error
