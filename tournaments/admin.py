"""The admin of events, their lists of players and scorers, rounds, tables and seats.

Every write goes through the services (``core.admin_writes``): the same rules, permission
checks, locks and audit entries as the pages and the API. Statuses change only through their
commands (the actions). An event's players and scorers are in ``admin_entries``; derived
rows (byes, standings) in ``admin_derived``, read-only. Every list selects the rows it shows
with their related rows (``list_select_related``), so a longer page never costs more queries.
"""

from typing import Any

from django import forms
from django.contrib import admin
from django.db.models import Model, QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from core.admin_writes import ServiceAdmin, ServiceInline
from core.forms import set_choices
from games.registry import DEFAULT_GAME
from tournaments import (
    admin_derived,  # noqa: F401  (registers the read-only admins)
    admin_entries,  # noqa: F401  (registers the admins of an event's players and scorers)
    provided,
)
from tournaments.admin_labels import SeatingInWords
from tournaments.forms import game_choices, house_choices, ruleset_choices
from tournaments.models import Event, Round, Seat, Table
from tournaments.round_lifecycle import event_close, round_close
from tournaments.rounds import round_accept
from tournaments.services import (
    EVENT_FIELDS,
    event_create,
    event_delete,
    event_publish,
    event_update,
)
from tournaments.tables import (
    round_create,
    round_delete,
    round_renumber,
    seat_create,
    seat_delete,
    seat_update,
    table_create,
    table_delete,
    table_renumber,
)


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


class SeatInline(ServiceInline):
    """A table's seats, each added, changed or taken away through the seat services (a table
    with results, or of a closed round, keeps its seats)."""

    model = Seat
    fields = ["position", "player"]
    autocomplete_fields = ["player"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Seat]:
        return super().get_queryset(request).select_related("player")

    def create(self, request: HttpRequest, parent: Model, obj: Model) -> Model:
        assert isinstance(parent, Table) and isinstance(obj, Seat)
        return seat_create(
            table=parent, actor=request.user, position=obj.position, player=obj.player
        )

    def update(
        self, request: HttpRequest, original: Model, obj: Model, changed: list[str]
    ) -> Model:
        assert isinstance(original, Seat) and isinstance(obj, Seat)
        return seat_update(
            seat=original, actor=request.user, position=obj.position, player=obj.player
        )

    def remove(self, request: HttpRequest, obj: Model) -> None:
        assert isinstance(obj, Seat)
        seat_delete(seat=obj, actor=request.user)


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


@admin.register(Round)
class RoundAdmin(SeatingInWords, ServiceAdmin):
    """A round added by hand (then seated table by table), renumbered or deleted through the
    round services; its status changes only through its commands (start, close)."""

    list_display = ["event", "number", "status", "seating"]
    list_filter = ["status", "event__club"]
    list_select_related = ["event"]
    search_fields = ["event__name"]
    fields = ["event", "number", "status", "seating"]
    actions = ["start", "close"]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        fixed = ["status", "seating"]
        return ["event", *fixed] if obj is not None else fixed

    def create(self, request: HttpRequest, obj: Model, form: Any) -> Model:
        data = form.cleaned_data
        return round_create(event=data["event"], actor=request.user, number=data["number"])

    def update(self, request: HttpRequest, original: Model, form: Any) -> Model:
        assert isinstance(original, Round)
        return round_renumber(
            round_=original, actor=request.user, number=form.cleaned_data["number"]
        )

    def remove(self, request: HttpRequest, obj: Model) -> None:
        assert isinstance(obj, Round)
        round_delete(round_=obj, actor=request.user)

    @admin.action(description=_("Start the selected rounds"))
    def start(self, request: HttpRequest, queryset: QuerySet[Round]) -> None:
        self.each(
            request,
            queryset.select_related("event"),
            lambda round_: round_accept(round_=round_, actor=request.user),
            ngettext_lazy("%(count)d round started.", "%(count)d rounds started.", "count"),
        )

    @admin.action(description=_("Close the selected rounds"))
    def close(self, request: HttpRequest, queryset: QuerySet[Round]) -> None:
        self.each(
            request,
            queryset.select_related("event"),
            lambda round_: round_close(round_=round_, actor=request.user),
            ngettext_lazy("%(count)d round closed.", "%(count)d rounds closed.", "count"),
        )


@admin.register(Table)
class TableAdmin(ServiceAdmin):
    list_display = ["__str__", "round", "number"]
    list_filter = ["round__event__club", "round__status"]
    list_select_related = ["round__event"]
    search_fields = ["round__event__name", "seats__player__name"]
    fields = ["round", "number"]
    raw_id_fields = ["round"]
    inlines = [SeatInline]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return ["round"] if obj is not None else []

    def create(self, request: HttpRequest, obj: Model, form: Any) -> Model:
        data = form.cleaned_data
        return table_create(round_=data["round"], actor=request.user, number=data["number"])

    def update(self, request: HttpRequest, original: Model, form: Any) -> Model:
        assert isinstance(original, Table)
        return table_renumber(
            table=original, actor=request.user, number=form.cleaned_data["number"]
        )

    def remove(self, request: HttpRequest, obj: Model) -> None:
        assert isinstance(obj, Table)
        table_delete(table=obj, actor=request.user)


@admin.register(Seat)
class SeatAdmin(ServiceAdmin):
    """Every seat of every table; seating is normally made with ``tournaments.rounds``. A
    seat is added, changed or deleted through the seat services (a table with results keeps
    its seats); it does not move to another table (delete it and add one there)."""

    list_display = ["player", "event", "round_number", "table_number", "position", "round_status"]
    # The round is chosen by its number (with the event filter: one round); a filter listing
    # every round of every event would be long and name each round's event.
    list_filter = [
        "round__event__club",
        ("round__event", admin.RelatedOnlyFieldListFilter),
        "round__number",
        "round__status",
    ]
    # The table with its round too: each row's checkbox is labelled with str(seat).
    list_select_related = ["player", "round__event", "table__round"]
    search_fields = ["player__name", "round__event__name"]
    ordering = [
        "-round__event__date",
        "round__event_id",
        "round__number",
        "table__number",
        "position",
    ]
    fields = ["table", "position", "player"]
    autocomplete_fields = ["player"]
    raw_id_fields = ["table"]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return ["table"] if obj is not None else []

    def create(self, request: HttpRequest, obj: Model, form: Any) -> Model:
        data = form.cleaned_data
        return seat_create(
            table=data["table"],
            actor=request.user,
            position=data["position"],
            player=data["player"],
        )

    def update(self, request: HttpRequest, original: Model, form: Any) -> Model:
        assert isinstance(original, Seat)
        data = form.cleaned_data
        return seat_update(
            seat=original, actor=request.user, position=data["position"], player=data["player"]
        )

    def remove(self, request: HttpRequest, obj: Model) -> None:
        assert isinstance(obj, Seat)
        seat_delete(seat=obj, actor=request.user)

    @admin.display(description=_("event"), ordering="round__event__date")
    def event(self, obj: Seat) -> Event:
        return obj.round.event

    @admin.display(description=_("round"), ordering="round__number")
    def round_number(self, obj: Seat) -> int:
        return obj.round.number

    @admin.display(description=_("table"), ordering="table__number")
    def table_number(self, obj: Seat) -> int:
        return obj.table.number

    @admin.display(description=_("status"), ordering="round__status")
    def round_status(self, obj: Seat) -> str:
        return obj.round.get_status_display()
