"""The admin of sessions, their parts (games, rounds, hands), revisions and per-seat results,
and idempotency records.

Results are read-only here, never deleted: they change only through ``results.services``, which
keeps the revisions and queues the standings and ratings. Every list selects the rows it shows with
their related rows (``list_select_related``), so a longer page never costs more queries.
"""

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from core.admin_writes import ReadOnlyAdmin
from results.models import (
    Dispute,
    IdempotencyRecord,
    Part,
    Session,
    SessionRevision,
    SessionSeat,
    Signature,
)


class PartInline(admin.TabularInline):
    model = Part
    extra = 0
    can_delete = False
    readonly_fields = ["number", "kind", "actor", "level", "data", "points"]


class SessionSeatInline(admin.TabularInline):
    model = SessionSeat
    extra = 0
    can_delete = False
    readonly_fields = ["position", "player", "total", "placement"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[SessionSeat]:
        return super().get_queryset(request).select_related("player")


class RevisionInline(admin.TabularInline):
    model = SessionRevision
    extra = 0
    can_delete = False
    fields = ("number", "created_by", "created_at", "reason")
    readonly_fields = fields

    def get_queryset(self, request: HttpRequest) -> QuerySet[SessionRevision]:
        return super().get_queryset(request).select_related("created_by")


@admin.register(Session)
class SessionAdmin(ReadOnlyAdmin):
    """Read-only here: results change only through the service, which keeps revisions; a
    session is evidence and is never deleted."""

    list_display = ["__str__", "event", "ruleset", "complete", "revision", "updated_at"]
    list_filter = ["complete", "ruleset", "event__club"]
    list_select_related = ["table__round", "event"]
    search_fields = ["event__name", "seat_results__player__name"]
    readonly_fields = [
        "table",
        "event",
        "ruleset",
        "document",
        "result",
        "complete",
        "revision",
        "updated_by",
    ]
    inlines = [SessionSeatInline, PartInline, RevisionInline]


@admin.register(Part)
class PartAdmin(ReadOnlyAdmin):
    """The parts of every session (Bonken games, Jonkler rounds, ...), as the game scored them."""

    list_display = ["session", "number", "kind", "actor", "level", "points"]
    list_filter = ["kind", "level", "session__event__club"]
    list_select_related = ["session__table__round"]
    search_fields = ["session__event__name", "kind"]


@admin.register(SessionSeat)
class SessionSeatAdmin(ReadOnlyAdmin):
    """A seat's total and table place in a session: what standings and ratings read."""

    list_display = [
        "player",
        "event",
        "round_number",
        "table_number",
        "position",
        "total",
        "placement",
        "complete",
    ]
    list_filter = [
        "session__event__club",
        "session__event",
        "session__table__round__number",
        "placement",
        "session__complete",
    ]
    list_select_related = ["player", "session__event", "session__table__round"]
    search_fields = ["player__name", "session__event__name"]
    ordering = ["-session__event__date", "session_id", "position"]

    @admin.display(description=_("event"), ordering="session__event__date")
    def event(self, obj: SessionSeat) -> object:
        return obj.session.event

    @admin.display(description=_("round"), ordering="session__table__round__number")
    def round_number(self, obj: SessionSeat) -> int:
        return obj.session.table.round.number

    @admin.display(description=_("table"), ordering="session__table__number")
    def table_number(self, obj: SessionSeat) -> int:
        return obj.session.table.number

    @admin.display(description=_("complete"), boolean=True, ordering="session__complete")
    def complete(self, obj: SessionSeat) -> bool:
        return obj.session.complete


@admin.register(SessionRevision)
class SessionRevisionAdmin(ReadOnlyAdmin):
    """Every saved version of a session's document, with who, when and why."""

    list_display = ["session", "number", "created_by", "created_at", "reason"]
    list_filter = ["session__event__club", "created_at"]
    list_select_related = ["session__table__round", "created_by"]
    search_fields = ["session__event__name", "created_by__username", "reason"]
    date_hierarchy = "created_at"


@admin.register(Signature)
class SignatureAdmin(ReadOnlyAdmin):
    """Players' confirmations of their table's session (written by results.signoff only)."""

    list_display = ["session", "revision", "player", "method", "signed_by", "at", "reason"]
    list_filter = ["method", "session__event__club", "at"]
    list_select_related = ["session__table__round", "player", "signed_by"]
    search_fields = ["player__name", "session__event__name", "reason"]
    date_hierarchy = "at"


@admin.register(Dispute)
class DisputeAdmin(ReadOnlyAdmin):
    """Players' objections to their table's result, and how the organizer resolved them."""

    list_display = ["session", "revision", "player", "reason", "at", "resolved_by", "resolved_at"]
    list_filter = ["session__event__club", "at"]
    list_select_related = ["session__table__round", "player", "resolved_by"]
    search_fields = ["player__name", "session__event__name", "reason", "resolution"]
    date_hierarchy = "at"


@admin.register(IdempotencyRecord)
class IdempotencyRecordAdmin(ReadOnlyAdmin):
    """The answers replayed to retried writes that carried an ``Idempotency-Key``."""

    list_display = ["key", "scope", "status_code", "created_at"]
    list_filter = ["status_code", "created_at"]
    search_fields = ["key", "scope"]
    date_hierarchy = "created_at"
