"""The round's timer through the API: start, pause or reset it (``tournaments.rounds.timer``
owns the rule, the permission and the audit entry; the room's screen counts down from it)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.errors import ServiceError
from tournaments.models import Round
from tournaments.rounds.timer import ACTIONS, MAX_MINUTES, round_timer, timer_state
from tournaments.selectors import events_visible_to


class TimerCommandSerializer(serializers.Serializer):
    action = serializers.ChoiceField(choices=ACTIONS, help_text="start, pause or reset.")
    minutes = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=MAX_MINUTES,
        help_text="How long the round lasts; needed to start a timer that never had minutes.",
    )


class TimerSerializer(serializers.Serializer):
    round = serializers.IntegerField(help_text="The round's id.")
    running = serializers.BooleanField(help_text="Whether the timer runs now.")
    minutes = serializers.IntegerField(help_text="How long the round lasts (0: no timer set).")
    elapsed = serializers.IntegerField(help_text="Seconds the timer has run.")
    remaining = serializers.IntegerField(
        allow_null=True, help_text="Seconds left (negative once the time is up); null: no timer."
    )


class RoundTimerView(APIView):
    """Start (with ``minutes`` the first time), pause or reset the round's timer: an organizer
    or scorer of the club."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=TimerCommandSerializer, responses=TimerSerializer)
    def post(self, request: Request, round_id: int) -> Response:
        round_ = get_object_or_404(
            Round.objects.select_related("event"),
            pk=round_id,
            event__in=events_visible_to(request.user),
        )
        data = request.data if isinstance(request.data, dict) else None
        if data is None:
            raise ServiceError.single(
                "bad_body",
                _('Send an object: {"action": "start", "minutes": 30}.'),
            )
        round_ = round_timer(
            actor=request.user,
            round_=round_,
            action=str(data.get("action", "")),
            minutes=data.get("minutes"),
        )
        return Response({"round": round_.pk, **timer_state(round_)})
