"""Events, rounds, tables and seats (manual seating), and event standings."""

from typing import Any

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.permissions import ClubWriteMixin
from api.serializers import (
    EntrySerializer,
    EventSerializer,
    GenerateRoundSerializer,
    ManualRoundSerializer,
    RoundPlanSerializer,
    RoundSerializer,
    SeatSerializer,
    StandingsSerializer,
    SwapSerializer,
    TableSerializer,
)
from clubs.errors import ServiceError
from clubs.selectors import SCORERS
from tournaments.models import Event, EventPlayer, Round, Seat, StandingsComputation, Table
from tournaments.rounds import (
    round_accept,
    round_close,
    round_generate,
    round_seat_manually,
    round_swap,
)
from tournaments.selectors import event_standings_rows, events_visible_to


class EventViewSet(ClubWriteMixin, viewsets.ModelViewSet):
    """Club nights and tournaments. Unpublished events are visible to the club's members only."""

    serializer_class = EventSerializer
    permission_classes = [IsAuthenticatedOrReadOnly]
    filterset_fields = ["club", "kind", "status", "published", "date"]
    ordering_fields = ["date", "name", "created_at"]

    def get_queryset(self) -> QuerySet[Event]:
        return events_visible_to(self.request.user).order_by("-date", "-id")

    def club_id_of(self, instance: Event) -> int:
        return instance.club_id

    def club_id_of_data(self, data: dict[str, Any]) -> int | None:
        club = data.get("club")
        return club.pk if club is not None else None

    @extend_schema(responses=StandingsSerializer)
    @action(detail=True, methods=["get"])
    def standings(self, request: Request, pk: str | None = None) -> Response:
        """The event's standings: rank (ties share it), total, sessions, table wins, places."""
        event = self.get_object()
        computation = StandingsComputation.objects.filter(event=event).first()
        computed = computation.results_version if computation else None
        data = {
            "event": event.pk,
            "results_version": event.results_version,
            "computed_version": computed,
            "up_to_date": computed == event.results_version,
            "standings": list(event_standings_rows(event)),
        }
        return Response(StandingsSerializer(data).data)


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

    def club_id_of(self, instance: Round) -> int:
        return instance.event.club_id

    def club_id_of_data(self, data: dict[str, Any]) -> int | None:
        event = data.get("event")
        return event.club_id if event is not None else None


class TableViewSet(_EventChildMixin, viewsets.ModelViewSet):
    serializer_class = TableSerializer
    permission_classes = [IsAuthenticatedOrReadOnly]
    filterset_fields = ["round", "round__event"]
    ordering_fields = ["number"]

    def get_queryset(self) -> QuerySet[Table]:
        return (
            Table.objects.filter(round__event__in=self.visible_events())
            .prefetch_related("seats__player")
            .order_by("round_id", "number")
        )

    def club_id_of(self, instance: Table) -> int:
        return instance.round.event.club_id

    def club_id_of_data(self, data: dict[str, Any]) -> int | None:
        round_ = data.get("round")
        return round_.event.club_id if round_ is not None else None


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

    def club_id_of(self, instance: Seat) -> int:
        return instance.table.round.event.club_id

    def club_id_of_data(self, data: dict[str, Any]) -> int | None:
        table = data.get("table")
        return table.round.event.club_id if table is not None else None


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

    def club_id_of(self, instance: EventPlayer) -> int:
        return instance.event.club_id

    def club_id_of_data(self, data: dict[str, Any]) -> int | None:
        event = data.get("event")
        return event.club_id if event is not None else None


def _plan_response(round_: Round, code: int = status.HTTP_200_OK) -> Response:
    return Response(RoundPlanSerializer(round_).data, status=code)


class EventSeatingView(APIView):
    """Seat the next round of an event as a preview (or re-seat the round still planned)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=GenerateRoundSerializer, responses={201: RoundPlanSerializer})
    def post(self, request: Request, event_id: int) -> Response:
        event = get_object_or_404(events_visible_to(request.user), pk=event_id)
        serializer = GenerateRoundSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        round_ = round_generate(event=event, actor=request.user, **serializer.validated_data)
        return _plan_response(round_, status.HTTP_201_CREATED)


class EventManualSeatingView(APIView):
    """Seat the next round by hand: every present player once, at a table or on a bye."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=ManualRoundSerializer, responses={201: RoundPlanSerializer})
    def post(self, request: Request, event_id: int) -> Response:
        event = get_object_or_404(events_visible_to(request.user), pk=event_id)
        serializer = ManualRoundSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        round_ = round_seat_manually(event=event, actor=request.user, **serializer.validated_data)
        return _plan_response(round_, status.HTTP_201_CREATED)


class RoundCommandView(APIView):
    """Commands on a round: ``accept`` the preview, ``swap`` two players, ``close`` it, or
    ``regenerate`` a planned round's seating."""

    permission_classes = [IsAuthenticated]
    command = ""

    def get_round(self, request: Request, round_id: int) -> Round:
        return get_object_or_404(
            Round.objects.select_related("event"),
            pk=round_id,
            event__in=events_visible_to(request.user),
        )


class RoundAcceptView(RoundCommandView):
    @extend_schema(request=None, responses=RoundPlanSerializer)
    def post(self, request: Request, round_id: int) -> Response:
        round_ = round_accept(round_=self.get_round(request, round_id), actor=request.user)
        return _plan_response(round_)


class RoundCloseView(RoundCommandView):
    @extend_schema(request=None, responses=RoundPlanSerializer)
    def post(self, request: Request, round_id: int) -> Response:
        round_ = round_close(round_=self.get_round(request, round_id), actor=request.user)
        return _plan_response(round_)


class RoundSwapView(RoundCommandView):
    @extend_schema(request=SwapSerializer, responses=RoundPlanSerializer)
    def post(self, request: Request, round_id: int) -> Response:
        serializer = SwapSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        round_ = round_swap(
            round_=self.get_round(request, round_id), actor=request.user,
            **serializer.validated_data,
        )
        return _plan_response(round_)


class RoundRegenerateView(RoundCommandView):
    @extend_schema(request=GenerateRoundSerializer, responses=RoundPlanSerializer)
    def post(self, request: Request, round_id: int) -> Response:
        round_ = self.get_round(request, round_id)
        if round_.status != Round.Status.PLANNED:
            raise ServiceError.single(
                "not_planned", "Only a planned round can be seated again.",
                "Alleen een geplande ronde kan opnieuw worden ingedeeld.",
            )
        serializer = GenerateRoundSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        round_ = round_generate(event=round_.event, actor=request.user,
                                **serializer.validated_data)
        return _plan_response(round_)
