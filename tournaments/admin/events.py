"""The admin of events: an event's fields, its rounds to look at, and its commands (publish,
hide, close, compute the standings again).

Every write goes through the services (``core.admin``): the same rules, permission checks,
locks and audit entries as the pages and the API. Statuses change only through their commands
(the actions). Every list selects the rows it shows with their related rows
(``list_select_related``), so a longer page never costs more queries.
"""

from typing import Any

from django import forms
from django.contrib import admin
from django.db.models import Model, QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from core.admin import ServiceAdmin
from core.forms import set_choices
from games.registry import DEFAULT_GAME
from tournaments import provided
from tournaments.admin.labels import SeatingInWords
from tournaments.events.forms import game_choices, house_choices, ruleset_choices
from tournaments.events.services import (
    EVENT_FIELDS,
    event_create,
    event_delete,
    event_publish,
    event_update,
)
from tournaments.models import Event, Round
from tournaments.rounds.lifecycle import event_close


class RoundInline(SeatingInWords, admin.TabularInline):
    """The event's rounds, to look at (a round is added, renumbered, started or closed on its
    own page and through its commands)."""

    model = Round
    extra = 0
    fields = ("number", "status", "seating")
    readonly_fields = fields
    show_change_link = True

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


def _changes(form: Any) -> dict[str, Any]:
    return {name: form.cleaned_data[name] for name in form.changed_data}


@admin.register(Event)
class EventAdmin(ServiceAdmin):
    """An event's fields change through ``event_update``; its status and visibility only
    through their commands (the actions: publish, hide, close)."""

    list_display = ["name", "club", "date", "kind", "game", "ruleset", "status", "published"]
    list_filter = ["kind", "status", "published", "game", "ruleset", "club"]
    list_select_related = ["club"]
    search_fields = ["name", "club__name"]
    date_hierarchy = "date"
    inlines = [RoundInline]
    actions = ["publish", "unpublish", "close", "recompute_standings"]

    def get_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        return ("club", *EVENT_FIELDS, "status", "published")

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return ["club", "status", "published"] if obj is not None else ["status", "published"]

    def formfield_for_dbfield(self, db_field: Any, request: HttpRequest, **kwargs: Any) -> Any:
        """The game and the ruleset are choices (the registry's games; each game's rulesets
        and the house rulesets, grouped by game), never free text."""
        if db_field.name == "game":
            return forms.ChoiceField(label=_("Game"), initial=DEFAULT_GAME)
        if db_field.name == "ruleset":
            return forms.ChoiceField(label=_("Rules"), required=False)
        return super().formfield_for_dbfield(db_field, request, **kwargs)

    def get_form(
        self, request: HttpRequest, obj: Any = None, change: bool = False, **kwargs: Any
    ) -> Any:
        form = super().get_form(request, obj, change, **kwargs)
        club_id = obj.club_id if isinstance(obj, Event) else None

        class EventAdminForm(form):  # type: ignore[valid-type, misc]
            def __init__(self, *args: Any, **kwargs: Any) -> None:
                super().__init__(*args, **kwargs)
                if "game" in self.fields:
                    set_choices(self, "game", game_choices())
                if "ruleset" in self.fields:
                    set_choices(self, "ruleset", ruleset_choices(house_choices(club_id)))

        EventAdminForm.__name__ = form.__name__
        return EventAdminForm

    def create(self, request: HttpRequest, obj: Model, form: Any) -> Model:
        data = form.cleaned_data
        return event_create(
            club=data["club"], actor=request.user, **{name: data[name] for name in EVENT_FIELDS}
        )

    def update(self, request: HttpRequest, original: Model, form: Any) -> Model:
        assert isinstance(original, Event)
        return event_update(event=original, actor=request.user, **_changes(form))

    def remove(self, request: HttpRequest, obj: Model) -> None:
        assert isinstance(obj, Event)
        event_delete(event=obj, actor=request.user)

    @admin.action(description=_("Publish the selected events"))
    def publish(self, request: HttpRequest, queryset: QuerySet[Event]) -> None:
        self.each(
            request,
            queryset,
            lambda event: event_publish(event=event, actor=request.user),
            ngettext_lazy("%(count)d event published.", "%(count)d events published.", "count"),
        )

    @admin.action(description=_("Hide the selected events"))
    def unpublish(self, request: HttpRequest, queryset: QuerySet[Event]) -> None:
        self.each(
            request,
            queryset,
            lambda event: event_publish(event=event, actor=request.user, published=False),
            ngettext_lazy("%(count)d event hidden.", "%(count)d events hidden.", "count"),
        )

    @admin.action(description=_("Close the selected events"))
    def close(self, request: HttpRequest, queryset: QuerySet[Event]) -> None:
        self.each(
            request,
            queryset,
            lambda event: event_close(event=event, actor=request.user),
            ngettext_lazy("%(count)d event closed.", "%(count)d events closed.", "count"),
        )

    @admin.action(description=_("Compute the standings again"))
    def recompute_standings(self, request: HttpRequest, queryset: QuerySet[Event]) -> None:
        self.each(
            request,
            queryset,
            lambda event: provided.standings_recompute_as(event=event, actor=request.user),
            ngettext_lazy(
                "Standings of %(count)d event computed.",
                "Standings of %(count)d events computed.",
                "count",
            ),
        )
