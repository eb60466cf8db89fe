from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from tournaments.models import (
    Bye,
    Event,
    EventPlayer,
    PlayerRating,
    RatingHistory,
    RatingPool,
    Round,
    Seat,
    Standing,
    Table,
)


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ["position", "player"]
    autocomplete_fields = ["player"]


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "date", "kind", "ruleset", "status", "published"]
    list_filter = ["kind", "status", "published", "ruleset", "club"]
    search_fields = ["name", "club__name"]
    date_hierarchy = "date"
    inlines = [RoundInline]


@admin.register(EventPlayer)
class EventPlayerAdmin(admin.ModelAdmin):
    list_display = ["player", "event", "present"]
    list_filter = ["present", "event__club"]
    search_fields = ["player__name", "event__name"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["event", "number", "status"]
    list_filter = ["status", "event__club"]
    search_fields = ["event__name"]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["__str__", "round", "number"]
    list_filter = ["round__event__club"]
    search_fields = ["round__event__name", "seats__player__name"]
    inlines = [SeatInline]

    def save_formset(self, request, form, formset, change):  # type: ignore[no-untyped-def]
        for seat in formset.save(commit=False):
            seat.round_id = seat.table.round_id
            seat.save()
        for seat in formset.deleted_objects:
            seat.delete()


@admin.register(Bye)
class ByeAdmin(admin.ModelAdmin):
    list_display = ["player", "round"]
    search_fields = ["player__name"]


@admin.register(Standing)
class StandingAdmin(admin.ModelAdmin):
    list_display = ["event", "rank", "player", "total", "sessions", "table_wins", "tied"]
    list_filter = ["event__club", "event"]
    search_fields = ["player__name", "event__name"]



class DerivedAdmin(admin.ModelAdmin):
    """Rows the rating services compute from the sessions: to look at, not to edit."""

    def has_add_permission(self, request):  # type: ignore[no-untyped-def]
        return False

    def has_change_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False

    def has_delete_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False


@admin.register(RatingPool)
class RatingPoolAdmin(admin.ModelAdmin):
    list_display = ["club", "sessions_applied", "last_played_on", "updated_at"]
    list_select_related = ["club"]
    search_fields = ["club__name"]
    readonly_fields = [
        "club", "applied_config", "sessions_applied", "revisions_applied", "last_order_key",
        "last_session_id", "last_played_on", "dirty_from", "updated_at",
    ]

    def has_add_permission(self, request):  # type: ignore[no-untyped-def]
        return False  # the rating services create a club's pool


@admin.register(PlayerRating)
class PlayerRatingAdmin(DerivedAdmin):
    list_display = ["player", "pool", "ordinal", "mu", "sigma", "sessions_played", "provisional"]
    list_filter = ["provisional", "pool__club"]
    search_fields = ["player__name"]
    list_select_related = ["player", "pool"]
    ordering = ["pool", "-ordinal"]


@admin.register(RatingHistory)
class RatingHistoryAdmin(DerivedAdmin):
    list_display = [
        "player", "pool", "rated_session", "played_on", "ordinal_before", "ordinal_after",
        "actual_placement", "expected_placement",
    ]
    list_filter = ["pool__club"]
    search_fields = ["player__name"]
    list_select_related = ["player", "pool"]
    show_full_result_count = False  # the table can hold a row per seat of every session

    @admin.display(description=_("session"), ordering="session_id")
    def rated_session(self, obj: RatingHistory) -> int:
        # The id only: the session may have been deleted since (no database constraint).
        return obj.session_id
