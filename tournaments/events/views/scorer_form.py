"""The form that adds an event's own scorer (the organizer's event page shows it; the view that
takes it is ``tournaments.events.views.scorers``)."""

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy

from core.forms import set_choices
from tournaments.events.scorers import event_scorer_candidates
from tournaments.models import Event


class EventScorerForm(forms.Form):
    player = forms.TypedChoiceField(label=gettext_lazy("Player"), coerce=int)

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        set_choices(self, "player", [(p.pk, p.name) for p in event_scorer_candidates(event)])
