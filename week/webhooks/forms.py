"""The organizer's webhook forms: parse only; the services check URLs and kinds."""

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from core.club_events import (
    EVENT_CHANGED,
    EVENT_PUBLISHED,
    EVENT_WITHDRAWN,
    NIGHT_CANCELLED,
    NIGHT_CHANGED,
    NIGHT_PLANNED,
    RESULT_CORRECTED,
    RESULT_SAVED,
    ROUND_SEATED,
    STANDINGS_CHANGED,
)
from week.webhooks.sending import PING

# What each kind is called on the pages, in the order the form offers them (a ping is no
# choice: an organizer sends it).
KIND_LABELS = {
    NIGHT_PLANNED: _("A club night planned"),
    NIGHT_CHANGED: _("A club night changed (moved, another place)"),
    NIGHT_CANCELLED: _("A club night cancelled"),
    ROUND_SEATED: _("A round seated"),
    RESULT_SAVED: _("A table's result saved"),
    RESULT_CORRECTED: _("A table's result corrected"),
    STANDINGS_CHANGED: _("Standings changed"),
    EVENT_PUBLISHED: _("An event published"),
    EVENT_CHANGED: _("A published event renamed or moved"),
    EVENT_WITHDRAWN: _("A published event withdrawn"),
}
LOG_LABELS = {**KIND_LABELS, PING: _("Test ping")}


class HookForm(forms.Form):
    url = forms.CharField(
        label=_("URL"),
        max_length=500,
        widget=forms.URLInput(
            attrs={"placeholder": "https://", "autocomplete": "off", "inputmode": "url"}
        ),
    )
    description = forms.CharField(
        label=_("Description (for yourself)"), max_length=120, required=False
    )
    kinds = forms.MultipleChoiceField(
        label=_("Send these events"),
        choices=list(KIND_LABELS.items()),
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(self, *args: Any, with_active: bool = False, **kwargs: Any):
        super().__init__(*args, **kwargs)
        if with_active:
            self.fields["active"] = forms.BooleanField(label=_("Switched on"), required=False)
