"""What the admin shows of a round in words: its seating method, never the stored code."""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from tournaments.models import Round
from tournaments.rounds.forms import seating_label


class SeatingInWords:
    """A read-only ``seating`` column and field for an admin of rounds."""

    @admin.display(description=_("seating method"))
    def seating(self, obj: Round) -> str:
        return seating_label(obj.seating_method)
