"""Events, rounds, tables and seats (manual seating), and event standings."""

from typing import Any

from django.db import transaction
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
    EventScorerAddSerializer,
    EventScorerSerializer,
    EventSerializer,
    GenerateRoundSerializer,
    ManualRoundSerializer,
    PublishSerializer,
    RoundPlanSerializer,
    RoundSerializer,
    SeatSerializer,
    StandingsSerializer,
    SwapSerializer,
    TableSerializer,
)
from clubs.errors import Conflict, ServiceError
from clubs.models import Membership, Player
from clubs.selectors import SCORERS
from games.models import Session
from tournaments.event_scorers import event_scorer_add, event_scorer_remove, event_scorers
from tournaments.event_seating import seating_results_protected
from tournaments.models import Event, EventPlayer, Round, Seat, StandingsComputation, Table
from tournaments.rounds import (
    round_accept,
    round_close,
    round_generate,
    round_seat_manually,
    round_swap,
)
from tournaments.selectors import event_standings_rows, events_visible_to
from tournaments.services import event_close, event_publish
from tournaments.tasks import enqueue_ratings


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

    @transaction.atomic
    def perform_update(self, serializer: EventSerializer) -> None:
        old_date = serializer.instance.date
        super().perform_update(serializer)
        event = serializer.instance
        if event.date != old_date and event.sessions.exists():
            # The club's ratings are computed in play order, which starts with the date.
            enqueue_ratings(event.club_id)

    @extend_schema(request=PublishSerializer, responses=EventSerializer)
    @action(detail=True, methods=["post"])
    def publish(self, request: Request, pk: str | None = None) -> Response:
        """Show the event's standings and sessions to everyone (``published``: false hides
        them again)."""
        serializer = PublishSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        event = event_publish(event=self.get_object(), actor=request.user,
                              **serializer.validated_data)
        return Response(EventSerializer(event).data)

    @extend_schema(request=None, responses=EventSerializer)
    @action(detail=True, methods=["post"])
    def close(self, request: Request, pk: str | None = None) -> Response:
        """The event is over: every round still open closes and the event is finished."""
        event = event_close(event=self.get_object(), actor=request.user)
        return Response(EventSerializer(event).data)

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

    # A table's seats are what its session's per-seat results refer to: once the table has a
    # session (or its round is closed) they stay as they are.

    @transaction.atomic
    def perform_create(self, serializer: SeatSerializer) -> None:
        table = serializer.validated_data["table"]
        self.check_club(self.club_id_of_data(serializer.validated_data))
        refuse_seat_change(table)
        refuse_non_member(club_id=table.round.event.club_id,
                          player=serializer.validated_data["player"])
        super().perform_create(serializer)

    @transaction.atomic
    def perform_update(self, serializer: SeatSerializer) -> None:
        seat = serializer.instance
        self.check_club(self.club_id_of(seat))
        refuse_seat_change(seat.table)
        player = serializer.validated_data.get("player")
        if player is not None and player.pk != seat.player_id:
            refuse_non_member(club_id=self.club_id_of(seat), player=player)
        super().perform_update(serializer)

    @transaction.atomic
    def perform_destroy(self, instance: Seat) -> None:
        self.check_club(self.club_id_of(instance))
        refuse_seat_change(instance.table)
        super().perform_destroy(instance)


def refuse_seat_change(table: Table) -> None:
    """Refuse to change the seats of a table that has results or whose round is closed (the
    same refusals as ``round_swap``). The table row is locked as a session write locks it, so
    a session cannot start in between."""
    table = Table.objects.select_for_update().select_related("round").get(pk=table.pk)
    if table.round.status == Round.Status.CLOSED:
        raise Conflict.single("round_closed", "This round is closed.", "Deze ronde is gesloten.")
    if Session.objects.filter(table=table).exists():
        raise Conflict.single(
            "table_has_results",
            f"Table {table.number} already has results; it cannot be changed.",
            f"Tafel {table.number} heeft al uitslagen; die kan niet meer wijzigen.",
        )


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

    # The refusals of ``tournaments.services.entry_set_present`` (the check-in pages' service):
    # only the club's members play, and a finished event's entries stay as they were. A
    # player who left the club may still be checked out or removed.

    @transaction.atomic
    def perform_create(self, serializer: EntrySerializer) -> None:
        event = serializer.validated_data["event"]
        self.check_club(event.club_id)
        refuse_non_member(club_id=event.club_id, player=serializer.validated_data["player"])
        refuse_entry_change(event)
        super().perform_create(serializer)

    @transaction.atomic
    def perform_update(self, serializer: EntrySerializer) -> None:
        entry = serializer.instance
        self.check_club(self.club_id_of(entry))
        if serializer.validated_data.get("present", entry.present):
            refuse_non_member(club_id=entry.event.club_id, player=entry.player)
        refuse_entry_change(entry.event)
        super().perform_update(serializer)

    @transaction.atomic
    def perform_destroy(self, instance: EventPlayer) -> None:
        self.check_club(self.club_id_of(instance))
        refuse_entry_change(instance.event)
        super().perform_destroy(instance)


def refuse_non_member(*, club_id: int, player: Player) -> None:
    """Refuse to enter or seat a player who is not a member of the event's club (the message
    of ``entry_set_present``)."""
    if not Membership.objects.filter(club_id=club_id, player=player).exists():
        raise ServiceError.single(
            "not_a_member", f"{player.name} is not a member of this club.",
            f"{player.name} is geen lid van deze club.", field="player",
        )


def refuse_entry_change(event: Event) -> None:
    """Refuse to change the entries of a finished event. The event row is locked as
    ``event_close`` locks it, so the event cannot finish in between."""
    status_now = Event.objects.select_for_update().values_list("status", flat=True).get(
        pk=event.pk
    )
    if status_now == Event.Status.FINISHED:
        raise ServiceError.single(
            "event_finished", "This event is finished.", "Dit evenement is afgelopen."
        )


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
        with seating_results_protected():
            round_ = round_generate(event=event, actor=request.user,
                                    **serializer.validated_data)
        return _plan_response(round_, status.HTTP_201_CREATED)


class EventManualSeatingView(APIView):
    """Seat the next round by hand: every present player once, at a table or on a bye."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=ManualRoundSerializer, responses={201: RoundPlanSerializer})
    def post(self, request: Request, event_id: int) -> Response:
        event = get_object_or_404(events_visible_to(request.user), pk=event_id)
        serializer = ManualRoundSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        with seating_results_protected():
            round_ = round_seat_manually(event=event, actor=request.user,
                                         **serializer.validated_data)
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
        with seating_results_protected():
            round_ = round_generate(event=round_.event, actor=request.user,
                                    **serializer.validated_data)
        return _plan_response(round_)


class EventScorersView(APIView):
    """The event's own scorers: players who may enter this event's results only. Organizers
    assign them; the club's organizers and scorers see the list."""

    permission_classes = [IsAuthenticated]

    def get_event(self, request: Request, event_id: int) -> Event:
        return get_object_or_404(events_visible_to(request.user), pk=event_id)

    @extend_schema(responses=EventScorerSerializer(many=True))
    def get(self, request: Request, event_id: int) -> Response:
        rows = event_scorers(event=self.get_event(request, event_id), actor=request.user)
        return Response(EventScorerSerializer(rows, many=True).data)

    @extend_schema(request=EventScorerAddSerializer, responses={201: EventScorerSerializer})
    def post(self, request: Request, event_id: int) -> Response:
        event = self.get_event(request, event_id)
        serializer = EventScorerAddSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        scorer = event_scorer_add(event=event, actor=request.user,
                                  player=serializer.validated_data["player"])
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
