"""The admin of events, rounds, tables, seats, byes, standings and ratings.

Seating and results are normally made through the services (``tournaments.rounds``,
``games.services``); derived rows (standings, ratings) are read-only. Every list selects the
rows it shows with their related rows (``list_select_related``), so a longer page never costs
more queries.
"""

from django import forms
from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from tournaments.models import (
    Bye,
    Event,
    EventPlayer,
    EventScorer,
    PlayerRating,
    RatedSession,
    RatingHistory,
    RatingPool,
    Round,
    Seat,
    Standing,
    StandingsComputation,
    Table,
)


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0


def scored_table(table_ids: set[int | None]) -> Table | None:
    """The first of these tables that has a session (results), if any. Its seats are what the
    session's per-seat rows refer to, so they stay as they are (as the API and
    ``tournaments.rounds`` keep them)."""
    return (
        Table.objects.filter(pk__in=table_ids - {None}, session__isnull=False)
        .select_related("round").order_by("pk").first()
    )


def seats_stay_error(table: Table) -> forms.ValidationError:
    return forms.ValidationError(
        _("%(table)s already has results: its seats cannot change."),
        code="table_has_results", params={"table": str(table).capitalize()},
    )


class SeatFormSet(forms.BaseInlineFormSet):
    """The seats of one table: a player sits once per round (the database refuses it too,
    but with an error page rather than a message); the seats of a table with results stay."""

    def clean(self) -> None:
        super().clean()
        if any(self.errors):
            return
        changed = [form for form in self.forms if form.has_changed()] or self.deleted_forms
        if changed and self.instance.pk is not None:
            scored = scored_table({self.instance.pk})
            if scored is not None:
                raise seats_stay_error(scored)
        kept = [form.cleaned_data for form in self.forms
                if form.cleaned_data and not form.cleaned_data.get("DELETE")]
        players = [data["player"] for data in kept if data.get("player") is not None]
        twice = {player for player in players if players.count(player) > 1}
        elsewhere = Seat.objects.filter(round_id=self.instance.round_id, player__in=players)
        if self.instance.pk is not None:
            elsewhere = elsewhere.exclude(table=self.instance)
        twice.update(seat.player for seat in elsewhere.select_related("player"))
        if twice:
            names = ", ".join(sorted(player.name for player in twice))
            raise forms.ValidationError(
                _("A player sits at one table per round: %(names)s."), params={"names": names}
            )


class SeatInline(admin.TabularInline):
    model = Seat
    formset = SeatFormSet
    extra = 0
    fields = ["position", "player"]
    autocomplete_fields = ["player"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Seat]:
        return super().get_queryset(request).select_related("player")

    def has_delete_permission(self, request: HttpRequest, obj: Table | None = None) -> bool:
        # ``obj`` is the table: no seat of a table with results is deleted.
        if obj is not None and obj.pk is not None and scored_table({obj.pk}) is not None:
            return False
        return super().has_delete_permission(request, obj)


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "date", "kind", "ruleset", "status", "published"]
    list_filter = ["kind", "status", "published", "ruleset", "club"]
    list_select_related = ["club"]
    search_fields = ["name", "club__name"]
    date_hierarchy = "date"
    inlines = [RoundInline]


@admin.register(EventPlayer)
class EventPlayerAdmin(admin.ModelAdmin):
    list_display = ["player", "event", "present"]
    list_filter = ["present", "event__club"]
    list_select_related = ["player", "event"]
    search_fields = ["player__name", "event__name"]


@admin.register(EventScorer)
class EventScorerAdmin(admin.ModelAdmin):
    """A player who may enter results for one event only."""

    list_display = ["player", "event"]
    list_filter = ["event__club"]
    list_select_related = ["player", "event"]
    search_fields = ["player__name", "event__name"]
    autocomplete_fields = ["player"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["event", "number", "status", "seating_method"]
    list_filter = ["status", "seating_method", "event__club"]
    list_select_related = ["event"]
    search_fields = ["event__name"]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["__str__", "round", "number"]
    list_filter = ["round__event__club", "round__status"]
    list_select_related = ["round__event"]
    search_fields = ["round__event__name", "seats__player__name"]
    inlines = [SeatInline]

    def save_formset(self, request, form, formset, change):  # type: ignore[no-untyped-def]
        for seat in formset.save(commit=False):
            seat.round_id = seat.table.round_id
            seat.save()
        for seat in formset.deleted_objects:
            seat.delete()


class SeatForm(forms.ModelForm):
    """A seat's round is its table's round; a player sits once per round; the seats of a
    table with results stay (none added, moved, changed or taken away)."""

    class Meta:
        model = Seat
        fields = ["table", "position", "player"]

    def clean(self) -> dict:
        data = super().clean()
        table, player = data.get("table"), data.get("player")
        if self.has_changed():
            scored = scored_table({self.instance.table_id, getattr(table, "pk", None)})
            if scored is not None:
                raise seats_stay_error(scored)
        if table is not None:
            self.instance.round_id = table.round_id
            taken = Seat.objects.filter(round_id=table.round_id, player=player)
            if player is not None and taken.exclude(pk=self.instance.pk).exists():
                self.add_error("player", _("This player already sits at a table in this round."))
        return data


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    """Every seat of every table; seating is normally made with ``tournaments.rounds``."""

    form = SeatForm

    list_display = ["player", "event", "round_number", "table_number", "position",
                    "round_status"]
    # The round is chosen by its number (with the event filter: one round); a filter listing
    # every round of every event would be long and name each round's event.
    list_filter = ["round__event__club", ("round__event", admin.RelatedOnlyFieldListFilter),
                   "round__number", "round__status"]
    # The table with its round too: each row's checkbox is labelled with str(seat).
    list_select_related = ["player", "round__event", "table__round"]
    search_fields = ["player__name", "round__event__name"]
    ordering = ["-round__event__date", "round__event_id", "round__number", "table__number",
                "position"]
    autocomplete_fields = ["player"]
    raw_id_fields = ["table"]

    def has_delete_permission(self, request: HttpRequest, obj: Seat | None = None) -> bool:
        # Also asked for each seat the bulk delete action would take: with one seat of a
        # table with results among them, nothing is deleted.
        if obj is not None and scored_table({obj.table_id}) is not None:
            return False
        return super().has_delete_permission(request, obj)

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


@admin.register(Bye)
class ByeAdmin(admin.ModelAdmin):
    list_display = ["player", "round"]
    list_filter = ["round__event__club", "round__status"]
    list_select_related = ["player", "round__event"]
    search_fields = ["player__name", "round__event__name"]


@admin.register(Standing)
class StandingAdmin(admin.ModelAdmin):
    list_display = ["event", "rank", "player", "total", "sessions", "table_wins", "tied"]
    list_filter = ["event__club", "event"]
    list_select_related = ["event", "player"]
    search_fields = ["player__name", "event__name"]


@admin.register(StandingsComputation)
class StandingsComputationAdmin(admin.ModelAdmin):
    """When each event's standings were last computed (derived; deleting one makes the
    reconcile job compute them again)."""

    list_display = ["event", "results_version", "computed_at"]
    list_filter = ["event__club"]
    list_select_related = ["event"]
    search_fields = ["event__name"]
    readonly_fields = ["event", "results_version", "computed_at"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


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
