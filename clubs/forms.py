"""Forms for the club pages; they parse input only, the services decide."""

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.selectors import namesakes
from core.forms import set_choices

NAMESAKE_LABEL = _("This is another person with the same name")


class NamesakeMixin:
    """A new player's name already in the club: ask before registering a second record."""

    def check_namesakes(self, club_id: int) -> bool:
        form: Any = self
        if not form.is_valid() or form.cleaned_data.get("namesake"):
            return form.is_valid()
        found = namesakes(club_id, form.cleaned_data["name"])
        if found:
            form.add_error(
                "name",
                _(
                    "The club already has a player called %(name)s. Is this someone else? Tick "
                    "the box below and register again; otherwise check them in instead."
                )
                % {"name": found[0].name},
            )
            form.show_namesake = True
            return False
        return True


class PlayerAddForm(NamesakeMixin, forms.Form):
    name = forms.CharField(label=_("Name of the new player"), max_length=120)
    namesake = forms.BooleanField(label=NAMESAKE_LABEL, required=False)


class JoinForm(forms.Form):
    """A player of another club joins this one (the choice: the players the organizer may
    bring in, ``players_who_may_join``)."""

    player = forms.TypedChoiceField(label=_("Player from another club"), coerce=int)

    def __init__(self, *args: Any, choices: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        set_choices(self, "player", choices)


class ConsentForm(forms.Form):
    """Let another club add one of this club's players (the consent ``membership_add``
    needs)."""

    player = forms.TypedChoiceField(label=_("Player"), coerce=int)
    club = forms.TypedChoiceField(label=_("May join the club"), coerce=int)

    def __init__(
        self,
        *args: Any,
        players: list[tuple[int, str]],
        clubs: list[tuple[int, str]],
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        set_choices(self, "player", players)
        set_choices(self, "club", clubs)
