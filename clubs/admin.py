"""The admin of clubs, players, memberships, API tokens and the audit log.

Every list selects the rows it shows with their related rows in one query
(``list_select_related`` or an annotation), so a longer page never costs more queries.
"""

from typing import Any

from django import forms
from django.contrib import admin
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Count, Exists, Model, OuterRef, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.forms.models import BaseInlineFormSet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from clubs.models import ApiToken, AuditEntry, Club, Membership, Player, Role
from tournaments.models import Event

LAST_ORGANIZER = _("A club that has an organizer keeps at least one: make another member "
                   "organizer first.")


def _is_last_organizer(membership: Membership | None) -> bool:
    return bool(
        membership is not None and membership.pk and membership.role == Role.ORGANIZER
        and not Membership.objects.filter(club_id=membership.club_id, role=Role.ORGANIZER)
        .exclude(pk=membership.pk).exists()
    )


class MembershipForm(forms.ModelForm):
    """A membership whose role is changed by hand: the club's last organizer stays one."""

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if _is_last_organizer(self.instance) and (
            data.get("role") != Role.ORGANIZER or data.get("club") != self.instance.club
        ):
            raise ValidationError(LAST_ORGANIZER)
        return data


class KeepsAnOrganizer(BaseInlineFormSet):
    """The club page's members: a club that has an organizer keeps one."""

    def clean(self) -> None:
        super().clean()
        had = Membership.objects.filter(club_id=self.instance.pk, role=Role.ORGANIZER).exists()
        keeps = any(
            form.cleaned_data.get("role") == Role.ORGANIZER
            and not form.cleaned_data.get("DELETE")
            for form in self.forms if hasattr(form, "cleaned_data")
        )
        if self.instance.pk and had and not keeps:
            raise ValidationError(LAST_ORGANIZER)


class MembershipInline(admin.TabularInline):
    model = Membership
    formset = KeepsAnOrganizer
    extra = 0
    autocomplete_fields = ["player"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Membership]:
        return super().get_queryset(request).select_related("player")


def _count_of(model: type[Model]) -> Coalesce:
    """The number of ``model`` rows of the club, as a subquery."""
    rows = (model.objects.filter(club=OuterRef("pk")).order_by().values("club")
            .annotate(n=Count("pk")).values("n"))
    return Coalesce(Subquery(rows), 0)


class HasEventsFilter(admin.SimpleListFilter):
    """Clubs that have held events, or none yet (a club founded but never used)."""

    title = _("events")
    parameter_name = "has_events"

    def lookups(self, request, model_admin):  # type: ignore[no-untyped-def]
        return [("yes", _("with events")), ("no", _("without events"))]

    def queryset(self, request, queryset):  # type: ignore[no-untyped-def]
        held = Exists(Event.objects.filter(club=OuterRef("pk")))
        if self.value() == "yes":
            return queryset.filter(held)
        if self.value() == "no":
            return queryset.filter(~held)
        return queryset


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "city", "slug", "member_count", "event_count", "created_at"]
    list_filter = [HasEventsFilter, "city", "created_at"]
    search_fields = ["name", "city", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    date_hierarchy = "created_at"
    inlines = [MembershipInline]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Club]:
        # Two subqueries: counting over two joins would multiply members by events.
        return super().get_queryset(request).annotate(
            _members=_count_of(Membership), _events=_count_of(Event)
        )

    @admin.display(description=_("members"), ordering="_members")
    def member_count(self, obj: Club) -> int:
        return obj._members  # type: ignore[attr-defined]

    @admin.display(description=_("events"), ordering="_events")
    def event_count(self, obj: Club) -> int:
        return obj._events  # type: ignore[attr-defined]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "user", "created_at"]
    list_filter = ["clubs"]
    list_select_related = ["user"]
    search_fields = ["name", "user__username", "user__email"]
    autocomplete_fields = ["user"]


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    form = MembershipForm
    list_display = ["player", "club", "role", "joined_at"]
    list_filter = ["role", "club"]
    list_select_related = ["player", "club"]
    search_fields = ["player__name", "club__name"]
    autocomplete_fields = ["player", "club"]

    def has_delete_permission(self, request: HttpRequest, obj: Membership | None = None) -> bool:
        return super().has_delete_permission(request, obj) and not _is_last_organizer(obj)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Membership]) -> None:
        """The bulk delete: refused whole if it would leave a club without its organizers."""
        for club_id in queryset.filter(role=Role.ORGANIZER).values_list("club_id", flat=True):
            remaining = Membership.objects.filter(club_id=club_id, role=Role.ORGANIZER).exclude(
                pk__in=queryset.values("pk"))
            if not remaining.exists():
                raise PermissionDenied(LAST_ORGANIZER)
        super().delete_queryset(request, queryset)


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    """Tokens are created by their user (the key is shown once, only a hash is stored); here
    they can be looked at and revoked by setting ``revoked_at``."""

    list_display = ["name", "user", "prefix", "created_at", "last_used_at", "revoked_at"]
    list_filter = [("revoked_at", admin.EmptyFieldListFilter), "created_at"]
    list_select_related = ["user"]
    search_fields = ["name", "prefix", "user__username"]
    readonly_fields = ["user", "name", "prefix", "key_hash", "created_at", "last_used_at"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    """The audit log: written by the services, never edited."""

    list_display = ["at", "actor_label", "action", "object_type", "object_id", "club"]
    list_filter = ["action", "object_type", "club"]
    list_select_related = ["club"]
    search_fields = ["actor_label", "action", "object_id"]
    date_hierarchy = "at"
    show_full_result_count = False  # the log only grows

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: AuditEntry | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: AuditEntry | None = None) -> bool:
        return False
