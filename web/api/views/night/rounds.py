"""Seating and round commands: generate or seat a round by hand, and the commands on a round
(accept, close, reopen, swap, regenerate)."""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.selectors import ORGANIZER, require_role
from core.errors import ServiceError
from tournaments.models import Round
from tournaments.rounds.lifecycle import round_close, round_reopen
from tournaments.rounds.reseating import seating_results_protected
from tournaments.rounds.services import (
    round_accept,
    round_generate,
    round_seat_manually,
    round_swap,
)
from tournaments.selectors import events_visible_to
from web.api.serializers.base import ReasonSerializer, numbered
from web.api.serializers.rounds import (
    GenerateRoundSerializer,
    ManualRoundSerializer,
    RoundCloseSerializer,
    RoundPlanSerializer,
    SwapSerializer,
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
        with seating_results_protected():
            round_ = round_seat_manually(
                event=event, actor=request.user, **serializer.validated_data
            )
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
    @extend_schema(request=RoundCloseSerializer, responses=RoundPlanSerializer)
    def post(self, request: Request, round_id: int) -> Response:
        round_ = self.get_round(request, round_id)
        require_role(request.user, round_.event.club_id, ORGANIZER, _("close a round"))
        serializer = RoundCloseSerializer(data=request.data or {})
        serializer.is_valid(raise_exception=True)
        unfinished = numbered(serializer.validated_data["unfinished"], "unfinished")
        round_ = round_close(round_=round_, actor=request.user, unfinished=unfinished)
        return _plan_response(round_)


class RoundReopenView(RoundCommandView):
    @extend_schema(request=ReasonSerializer, responses=RoundPlanSerializer)
    def post(self, request: Request, round_id: int) -> Response:
        round_ = self.get_round(request, round_id)
        require_role(request.user, round_.event.club_id, ORGANIZER, _("reopen a round"))
        serializer = ReasonSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        round_ = round_reopen(round_=round_, actor=request.user, **serializer.validated_data)
        return _plan_response(round_)


class RoundSwapView(RoundCommandView):
    @extend_schema(request=SwapSerializer, responses=RoundPlanSerializer)
    def post(self, request: Request, round_id: int) -> Response:
        serializer = SwapSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        round_ = round_swap(
            round_=self.get_round(request, round_id),
            actor=request.user,
            **serializer.validated_data,
        )
        return _plan_response(round_)


class RoundRegenerateView(RoundCommandView):
    @extend_schema(request=GenerateRoundSerializer, responses=RoundPlanSerializer)
    def post(self, request: Request, round_id: int) -> Response:
        round_ = self.get_round(request, round_id)
        if round_.status != Round.Status.PLANNED:
            raise ServiceError.single(
                "not_planned",
                _("Only a planned round can be seated again."),
            )
        serializer = GenerateRoundSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        with seating_results_protected():
            round_ = round_generate(
                event=round_.event, actor=request.user, **serializer.validated_data
            )
        return _plan_response(round_)
