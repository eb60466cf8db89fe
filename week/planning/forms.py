"""The planning form: it parses; ``week.planning.services.night_plan`` decides."""

import datetime
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from core.forms import set_choices
from core.view_helpers import dutch
from games.registry import games
from week.planning.models import Recurrence
from week.planning.services import local_zone


def game_choices() -> list[tuple[str, str]]:
    return [(code, game.name_nl if dutch() else game.name) for code, game in games().items()]


class NightForm(forms.Form):
    date = forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}))
    start = forms.TimeField(
        label=_("Starts"),
        initial=datetime.time(19, 30),
        widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
    )
    end = forms.TimeField(
        label=_("Ends"),
        initial=datetime.time(23, 30),
        widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
    )
    game = forms.ChoiceField(label=_("Game"))
    place = forms.CharField(label=_("Place"), max_length=200, required=False)
    notes = forms.CharField(
        label=_("Notes"), max_length=2000, required=False, widget=forms.Textarea(attrs={"rows": 2})
    )
    recurrence = forms.ChoiceField(
        label=_("Repeats"), choices=Recurrence.choices, initial=Recurrence.ONCE
    )
    count = forms.IntegerField(
        label=_("How many nights (for a series)"), min_value=1, max_value=52, initial=8
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        set_choices(self, "game", game_choices())

    def night(self) -> dict[str, Any]:
        """The service's arguments: local date and times made aware."""
        data, zone = self.cleaned_data, local_zone()
        starts = datetime.datetime.combine(data["date"], data["start"], zone)
        ends = datetime.datetime.combine(data["date"], data["end"], zone)
        if ends <= starts:  # past midnight
            ends += datetime.timedelta(days=1)
        return {
            "starts_at": starts,
            "ends_at": ends,
            "game": data["game"],
            "place": data["place"],
            "notes": data["notes"],
            "recurrence": data["recurrence"],
            "count": data["count"],
        }
