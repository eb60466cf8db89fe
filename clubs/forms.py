"""Forms for the club pages; they parse input only, the services decide."""

from django import forms
from django.utils.translation import gettext_lazy as _


class PlayerAddForm(forms.Form):
    name = forms.CharField(label=_("Name of the new player"), max_length=120)
