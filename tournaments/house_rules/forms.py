"""The form of a club's house rules: a game and its rules as the game's JSON data. It only
parses input; the game checks the rules (``tournaments.house_rules.services``)."""

import json
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from core.forms import set_choices


class HouseRulesetForm(forms.Form):
    """House rules for a game, as the game's JSON data (code, names and the rules)."""

    game = forms.ChoiceField(label=_("Game"))
    # A field named "data": the form's metaclass takes it off the class (the stubs see it
    # shadow BaseForm.data).
    data = forms.CharField(  # type: ignore[assignment]
        label=_("Rules (JSON)"), widget=forms.Textarea(attrs={"rows": 16})
    )

    def __init__(self, *args: Any, games: list[tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        set_choices(self, "game", games)

    def clean_data(self) -> Any:
        try:
            return json.loads(self.cleaned_data["data"])
        except ValueError as error:
            raise forms.ValidationError(
                _("This is not valid JSON: %(reason)s"), params={"reason": error}
            ) from error
