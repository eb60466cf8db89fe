"""Events, rounds, tables and seats (manual seating), and event standings."""

from typing import Any

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.models import Player
from clubs.selectors import ORGANIZER, SCORERS, require_role
from ranking.standings.event_standings import computed_standings
from tournaments.events.scorers import event_scorer_add, event_scorer_remove, event_scorers
from tournaments.events.services import (
    entry_remove,
    entry_set_present,
    event_create,
    event_delete,
    event_publish,
    event_update,
)
from tournaments.models import Event, EventPlayer, Round, Seat, StandingsComputation, Table
from tournaments.rounds.lifecycle import event_close, event_reopen
from tournaments.rounds.night_sets import set_rounds, standings_set
from tournaments.rounds.substitutes import table_substitute
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
from tournaments.selectors import events_visible_to, stored_standings
from web.api.access.permissions import ClubWriteMixin
from web.api.pagination import PAGE_PARAMETERS, envelope, page_of, paginate
from web.api.serializers.base import ReasonSerializer, numbered
from web.api.serializers.events import (
    EntrySerializer,
    EventCloseSerializer,
    EventScorerAddSerializer,
    EventScorerSerializer,
    EventSerializer,
    PublishSerializer,
    StandingSerializer,
    StandingsMetaSerializer,
)
from web.api.serializers.rounds import (
    RoundSerializer,
    SeatSerializer,
    SubstituteSerializer,
    TableSerializer,
)


class EventViewSet(ClubWriteMixin, viewsets.ModelViewSet):
    """Club nights and tournaments. Unpublished events are visible to the club's members only."""

    serializer_class = EventSerializer
    permission_classes = [IsAuthenticatedOrReadOnly]
    filterset_fields = ["club", "kind", "status", "published", "date"]
    ordering_fields = ["date", "name", "created_at"]

    def get_queryset(self) -> QuerySet[Event]:
        return events_visible_to(self.request.user).order_by("-date", "-id")

    parent_field = "club"

    def club_id_of(self, instance: Event) -> int:
        return instance.club_id

    def parent_club_id(self, parent_pk: int) -> int | None:
        return parent_pk

    def create_object(self, data: dict[str, Any]) -> Event:
        return event_create(actor=self.request.user, **data)

    def update_object(self, instance: Event, data: dict[str, Any]) -> Event:
        data = {name: value for name, value in data.items() if name != "club"}
        return event_update(event=instance, actor=self.request.user, **data)

    def delete_object(self, instance: Event) -> None:
        event_delete(event=instance, actor=self.request.user)

    @extend_schema(request=PublishSerializer, responses=EventSerializer)
    @action(detail=True, methods=["post"])
    def publish(self, request: Request, pk: str | None = None) -> Response:
        """Show the event's standings and sessions to everyone (``published``: false hides
        them again)."""
        serializer = PublishSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        event = event_publish(
            event=self.get_object(), actor=request.user, **serializer.validated_data
        )
        return Response(EventSerializer(event).data)

    @extend_schema(request=EventCloseSerializer, responses=EventSerializer)
    @action(detail=True, methods=["post"])
    def close(self, request: Request, pk: str | None = None) -> Response:
        """The event is over: every round still open closes (each unfinished table needs a
        choice, as closing a round asks) and the event is finished."""
        event = self.get_object()
        require_role(request.user, event.club_id, ORGANIZER, _("close an event"))  # before input
        serializer = EventCloseSerializer(data=request.data or {})
        serializer.is_valid(raise_exception=True)
        unfinished = {
            number: numbered(tables, f"unfinished.{number}")
            for number, tables in numbered(
                serializer.validated_data["unfinished"], "unfinished"
            ).items()
        }
        event = event_close(event=event, actor=request.user, unfinished=unfinished)
        return Response(EventSerializer(event).data)

    @extend_schema(request=ReasonSerializer, responses=EventSerializer)
    @action(detail=True, methods=["post"])
    def reopen(self, request: Request, pk: str | None = None) -> Response:
        """A finished event runs again (its rounds stay closed until reopened); the reason
        goes to the audit log."""
        event = self.get_object()
        require_role(request.user, event.club_id, ORGANIZER, _("reopen an event"))
        serializer = ReasonSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        event = event_reopen(event=event, actor=request.user, **serializer.validated_data)
        return Response(EventSerializer(event).data)

    @extend_schema(
        responses=page_of(StandingSerializer, StandingsMetaSerializer),
        parameters=[
            OpenApiParameter(
                "set",
                {"type": "integer", "minimum": 1},
                required=False,
                description="A game played in sets: the standings of this set only, "
                "computed from the sessions of its rounds.",
            ),
            *PAGE_PARAMETERS,
        ],
    )
    @action(detail=True, methods=["get"])
    def standings(self, request: Request, pk: str | None = None) -> Response:
        """The event's standings, best first: rank (ties share it), total, sessions, table
        wins, places; with ``?set=N`` those of one set of the night. ``meta.up_to_date`` says
        whether the last result has been counted yet."""
        event = self.get_object()
        computation = StandingsComputation.objects.filter(event=event).first()
        computed = computation.results_version if computation else None
        chosen = standings_set(event, request.query_params.get("set"))
        rows = (
            list(stored_standings(event))
            if chosen is None
            else computed_standings(event, set_rounds(event, chosen))
        )
        meta = {
            "event": event.pk,
            "set": chosen,
            "results_version": event.results_version,
            "computed_version": computed if chosen is None else event.results_version,
            "up_to_date": chosen is not None or computed == event.results_version,
        }
        shown, links = paginate(request, rows, self)
        return Response(
            envelope(
                links,
                StandingSerializer(shown, many=True).data,
                StandingsMetaSerializer(meta).data,
            )
        )


class _EventChildMixin(ClubWriteMixin):
    def visible_events(self) -> QuerySet[Event]:
        return events_visible_to(self.request.user)


class RoundViewSet(_EventChildMixin, viewsets.ModelViewSet):
    serializer_class = RoundSerializer
    permission_classes = [IsAuthenticatedOrReadOnly]
    filterset_fields = ["event", "status"]
    ordering_fields = ["number"]

    def get_queryset(self) -> QuerySet[Round]:
        return Round.objects.filter(event__in=self.visible_events()).order_by("event_id", "number")

    parent_field = "event"

    def club_id_of(self, instance: Round) -> int:
        return instance.event.club_id

    def parent_club_id(self, parent_pk: int) -> int | None:
        return Event.objects.filter(pk=parent_pk).values_list("club_id", flat=True).first()

    def create_object(self, data: dict[str, Any]) -> Round:
        return round_create(event=data["event"], actor=self.request.user, number=data.get("number"))

    def update_object(self, instance: Round, data: dict[str, Any]) -> Round:
        return round_renumber(
            round_=instance, actor=self.request.user, number=data.get("number", instance.number)
        )

    def delete_object(self, instance: Round) -> None:
        round_delete(round_=instance, actor=self.request.user)


class TableViewSet(_EventChildMixin, viewsets.ModelViewSet):
    serializer_class = TableSerializer
    permission_classes = [IsAuthenticatedOrReadOnly]
    filterset_fields = ["round", "round__event"]
    ordering_fields = ["number"]

    def get_queryset(self) -> QuerySet[Table]:
        return (
            Table.objects.filter(round__event__in=self.visible_events())
            .select_related("round__event")
            .prefetch_related("seats__player")
            .order_by("round_id", "number")
        )

    parent_field = "round"

    def club_id_of(self, instance: Table) -> int:
        return instance.round.event.club_id

    def parent_club_id(self, parent_pk: int) -> int | None:
        return Round.objects.filter(pk=parent_pk).values_list("event__club_id", flat=True).first()

    def create_object(self, data: dict[str, Any]) -> Table:
        return table_create(
            round_=data["round"], actor=self.request.user, number=data.get("number")
        )

    def update_object(self, instance: Table, data: dict[str, Any]) -> Table:
        return table_renumber(
            table=instance, actor=self.request.user, number=data.get("number", instance.number)
        )

    def delete_object(self, instance: Table) -> None:
        table_delete(table=instance, actor=self.request.user)

    @extend_schema(request=SubstituteSerializer, responses={201: SubstituteSerializer})
    @action(detail=True, methods=["post"], permission_classes=[IsAuthenticated])
    def substitute(self, request: Request, pk: str | None = None) -> Response:
        """A player who left is replaced at the table from a given part on (the club's
        scorers, while the round is played). Whose result the seat's session is follows the
        event's ``substitute_counts``."""
        table = self.get_object()
        require_role(request.user, table.round.event.club_id, SCORERS, _("seat a substitute"))
        serializer = SubstituteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        substitution = table_substitute(
            table=table, actor=request.user, **serializer.validated_data
        )
        return Response(SubstituteSerializer(substitution).data, status=status.HTTP_201_CREATED)


class SeatViewSet(_EventChildMixin, viewsets.ModelViewSet):
    """Manual seating: put a player on seat 0..3 of a table. Nobody sits twice in a round."""

    serializer_class = SeatSerializer
    permission_classes = [IsAuthenticatedOrReadOnly]
    filterset_fields = ["table", "round", "player"]
    ordering_fields = ["position"]

    def get_queryset(self) -> QuerySet[Seat]:
        return (
            Seat.objects.filter(round__event__in=self.visible_events())
            .select_related("player")
            .order_by("table_id", "position")
        )

    parent_field = "table"

    def club_id_of(self, instance: Seat) -> int:
        return instance.table.round.event.club_id

    def parent_club_id(self, parent_pk: int) -> int | None:
        return (
            Table.objects.filter(pk=parent_pk)
            .values_list("round__event__club_id", flat=True)
            .first()
        )

    def create_object(self, data: dict[str, Any]) -> Seat:
        return seat_create(
            table=data["table"],
            actor=self.request.user,
            position=data["position"],
            player=data["player"],
        )

    def update_object(self, instance: Seat, data: dict[str, Any]) -> Seat:
        return seat_update(
            seat=instance,
            actor=self.request.user,
            position=data.get("position"),
            player=data.get("player"),
        )

    def delete_object(self, instance: Seat) -> None:
        seat_delete(seat=instance, actor=self.request.user)


class EntryViewSet(_EventChildMixin, viewsets.ModelViewSet):
    """Who plays in an event; ``present`` is the check-in that seating reads."""

    serializer_class = EntrySerializer
    permission_classes = [IsAuthenticatedOrReadOnly]
    write_roles = SCORERS
    filterset_fields = ["event", "player", "present"]

    def get_queryset(self) -> QuerySet[EventPlayer]:
        return (
            EventPlayer.objects.filter(event__in=self.visible_events())
            .select_related("player")
            .order_by("event_id", "player__name")
        )

    parent_field = "event"

    def club_id_of(self, instance: EventPlayer) -> int:
        return instance.event.club_id

    def parent_club_id(self, parent_pk: int) -> int | None:
        return Event.objects.filter(pk=parent_pk).values_list("club_id", flat=True).first()

    def create_object(self, data: dict[str, Any]) -> EventPlayer:
        return entry_set_present(
            event=data["event"],
            actor=self.request.user,
            player=data["player"],
            present=data.get("present", True),
            new=True,
        )

    def update_object(self, instance: EventPlayer, data: dict[str, Any]) -> EventPlayer:
        return entry_set_present(
            event=instance.event,
            actor=self.request.user,
            player=instance.player,
            present=data.get("present", instance.present),
        )

    def delete_object(self, instance: EventPlayer) -> None:
        entry_remove(entry=instance, actor=self.request.user)


class EventScorersView(APIView):
    """The event's own scorers: players who may enter this event's results only. Organizers
    assign them; the club's organizers and scorers see the list."""

    permission_classes = [IsAuthenticated]

    def get_event(self, request: Request, event_id: int) -> Event:
        return get_object_or_404(events_visible_to(request.user), pk=event_id)

    @extend_schema(responses=page_of(EventScorerSerializer), parameters=PAGE_PARAMETERS)
    def get(self, request: Request, event_id: int) -> Response:
        rows = event_scorers(event=self.get_event(request, event_id), actor=request.user)
        shown, links = paginate(request, rows, self)
        return Response(envelope(links, EventScorerSerializer(shown, many=True).data))

    @extend_schema(request=EventScorerAddSerializer, responses={201: EventScorerSerializer})
    def post(self, request: Request, event_id: int) -> Response:
        event = self.get_event(request, event_id)
        serializer = EventScorerAddSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        scorer = event_scorer_add(
            event=event, actor=request.user, player=serializer.validated_data["player"]
        )
        return Response(EventScorerSerializer(scorer).data, status=status.HTTP_201_CREATED)


class EventScorerView(APIView):
    """One of the event's scorers: DELETE takes the right to score the event back."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={204: None})
    def delete(self, request: Request, event_id: int, player_id: int) -> Response:
        event = get_object_or_404(events_visible_to(request.user), pk=event_id)
        player = get_object_or_404(Player, pk=player_id)
        event_scorer_remove(event=event, actor=request.user, player=player)
        return Response(status=status.HTTP_204_NO_CONTENT)
