from django.contrib import admin

from games.models import Game, Session, SessionRevision, SessionSeat


class GameInline(admin.TabularInline):
    model = Game
    extra = 0
    can_delete = False
    readonly_fields = ["number", "contract", "chooser", "level", "counts", "doubles",
                       "points_0", "points_1", "points_2", "points_3"]


class SessionSeatInline(admin.TabularInline):
    model = SessionSeat
    extra = 0
    can_delete = False
    readonly_fields = ["position", "player", "total", "placement"]


class RevisionInline(admin.TabularInline):
    model = SessionRevision
    extra = 0
    can_delete = False
    readonly_fields = ["number", "created_by", "created_at", "reason"]
    fields = readonly_fields


@admin.register(Session)
class SessionAdmin(admin.ModelAdmin):
    """Read-only here: results change only through the service, which keeps revisions."""

    list_display = ["__str__", "event", "ruleset", "complete", "revision", "updated_at"]
    list_filter = ["complete", "ruleset", "event__club"]
    search_fields = ["event__name", "seat_results__player__name"]
    readonly_fields = ["table", "event", "ruleset", "document", "result", "complete",
                       "revision", "updated_by"]
    inlines = [SessionSeatInline, GameInline, RevisionInline]

    def has_add_permission(self, request) -> bool:  # type: ignore[no-untyped-def]
        return False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["session", "number", "contract", "chooser", "level",
                    "points_0", "points_1", "points_2", "points_3"]
    list_filter = ["contract", "level"]
    search_fields = ["session__event__name", "contract"]

    def has_change_permission(self, request, obj=None) -> bool:  # type: ignore[no-untyped-def]
        return False
