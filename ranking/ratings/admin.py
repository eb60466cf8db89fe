"""The admin of the ratings: a pool's configuration is changed through its service; the rows
derived from the sessions are to look at, never to edit (the services compute them again)."""

from typing import Any

from django.contrib import admin
from django.db.models import Model
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from core.admin import ReadOnlyAdmin, ServiceAdmin
from ranking.ratings.models import PlayerRating, RatedSession, RatingHistory, RatingPool
from ranking.ratings.services import rating_pool_configure_as


class DerivedAdmin(ReadOnlyAdmin):
    """Rows the rating services compute from the sessions: to look at, not to edit."""


@admin.register(RatingPool)
class RatingPoolAdmin(ServiceAdmin):
    """A club's rating pool: its configuration changes through ``rating_pool_configure_as``
    (an organizer; audited; the ratings are rebuilt with it); the bookkeeping is read-only."""

    list_display = ["club", "game", "sessions_applied", "last_played_on", "updated_at"]
    list_filter = ["game"]
    list_select_related = ["club"]
    search_fields = ["club__name"]
    readonly_fields = [
        "club",
        "game",
        "applied_config",
        "sessions_applied",
        "revisions_applied",
        "last_order_key",
        "last_session_id",
        "last_played_on",
        "dirty_from",
        "updated_at",
    ]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # the rating services create a club's pool

    def update(self, request: HttpRequest, original: Model, form: Any) -> Model:
        assert isinstance(original, RatingPool)
        return rating_pool_configure_as(
            club_id=original.club_id,
            actor=request.user,
            config=form.cleaned_data["config"],
            game=original.game,
        )


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
        "player",
        "pool",
        "rated_session",
        "played_on",
        "ordinal_before",
        "ordinal_after",
        "actual_placement",
        "expected_placement",
    ]
    list_filter = ["pool__club"]
    search_fields = ["player__name"]
    list_select_related = ["player", "pool"]
    show_full_result_count = False  # the table can hold a row per seat of every session

    @admin.display(description=_("session"), ordering="session_id")
    def rated_session(self, obj: RatingHistory) -> int:
        # The id only: the session may have been deleted since (no database constraint).
        return obj.session_id


@admin.register(RatedSession)
class RatedSessionAdmin(DerivedAdmin):
    list_display = ["pool", "rated_session", "position", "revision", "played_on", "order_key"]
    list_filter = ["pool__club"]
    list_select_related = ["pool"]
    search_fields = ["order_key"]
    ordering = ["pool", "-position"]
    show_full_result_count = False  # a row per session of every club

    @admin.display(description=_("session"), ordering="session_id")
    def rated_session(self, obj: RatedSession) -> int:
        return obj.session_id  # the id only, as in RatingHistoryAdmin
