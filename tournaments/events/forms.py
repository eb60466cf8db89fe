"""Forms for an event on the organizer's pages: the event itself (its game, rules and seating),
a walk-in and a check-in. They only parse input; the services decide what is allowed and report
problems in the one shape (``attach_problems`` puts them on the form's fields)."""

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.forms import NAMESAKE_LABEL, NamesakeMixin
from core.day_field import DayField
from core.forms import WholeNumberField, set_choices
from core.view_helpers import dutch
from games.registry import DEFAULT_GAME, games
from tournaments.models import Event, HouseRuleset
from tournaments.rounds.forms import method_choices, method_help

HouseChoices = dict[str, list[tuple[str, str]]]


def _named(thing: Any, fallback: str = "") -> str:
    """A game's, ruleset's or house ruleset's name in the page's language; the seam lets a
    game's rulesets be plain data, and one without names is shown by its label."""
    name = getattr(thing, "name_nl" if dutch() else "name", None) or getattr(thing, "name", None)
    return str(name or fallback)


def game_choices() -> list[tuple[str, str]]:
    """Every registered game, in the registry's order: (code, name)."""
    return [(code, _named(game)) for code, game in games().items()]


def house_choices(club_id: int | None) -> HouseChoices:
    """The house rulesets per game code, as choices: the club's, or every club's (named with
    their club) when ``club_id`` is None (the admin's new event, before its club is known)."""
    rows = (
        HouseRuleset.objects.select_related("club")
        if club_id is None
        else HouseRuleset.objects.filter(club_id=club_id)
    )
    by_game: HouseChoices = {}
    for house in rows:
        name = f"{_named(house)} ({house.label})"
        by_game.setdefault(house.game, []).append(
            (house.label, name if club_id is not None else f"{name} · {house.club.name}")
        )
    return by_game


def ruleset_choices(house: HouseChoices | None = None) -> list[tuple[str, Any]]:
    """An empty choice (the game's usual rules), then the rulesets grouped by game's name."""
    names = dict(game_choices())
    return [
        ("", _("The game's usual rules")),
        *((names[code], rulesets) for code, rulesets in ruleset_groups(house)),
    ]


def ruleset_groups(house: HouseChoices | None = None) -> list[tuple[str, list[tuple[str, str]]]]:
    """Per game (by code): its built-in rulesets and then the club's house rulesets for it."""
    return [
        (
            code,
            [
                *((label, _named(r, label)) for label, r in game.rulesets.items()),
                *(house or {}).get(code, []),
            ],
        )
        for code, game in games().items()
    ]


class RulesetSelect(forms.Select):
    """The rulesets grouped by game (an ``optgroup`` per game, so the choice reads without
    script); every option names its game (``data-game``), so the page's script can offer only
    the chosen game's rulesets. ``game`` is the chosen game: a code it shares with another
    game is selected in its group only."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.group_games: dict[str, str] = {}
        self.game = ""

    def optgroups(
        self, name: str, value: list[Any], attrs: dict[str, Any] | None = None
    ) -> list[Any]:
        groups = super().optgroups(name, value, attrs)
        in_game = any(
            option["selected"]
            for group_name, options, _index in groups
            for option in options
            if self.group_games.get(group_name or "") == self.game
        )
        for group_name, options, _index in groups:
            code = self.group_games.get(group_name or "")
            if code is None:
                continue
            for option in options:
                option["attrs"]["data-game"] = code
                if in_game and code != self.game and option["selected"]:
                    option["selected"] = False  # the chosen game's own ruleset of that code
                    option["attrs"].pop("selected", None)
        return groups


class EventForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=160)
    kind = forms.ChoiceField(label=_("Kind"), choices=Event.Kind.choices)
    date = DayField(label=_("Date"))
    game = forms.TypedChoiceField(
        label=_("Game"),
        required=False,
        empty_value=DEFAULT_GAME,
        widget=forms.Select(attrs={"data-game-choice": ""}),
    )
    ruleset = forms.ChoiceField(
        label=_("Rules"), required=False, widget=RulesetSelect(attrs={"data-rulesets": ""})
    )
    planned_rounds = forms.IntegerField(label=_("Rounds"), min_value=1, max_value=50, initial=3)
    seating_method = forms.ChoiceField(label=_("Seating"))
    substitute_counts = forms.TypedChoiceField(
        label=_("A seat a substitute finished counts for"),
        required=False,
        choices=Event._meta.get_field("substitute_counts").choices or [],
        initial="starter",
        empty_value="starter",
    )
    standings_count = forms.TypedChoiceField(
        label=_("The standings count"),
        required=False,
        choices=Event._meta.get_field("standings_count").choices or [],
        initial="complete",
        empty_value="complete",
    )

    def __init__(self, *args: Any, house: HouseChoices | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        names = dict(game_choices())
        set_choices(self, "game", list(names.items()))
        set_choices(self, "ruleset", ruleset_choices(house))
        widget = self.fields["ruleset"].widget
        assert isinstance(widget, RulesetSelect)
        widget.group_games = {name: code for code, name in names.items()}
        widget.game = str(
            (self.data.get("game") if self.is_bound else None) or self.initial.get("game") or ""
        )
        set_choices(self, "seating_method", method_choices())
        self.fields["seating_method"].help_text = method_help()


class WalkInForm(NamesakeMixin, forms.Form):
    name = forms.CharField(label=_("Name of the walk-in"), max_length=120)
    namesake = forms.BooleanField(label=NAMESAKE_LABEL, required=False)


class CheckInForm(forms.Form):
    player = WholeNumberField(widget=forms.HiddenInput)
    present = forms.BooleanField(required=False)
