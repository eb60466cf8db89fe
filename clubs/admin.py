"""The admin of clubs, players, memberships, API tokens and the audit log. Every write goes
through the clubs' services (``core.admin``), so the admin keeps the same rules, checks
the same permissions and writes the same audit entries as the pages and the API.

Every list selects the rows it shows with their related rows in one query
(``list_select_related`` or an annotation), so a longer page never costs more queries.
"""

from typing import Any

from django import forms
from django.contrib import admin
from django.db.models import Count, Exists, Model, OuterRef, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from clubs.access.tokens import api_token_revoke_as
from clubs.memberships import membership_add, membership_end, membership_set_role
from clubs.models import ApiToken, AuditEntry, Club, Membership, Player
from clubs.services import (
    club_create,
    club_delete,
    club_player_add,
    club_update,
    player_delete,
    player_link_login,
    player_update,
)
from core.admin import ReadOnlyAdmin, ServiceAdmin, ServiceInline
from core.errors import ServiceError


class MembershipInline(ServiceInline):
    """The club's members: added (with the consent rule), given a role or ended through the
    membership services."""

    model = Membership
    fields = ["player", "role"]
    autocomplete_fields = ["player"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Membership]:
        return super().get_queryset(request).select_related("player")

    def create(self, request: HttpRequest, parent: Model, obj: Model) -> Model:
        assert isinstance(obj, Membership) and isinstance(parent, Club)
        return membership_add(club=parent, player=obj.player, actor=request.user, role=obj.role)

    def update(
        self, request: HttpRequest, original: Model, obj: Model, changed: list[str]
    ) -> Model:
        assert isinstance(original, Membership) and isinstance(obj, Membership)
        if "player" in changed:
            raise ServiceError.single(
                "command_only",
                _("End the membership and add the other player instead."),
                field="player",
            )
        return membership_set_role(membership=original, actor=request.user, role=obj.role)

    def remove(self, request: HttpRequest, obj: Model) -> None:
        assert isinstance(obj, Membership)
        membership_end(membership=obj, actor=request.user)


def _count_of(relation: str) -> Coalesce:
    """The number of the club's rows reached through the reverse ``relation``, as a subquery
    (the events are a higher app's: named by relation, never imported here)."""
    related = Club._meta.get_field(relation).related_model
    if related is None or isinstance(related, str):
        raise LookupError(f"Club.{relation} is not a relation")
    rows = (
        related._default_manager.filter(club=OuterRef("pk"))
        .order_by()
        .values("club")
        .annotate(n=Count("pk"))
        .values("n")
    )
    return Coalesce(Subquery(rows), 0)


class HasEventsFilter(admin.SimpleListFilter):
    """Clubs that have held events, or none yet (a club founded but never used)."""

    title = _("events")
    parameter_name = "has_events"

    def lookups(self, request, model_admin):  # type: ignore[no-untyped-def]
        return [("yes", _("with events")), ("no", _("without events"))]

    def queryset(self, request, queryset):  # type: ignore[no-untyped-def]
        events = Club._meta.get_field("events").related_model._default_manager
        held = Exists(events.filter(club=OuterRef("pk")))
        if self.value() == "yes":
            return queryset.filter(held)
        if self.value() == "no":
            return queryset.filter(~held)
        return queryset


@admin.register(Club)
class ClubAdmin(ServiceAdmin):
    list_display = ["name", "city", "slug", "member_count", "event_count", "created_at"]
    list_filter = [HasEventsFilter, "city", "created_at"]
    search_fields = ["name", "city", "slug"]
    fields = ["name", "slug", "city"]
    prepopulated_fields = {"slug": ["name"]}
    date_hierarchy = "created_at"
    inlines = [MembershipInline]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Club]:
        # Two subqueries: counting over two joins would multiply members by events.
        return (
            super()
            .get_queryset(request)
            .annotate(_members=_count_of("memberships"), _events=_count_of("events"))
        )

    @admin.display(description=_("members"), ordering="_members")
    def member_count(self, obj: Club) -> int:
        return obj._members  # type: ignore[attr-defined]

    @admin.display(description=_("events"), ordering="_events")
    def event_count(self, obj: Club) -> int:
        return obj._events  # type: ignore[attr-defined]

    def create(self, request: HttpRequest, obj: Model, form: Any) -> Model:
        data = form.cleaned_data
        return club_create(
            founder=request.user, name=data["name"], slug=data["slug"], city=data.get("city", "")
        )

    def update(self, request: HttpRequest, original: Model, form: Any) -> Model:
        assert isinstance(original, Club)
        changes = {name: form.cleaned_data[name] for name in form.changed_data}
        return club_update(club=original, actor=request.user, **changes)

    def remove(self, request: HttpRequest, obj: Model) -> None:
        assert isinstance(obj, Club)
        club_delete(club=obj, actor=request.user)


class PlayerForm(forms.ModelForm):
    """A new player is registered in a club (as the club's pages do)."""

    club = forms.ModelChoiceField(Club.objects.order_by("name"), label=_("club"))

    class Meta:
        model = Player
        fields = ["name", "user"]


@admin.register(Player)
class PlayerAdmin(ServiceAdmin):
    """Players are registered in a club, renamed and deleted through the player services; a
    login is linked to a player by a superuser only (it then speaks for the player)."""

    list_display = ["name", "user", "created_at"]
    list_filter = ["clubs"]
    list_select_related = ["user"]
    search_fields = ["name", "user__username", "user__email"]
    autocomplete_fields = ["user"]

    def get_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        return ("name", "user") if obj is not None else ("club", "name")

    def get_form(
        self, request: HttpRequest, obj: Any = None, change: bool = False, **kwargs: Any
    ) -> Any:
        kwargs["form"] = forms.ModelForm if obj is not None else PlayerForm
        return super().get_form(request, obj, change, **kwargs)

    def create(self, request: HttpRequest, obj: Model, form: Any) -> Model:
        data = form.cleaned_data
        return club_player_add(club=data["club"], actor=request.user, name=data["name"])

    def update(self, request: HttpRequest, original: Model, form: Any) -> Model:
        assert isinstance(original, Player)
        data = form.cleaned_data
        if "name" in form.changed_data:
            original = player_update(player=original, actor=request.user, name=data["name"])
        if "user" in form.changed_data:
            original = player_link_login(player=original, actor=request.user, login=data["user"])
        return original

    def remove(self, request: HttpRequest, obj: Model) -> None:
        assert isinstance(obj, Player)
        player_delete(player=obj, actor=request.user)


@admin.register(Membership)
class MembershipAdmin(ServiceAdmin):
    """A player joins a club with the consent rule of ``membership_add``; a role changes and a
    membership ends through their services (the club's last organizer stays one)."""

    list_display = ["player", "club", "role", "joined_at"]
    list_filter = ["role", "club"]
    list_select_related = ["player", "club"]
    search_fields = ["player__name", "club__name"]
    autocomplete_fields = ["player", "club"]
    fields = ["club", "player", "role"]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return ["club", "player"] if obj is not None else []

    def create(self, request: HttpRequest, obj: Model, form: Any) -> Model:
        data = form.cleaned_data
        return membership_add(
            club=data["club"], player=data["player"], actor=request.user, role=data["role"]
        )

    def update(self, request: HttpRequest, original: Model, form: Any) -> Model:
        assert isinstance(original, Membership)
        return membership_set_role(
            membership=original, actor=request.user, role=form.cleaned_data["role"]
        )

    def remove(self, request: HttpRequest, obj: Model) -> None:
        assert isinstance(obj, Membership)
        membership_end(membership=obj, actor=request.user)


@admin.register(ApiToken)
class ApiTokenAdmin(ServiceAdmin):
    """Tokens are created by their user (the key is shown once, only a hash is stored); here
    they can be looked at and revoked (the action)."""

    list_display = [
        "name",
        "user",
        "prefix",
        "created_at",
        "last_used_at",
        "expires_at",
        "revoked_at",
    ]
    list_filter = [("revoked_at", admin.EmptyFieldListFilter), "created_at"]
    list_select_related = ["user"]
    search_fields = ["name", "prefix", "user__username"]
    readonly_fields = [
        "user",
        "name",
        "prefix",
        "key_hash",
        "created_at",
        "last_used_at",
        "expires_at",
        "revoked_at",
    ]
    actions = ["revoke"]

    @admin.action(description=_("Revoke the selected tokens"))
    def revoke(self, request: HttpRequest, queryset: QuerySet[ApiToken]) -> None:
        self.each(
            request,
            queryset,
            lambda token: api_token_revoke_as(token=token, actor=request.user),
            ngettext_lazy("%(count)d token revoked.", "%(count)d tokens revoked.", "count"),
        )


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    """The audit log: written by the services, never edited."""

    list_display = ["at", "actor_label", "action", "object_type", "object_id", "club"]
    list_filter = ["action", "object_type", "club"]
    list_select_related = ["club"]
    search_fields = ["actor_label", "action", "object_id"]
    date_hierarchy = "at"
    show_full_result_count = False  # the log only grows
