"""The admin of rows derived from the results: byes (made by the seating) and standings. To look at,
never to edit: the services compute them again (an event's action in ``tournaments.admin.events``
recomputes its standings). The ratings' admin is ``ranking.ratings.admin``.
"""

from django.contrib import admin

from core.admin import ReadOnlyAdmin
from tournaments.models import Bye, Standing, StandingsComputation


@admin.register(Bye)
class ByeAdmin(ReadOnlyAdmin):
    """Who sat out a round: made by the seating services, credited in the standings."""

    list_display = ["player", "round"]
    list_filter = ["round__event__club", "round__status"]
    list_select_related = ["player", "round__event"]
    search_fields = ["player__name", "round__event__name"]


@admin.register(Standing)
class StandingAdmin(ReadOnlyAdmin):
    """Computed from the sessions (the event's action computes them again)."""

    list_display = ["event", "rank", "player", "total", "sessions", "table_wins", "tied"]
    list_filter = ["event__club", "event"]
    list_select_related = ["event", "player"]
    search_fields = ["player__name", "event__name"]


@admin.register(StandingsComputation)
class StandingsComputationAdmin(ReadOnlyAdmin):
    """When each event's standings were last computed (derived)."""

    list_display = ["event", "results_version", "computed_at"]
    list_filter = ["event__club"]
    list_select_related = ["event"]
    search_fields = ["event__name"]
