"""The admin of an event's lists: its players (checked in or out) and its scorers for the night,
written through ``tournaments.events.services`` and ``tournaments.events.scorers`` like the pages do
(``core.admin``). Registered by importing ``tournaments.admin``.
"""

from typing import Any

from django.contrib import admin
from django.db.models import Model
from django.http import HttpRequest

from core.admin import ServiceAdmin
from tournaments.events.scorers import event_scorer_add, event_scorer_remove
from tournaments.events.services import entry_remove, entry_set_present
from tournaments.models import EventPlayer, EventScorer


@admin.register(EventPlayer)
class EventPlayerAdmin(ServiceAdmin):
    """The players on an event's list, checked in or out through ``entry_set_present``."""

    list_display = ["player", "event", "present"]
    list_filter = ["present", "event__club"]
    list_select_related = ["player", "event"]
    search_fields = ["player__name", "event__name"]
    fields = ["event", "player", "present"]
    autocomplete_fields = ["player"]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return ["event", "player"] if obj is not None else []

    def create(self, request: HttpRequest, obj: Model, form: Any) -> Model:
        data = form.cleaned_data
        return entry_set_present(
            event=data["event"],
            actor=request.user,
            player=data["player"],
            present=data["present"],
            new=True,
        )

    def update(self, request: HttpRequest, original: Model, form: Any) -> Model:
        assert isinstance(original, EventPlayer)
        return entry_set_present(
            event=original.event,
            actor=request.user,
            player=original.player,
            present=form.cleaned_data["present"],
        )

    def remove(self, request: HttpRequest, obj: Model) -> None:
        assert isinstance(obj, EventPlayer)
        entry_remove(entry=obj, actor=request.user)


@admin.register(EventScorer)
class EventScorerAdmin(ServiceAdmin):
    """A player who may enter results for one event only."""

    list_display = ["player", "event"]
    list_filter = ["event__club"]
    list_select_related = ["player", "event"]
    search_fields = ["player__name", "event__name"]
    autocomplete_fields = ["player"]
    fields = ["event", "player"]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return ["event", "player"] if obj is not None else []

    def create(self, request: HttpRequest, obj: Model, form: Any) -> Model:
        data = form.cleaned_data
        return event_scorer_add(event=data["event"], actor=request.user, player=data["player"])

    def remove(self, request: HttpRequest, obj: Model) -> None:
        assert isinstance(obj, EventScorer)
        event_scorer_remove(event=obj.event, actor=request.user, player=obj.player)
