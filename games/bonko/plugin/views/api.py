"""Bonko nights through the API: the bell of a round (rung by the King's table's scorer or an
organizer, and taken back by them within a few seconds; ``games.bonko.plugin.bell``'s
``ring_bell`` and ``bell_undo`` decide)."""

from __future__ import annotations

from collections.abc import Callable

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotAuthenticated
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.errors import NotAllowed
from games.bonko.plugin.bell import UNDO_SECONDS, bell_state, bell_undo, ring_bell
from tournaments.models import Round, Table
from tournaments.selectors import events_visible_to

TABLE_TOKEN = OpenApiParameter(
    "X-Table-Token",
    str,
    OpenApiParameter.HEADER,
    required=False,
    description="The King's table's scoring link token, instead of an account.",
)


class BellSerializer(serializers.Serializer):
    round = serializers.IntegerField(help_text="The round's id.")
    rung = serializers.BooleanField(help_text="Whether the King's table rang the bell.")
    at = serializers.DateTimeField(allow_null=True, help_text="When the bell rang.")
    status = serializers.ChoiceField(choices=Round.Status.choices, help_text="The round's status.")


class RoundBellView(APIView):
    """``GET``: whether the round's bell rang (every table polls it). ``POST``: ring it (the
    King's table's scorer or link, or an organizer; only while the round is played; ringing
    again changes nothing). ``DELETE``: take a bell rung by mistake back, for a few seconds."""

    permission_classes = [AllowAny]  # the service decides: role, event scorer or table token

    def get_round(self, request: Request, round_id: int) -> Round:
        token = request.headers.get("X-Table-Token") or None
        if token and Table.objects.filter(round_id=round_id, scoring_token=token).exists():
            return get_object_or_404(Round.objects.select_related("event"), pk=round_id)
        return get_object_or_404(
            Round.objects.select_related("event"),
            pk=round_id,
            event__in=events_visible_to(request.user),
        )

    @extend_schema(parameters=[TABLE_TOKEN], responses=BellSerializer)
    def get(self, request: Request, round_id: int) -> Response:
        return Response(bell_state(self.get_round(request, round_id)))

    def writer_round(self, request: Request, round_id: int) -> tuple[Round, str | None]:
        """The round a write names, for an account (a round it may see) or a table's link."""
        token = request.headers.get("X-Table-Token") or None
        if not request.user.is_authenticated and not token:
            raise NotAuthenticated()
        round_ = (
            self.get_round(request, round_id)
            if request.user.is_authenticated
            else get_object_or_404(Round.objects.select_related("event"), pk=round_id)
        )
        return round_, token

    @extend_schema(parameters=[TABLE_TOKEN], request=None, responses=BellSerializer)
    def post(self, request: Request, round_id: int) -> Response:
        return self.as_writer(request, round_id, ring_bell)

    @extend_schema(
        parameters=[TABLE_TOKEN],
        request=None,
        responses=BellSerializer,
        description=(
            f"Take back a bell rung by mistake: whoever may ring it, within {UNDO_SECONDS} "
            "seconds of the ring, while the round is played and no table saved a result since "
            "(409 after that: the bell stands)."
        ),
    )
    def delete(self, request: Request, round_id: int) -> Response:
        return self.as_writer(request, round_id, bell_undo)

    def as_writer(self, request: Request, round_id: int, write: Callable[..., Round]) -> Response:
        """The bell's write (ring or undo) by a signed-in user or a table's token; refused
        without either as a 401, as DRF answers a request without credentials."""
        round_, token = self.writer_round(request, round_id)
        try:
            changed = write(actor=request.user, round_=round_, table_token=token)
        except NotAllowed as exc:
            if not request.user.is_authenticated:
                raise NotAuthenticated() from exc
            raise
        return Response(bell_state(changed))
