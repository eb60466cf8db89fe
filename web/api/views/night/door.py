"""The door through the API: a player checks in with the event's door link token (signed in:
themselves; without an account: one name per phone, the phone being the door id that the door
page ``/door/<token>/`` put in its session, never one the client names), and says "I'm leaving
after this round" (or takes it back). ``tournaments.door.services`` owns the rules, permissions and
audit entries; ``tournaments.door.limits`` counts the door's writes."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import Throttled
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.access.throttle import client_address
from clubs.models import Player
from clubs.selectors import player_for_user
from core.errors import ServiceError
from tournaments.door.device import session_device
from tournaments.door.limits import door_wait
from tournaments.door.services import door_check_in, entry_leaving
from tournaments.models import EventPlayer
from tournaments.selectors import events_visible_to


class DoorCheckInSerializer(serializers.Serializer):
    player = serializers.IntegerField(
        required=False,
        min_value=1,
        help_text="The player checking in; signed in, leave it out to check in yourself.",
    )


class LeavingSerializer(serializers.Serializer):
    leaving = serializers.BooleanField(
        help_text="true: leaving after the current round; false: staying after all (only "
        "before the next round is seated)."
    )
    player = serializers.IntegerField(
        required=False,
        min_value=1,
        help_text="The player (organizers and scorers); leave it out for yourself.",
    )


class DoorEntrySerializer(serializers.ModelSerializer):
    player_name = serializers.CharField(source="player.name", read_only=True)
    checked_in_now = serializers.BooleanField(
        read_only=True, help_text="Whether this request checked the player in (false: already)."
    )

    class Meta:
        model = EventPlayer
        fields = [
            "id",
            "event",
            "player",
            "player_name",
            "present",
            "door_at",
            "leaving_after",
            "checked_in_now",
        ]


def _body(request: Request, serializer: type[serializers.Serializer]) -> dict[str, Any]:
    if not isinstance(request.data, dict):
        raise ServiceError.single("bad_body", _("Send a JSON object."))
    parsed = serializer(data=request.data)
    parsed.is_valid(raise_exception=True)
    return dict(parsed.validated_data)


def _player(player_id: int | None) -> Player | None:
    return get_object_or_404(Player, pk=player_id) if player_id else None


def _answer(entry: EventPlayer, now: bool, code: int = status.HTTP_200_OK) -> Response:
    entry.checked_in_now = now  # type: ignore[attr-defined]
    return Response(DoorEntrySerializer(entry).data, status=code)


class DoorCheckInView(APIView):
    """Check in at the event's door (the token of its door link, as on the QR code): signed
    in, yourself; without an account, the player named, unless the event requires signing in
    or the player has a login: one name per phone and event (the phone is the session the
    door page ``/door/{token}/`` started: open it first and send its cookie), and at most
    ``DOOR_NAMES_PER_ADDRESS`` names per address and event (429 beyond). 201 when checked in
    now, 200 when the player already was."""

    permission_classes = [AllowAny]  # the door link is the permission; the service decides

    @extend_schema(request=DoorCheckInSerializer, responses=DoorEntrySerializer)
    def post(self, request: Request, token: str) -> Response:
        data = _body(request, DoorCheckInSerializer)
        device = "" if request.user.is_authenticated else session_device(request._request)
        wait = door_wait(request, device)
        if wait:
            raise Throttled(wait=wait, detail="Too many check-ins from here; try later.")
        entry, now = door_check_in(
            token=token,
            actor=request.user,
            player=_player(data.get("player")),
            device=device,
            address=client_address(request),
        )
        return _answer(entry, now, status.HTTP_201_CREATED if now else status.HTTP_200_OK)


class EventLeavingView(APIView):
    """ "I'm leaving after this round" (``leaving``: true) or staying after all (false): the
    player themselves, or the club's organizers and scorers for any player. The next round's
    seating checks a leaving player out and leaves them out."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=LeavingSerializer, responses=DoorEntrySerializer)
    def post(self, request: Request, event_id: int) -> Response:
        event = get_object_or_404(events_visible_to(request.user), pk=event_id)
        data = _body(request, LeavingSerializer)
        player = _player(data.get("player")) or player_for_user(request.user)
        if player is None:
            raise ServiceError.single("player_required", _("Name the player."), field="player")
        entry = entry_leaving(
            event=event, actor=request.user, player=player, leaving=data["leaving"]
        )
        return _answer(entry, False)
