"""The planning forms: they parse; ``week.planning.services.night_plan`` decides.

``NightForm`` is the night (or the series' first night): its date and times, game, rules,
rounds, place and notes, and how it repeats. ``SkipForm`` reads the dates of a series the
organizer chose to skip, among the series' own dates."""

import datetime
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from core.clock_field import ClockField
from core.day_field import DayField
from core.forms import WholeNumberField, set_choices
from core.view_helpers import attach_problems, dutch
from games.registry import games
from tournaments.events.forms import HouseChoices, RulesetSelect, ruleset_choices
from week.planning.models import Recurrence
from week.planning.night_rules import DEFAULT_ROUNDS, MAX_NIGHTS, MAX_ROUNDS, local_zone
from week.planning.recurrence import occurrence_dates


def game_choices() -> list[tuple[str, str]]:
    return [(code, game.name_nl if dutch() else game.name) for code, game in games().items()]


class NightForm(forms.Form):
    date = DayField(label=_("Date"))
    start = ClockField(label=_("Starts"), initial=datetime.time(19, 30))
    end = ClockField(label=_("Ends"), initial=datetime.time(23, 30))
    game = forms.ChoiceField(label=_("Game"), widget=forms.Select(attrs={"data-game-choice": ""}))
    ruleset = forms.ChoiceField(
        label=_("Rules"), required=False, widget=RulesetSelect(attrs={"data-rulesets": ""})
    )
    planned_rounds = WholeNumberField(
        label=_("Rounds"), min_value=1, max_value=MAX_ROUNDS, initial=DEFAULT_ROUNDS
    )
    place = forms.CharField(label=_("Place"), max_length=200, required=False)
    notes = forms.CharField(
        label=_("Notes"), max_length=2000, required=False, widget=forms.Textarea(attrs={"rows": 2})
    )
    recurrence = forms.ChoiceField(
        label=_("Repeats"), choices=Recurrence.choices, initial=Recurrence.ONCE
    )
    count = WholeNumberField(
        label=_("How many nights (for a series)"), min_value=1, max_value=MAX_NIGHTS, initial=8
    )
    confirm_same_time = forms.BooleanField(
        label=_("Plan it anyway, beside the night already planned"), required=False
    )

    def __init__(self, *args: Any, house: HouseChoices | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        names = game_choices()
        set_choices(self, "game", names)
        set_choices(self, "ruleset", ruleset_choices(house))
        widget = self.fields["ruleset"].widget
        assert isinstance(widget, RulesetSelect)
        widget.group_games = {name: code for code, name in names}
        widget.game = str((self.data.get("game") if self.is_bound else None) or "")

    # Shown once a plan was refused for a night starting at the same time (``take_problems``).
    show_same_time = False

    def take_problems(self, found: list[dict[str, Any]]) -> None:
        """The service's problems (``core.view_helpers.problems``) on the form: those with the
        night's start (``starts_at``) at its time; and when another night starts at that time,
        the box to plan it anyway."""
        moved = [{**p, "field": "start"} if p.get("field") == "starts_at" else p for p in found]
        attach_problems(self, moved)
        self.show_same_time = any(p.get("code") == "night_same_time" for p in found)

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
            "ruleset": data["ruleset"],
            "planned_rounds": data["planned_rounds"],
            "place": data["place"],
            "notes": data["notes"],
            "recurrence": data["recurrence"],
            "count": data["count"],
            "confirm_same_time": data["confirm_same_time"],
        }

    def dates(self) -> list[datetime.date]:
        """The series' dates (one for a night planned once)."""
        data = self.cleaned_data
        return occurrence_dates(data["date"], data["recurrence"], data["count"])


class SkipForm(forms.Form):
    """The dates of the series to skip: checkboxes, one for each of its dates."""

    skip = forms.MultipleChoiceField(
        label=_("Dates to skip"), required=False, widget=forms.CheckboxSelectMultiple
    )

    def __init__(self, *args: Any, dates: list[datetime.date], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        set_choices(self, "skip", [(day.isoformat(), day.isoformat()) for day in dates])

    def skipped(self) -> list[datetime.date]:
        return [datetime.date.fromisoformat(day) for day in self.cleaned_data["skip"]]
