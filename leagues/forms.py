"""The league's organizer forms (founding it, its settings, clubs, seasons and nights) and a
club organizer's (the invitations, a player's league number, a night that counts). They parse
only; the services (``leagues.services``, ``seasons``, ``nights``, ``links``) decide."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from core.forms import WholeNumberField, set_choices
from ranking.arithmetic.standings import SEASON_CRITERIA
from ranking.ratings.views import CRITERIA

Choices = list[tuple[Any, str]]
DATE = forms.DateInput(attrs={"type": "date"})


def criteria_choices() -> Choices:
    return [(code, str(CRITERIA.get(code, code)).capitalize()) for code in SEASON_CRITERIA]


class LeagueCreateForm(forms.Form):
    name = forms.CharField(label=_("The league's name"), max_length=120)
    game = forms.ChoiceField(label=_("Game"))
    club = forms.TypedChoiceField(
        label=_("Your club joins as its first member"), coerce=int, required=False
    )

    def __init__(self, *args: Any, games: Choices, clubs: Choices, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        set_choices(self, "game", games)
        set_choices(self, "club", [("", _("No club yet")), *clubs])


class LeagueSettingsForm(forms.Form):
    name = forms.CharField(label=_("The league's name"), max_length=120)
    club_nights = forms.BooleanField(
        label=_("Member clubs may count their own nights"),
        required=False,
        help_text=_("Otherwise only the league days count."),
    )


class ClubInviteForm(forms.Form):
    club = forms.TypedChoiceField(label=_("Club to invite"), coerce=int)

    def __init__(self, *args: Any, clubs: Choices, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        set_choices(self, "club", clubs)


class OrganizerAddForm(forms.Form):
    username = forms.CharField(
        label=_("Login name of the new organizer"),
        max_length=150,
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "none"}),
    )


def parse_points(text: str) -> list[float]:
    """``"3, 2, 1, 0"`` (or separated by spaces): whole numbers, first place first."""
    parts = [part for part in re.split(r"[\s,;]+", text.strip()) if part]
    if not parts or not all(re.fullmatch(r"-?[0-9]{1,5}", part) for part in parts):
        raise ValidationError(
            _("Give whole numbers separated by commas, first place first: 3, 2, 1, 0."),
            code="invalid",
        )
    return [float(part) for part in parts]


class SeasonForm(forms.Form):
    name = forms.CharField(label=_("The season's name"), max_length=80)
    start = forms.DateField(label=_("First day"), widget=DATE)
    end = forms.DateField(label=_("Last day"), widget=DATE)
    rank_by = forms.ChoiceField(label=_("Ranked by"))
    then_by = forms.ChoiceField(label=_("Then by"), required=False)
    best_nights = WholeNumberField(
        label=_("Only the best nights count"),
        required=False,
        help_text=_("How many of a player's nights count; empty: all of them."),
    )
    min_nights = WholeNumberField(
        label=_("Ranked from this many nights"), required=False, initial=0
    )
    points_per_place = forms.CharField(
        label=_("Placement points per table place"),
        max_length=80,
        initial="3, 2, 1, 0",
        help_text=_("Whole numbers, first place first."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        set_choices(self, "rank_by", criteria_choices())
        set_choices(self, "then_by", [("", _("Nothing else")), *criteria_choices()])

    def clean_points_per_place(self) -> list[float]:
        return parse_points(str(self.cleaned_data.get("points_per_place") or ""))

    def service_fields(self) -> dict[str, Any]:
        data = self.cleaned_data
        rank_by = [data["rank_by"], *([data["then_by"]] if data.get("then_by") else [])]
        return {
            "name": data["name"],
            "start": data["start"],
            "end": data["end"],
            "rank_by": rank_by,
            "best_nights": data.get("best_nights"),
            "min_nights": data.get("min_nights") or 0,
            "points_per_place": data["points_per_place"],
        }


class EventChoiceForm(forms.Form):
    """A night that counts: a league day at a host club (the league's organizers) or a club's
    own night (on the event's page, the league to count it in)."""

    event = forms.TypedChoiceField(label=_("Event at a member club"), coerce=int)

    def __init__(self, *args: Any, events: Choices, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        set_choices(self, "event", events)


class LeagueChoiceForm(forms.Form):
    league = forms.TypedChoiceField(label=_("League"), coerce=int)

    def __init__(self, *args: Any, leagues: Choices, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        set_choices(self, "league", leagues)


class ReasonForm(forms.Form):
    """What ending something (a membership, a night that counts, a link) asks: why."""

    reason = forms.CharField(
        label=_("Why?"),
        max_length=200,
        required=False,
        help_text=_("Kept with the league's history."),
    )


class AnswerForm(forms.Form):
    membership = forms.IntegerField(widget=forms.HiddenInput)
    answer = forms.ChoiceField(choices=[("accept", "accept"), ("decline", "decline")])


class LinkForm(forms.Form):
    """A club's player counted as a league number, with the club's consent and the player's
    (their own, or the organizer's on their behalf, with a reason)."""

    league = forms.TypedChoiceField(label=_("League"), coerce=int)
    player = forms.TypedChoiceField(label=_("Player"), coerce=int)
    number = WholeNumberField(
        label=_("League number"),
        required=False,
        help_text=_(
            "Empty: a new number. The number of a player who plays for another club too, to "
            "count both records as one player."
        ),
    )
    on_behalf = forms.BooleanField(
        label=_("The player agreed: I consent on their behalf"), required=False
    )
    reason = forms.CharField(
        label=_("How the player agreed"),
        max_length=200,
        required=False,
        help_text=_("Needed when you consent on the player's behalf; kept in the audit log."),
    )

    def __init__(self, *args: Any, leagues: Choices, players: Choices, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        set_choices(self, "league", leagues)
        set_choices(self, "player", players)


class OrganizerRemoveForm(forms.Form):
    user = forms.IntegerField(widget=forms.HiddenInput)
