"""The admin of rounds, tables and seats, each added, renumbered or deleted through the round,
table and seat services (``tournaments.rounds.tables``, through ``core.admin``); a round's status
changes only through its commands (start, close).
"""

from typing import Any

from django.contrib import admin
from django.db.models import Model, QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from core.admin import ServiceAdmin, ServiceInline
from tournaments.admin.labels import SeatingInWords
from tournaments.models import Event, Round, Seat, Table
from tournaments.rounds.lifecycle import round_close
from tournaments.rounds.services import round_accept
from tournaments.rounds.tables import (
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
    """Every seat of every table; seating is normally made with ``tournaments.rounds.services``. A
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
