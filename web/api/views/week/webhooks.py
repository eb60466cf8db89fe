"""A club's webhooks through the API (organizers of the club): list, register, change, switch
on or off, delete, a new secret, a test ping; each hook's delivery log, sending a delivery
again, and the catch-up list a receiver reads what it missed from (a cursor, oldest first).
Hooks of clubs the user does not organize are not found (404)."""

from __future__ import annotations

import base64
import binascii
import re
from typing import Any

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.models import Club, Role
from clubs.selectors import ORGANIZER, user_roles
from core.club_events import KINDS
from core.errors import ServiceError
from core.times import utc_z
from web.api.access.permissions import ClubWriteMixin, signed_in_user
from web.api.idempotency import shown_once
from web.api.pagination import DEFAULT_LIMIT, MAX_LIMIT, query_integer
from week.webhooks.models import Delivery, Hook
from week.webhooks.selectors import deliveries_after
from week.webhooks.sending import DELIVERY_KINDS
from week.webhooks.services import (
    delivery_resend,
    hook_create,
    hook_delete,
    hook_new_secret,
    hook_ping,
    hook_update,
)

KIND_HELP = "The kinds of club events the hook receives: " + ", ".join(KINDS) + "."


class HookSerializer(serializers.ModelSerializer):
    club = serializers.PrimaryKeyRelatedField(queryset=Club.objects.all())
    kinds = serializers.ListField(child=serializers.ChoiceField(choices=KINDS), help_text=KIND_HELP)
    url = serializers.CharField(
        max_length=500,
        help_text=(
            "An http(s) URL at a public address (private and local addresses only where the "
            "service allows them)."
        ),
    )
    previous_secret_until = serializers.DateTimeField(
        read_only=True,
        allow_null=True,
        help_text="After a new secret: until then deliveries also carry "
        "X-Hook-Signature-Previous, signed with the previous secret (null: no overlap).",
    )

    class Meta:
        model = Hook
        fields = [
            "id",
            "club",
            "url",
            "description",
            "kinds",
            "active",
            "failures",
            "disabled_at",
            "created_at",
            "previous_secret_until",
        ]
        read_only_fields = ["failures", "disabled_at", "created_at"]


class HookUpdateSerializer(HookSerializer):
    club = serializers.PrimaryKeyRelatedField(read_only=True)


class HookWithSecretSerializer(HookSerializer):
    """A hook as the answer that makes its secret shows it: once, never again."""

    secret = serializers.CharField(
        read_only=True,
        help_text="Keys the HMAC-SHA256 signature of every delivery (X-Hook-Signature). "
        "Shown only now: store it with the receiver.",
    )

    class Meta(HookSerializer.Meta):
        fields = [*HookSerializer.Meta.fields, "secret"]


PAYLOAD_HELP = (
    "The envelope's data: its shape is the data of the kind's component (Webhook<Kind>: "
    "WebhookNightPlanned, ..., WebhookPing)."
)


class DeliverySerializer(serializers.ModelSerializer):
    kind = serializers.ChoiceField(choices=DELIVERY_KINDS, help_text="The kind delivered.")
    event = serializers.IntegerField(
        source="event_id",
        allow_null=True,
        read_only=True,
        help_text="The event (GET /api/v1/events/{event_id}/) the delivery tells of; null for "
        "the calendar's nights and a ping. The delivery's own id is id.",
    )
    payload = serializers.JSONField(help_text=PAYLOAD_HELP)

    class Meta:
        model = Delivery
        fields = [
            "id",
            "hook",
            "kind",
            "event",
            "status",
            "attempts",
            "status_code",
            "error",
            "resent_from",
            "created_at",
            "last_attempt_at",
            "next_attempt_at",
            "delivered_at",
            "payload",
        ]
        read_only_fields = fields


class UtcDateTimeField(serializers.DateTimeField):
    """A moment in UTC, written with Z (as the deliveries' envelope writes ``created_at``)."""

    def to_representation(self, value: Any) -> str:
        return utc_z(value)


class CatchUpDeliverySerializer(serializers.ModelSerializer):
    """One delivery of the catch-up list: what was sent (or is being sent) and how it went."""

    id = serializers.IntegerField(
        read_only=True, help_text="The delivery's id: the body's id and X-Hook-Delivery."
    )
    kind = serializers.ChoiceField(choices=DELIVERY_KINDS, help_text="The kind delivered.")
    created_at = UtcDateTimeField(
        read_only=True, help_text="When the delivery was made, in UTC (ends in Z)."
    )
    payload = serializers.JSONField(help_text=PAYLOAD_HELP)
    resent_from = serializers.IntegerField(
        source="resent_from_id",
        allow_null=True,
        read_only=True,
        help_text="The delivery it sends again, or null.",
    )

    class Meta:
        model = Delivery
        fields = ["id", "kind", "created_at", "status", "payload", "resent_from"]
        read_only_fields = fields


class CatchUpSerializer(serializers.Serializer):
    """The hook's deliveries after a cursor, oldest first (newest last): read ``results``,
    then ask ``next``, now while ``more`` is true, later when it is false."""

    results = CatchUpDeliverySerializer(many=True)
    cursor = serializers.CharField(
        help_text="Where this page ends: give it as ?cursor= to read on from here."
    )
    next = serializers.URLField(
        help_text="This list from where the page ends (never null: the list goes on as "
        "deliveries are made)."
    )
    more = serializers.BooleanField(
        help_text="Whether deliveries after this page are waiting already (false: caught up)."
    )


_CURSOR = re.compile(r"after:(0|[1-9][0-9]{0,18})")
LARGEST = 2**63 - 1


def cursor_of(sequence: int) -> str:
    """The opaque cursor after a hook's delivery number ``sequence``."""
    return base64.urlsafe_b64encode(f"after:{sequence}".encode()).decode().rstrip("=")


def cursor_position(text: str) -> int:
    """The delivery number a cursor continues after; a 400 for anything this list never gave."""
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)).decode("ascii")
    except (binascii.Error, ValueError):
        raw = ""
    found = _CURSOR.fullmatch(raw)
    if found is None or int(found.group(1)) > LARGEST:
        raise ServiceError.single(
            "invalid_cursor",
            _(
                "The cursor is not one this list gave: start without it, or follow the next "
                "address of the last answer."
            ),
            field="cursor",
        )
    return int(found.group(1))


def organized_clubs(request: Request) -> list[int] | None:
    """The clubs whose hooks the user may see (None: every club, for a superuser)."""
    user = signed_in_user(request)
    if user.is_superuser:
        return None
    return [club for club, role in user_roles(user).items() if role == Role.ORGANIZER]


def visible_hooks(request: Request) -> QuerySet[Hook]:
    hooks = Hook.objects.select_related("club").order_by("club_id", "id")
    clubs = organized_clubs(request)
    return hooks if clubs is None else hooks.filter(club_id__in=clubs)


class HookViewSet(ClubWriteMixin, viewsets.ModelViewSet):
    """The webhooks of the clubs the user organizes. A hook receives the club's events of the
    kinds it chose, signed with its secret; after too many failed deliveries in a row it is
    switched off (``active`` false, ``disabled_at``), and switching it on again
    (``active: true``) counts afresh."""

    permission_classes = [IsAuthenticated]
    write_roles = ORGANIZER
    parent_field = "club"
    made: Hook  # the hook a create made
    filterset_fields = ["club", "active"]
    ordering_fields = ["created_at"]

    def get_queryset(self) -> QuerySet[Hook]:
        if getattr(self, "swagger_fake_view", False):
            return Hook.objects.none()
        return visible_hooks(self.request)

    def get_serializer_class(self) -> type[serializers.BaseSerializer[Any]]:
        if self.action in ("update", "partial_update"):
            return HookUpdateSerializer
        return HookSerializer

    def club_id_of(self, instance: Hook) -> int:
        return instance.club_id

    def parent_club_id(self, parent_pk: int) -> int | None:
        return parent_pk

    @extend_schema(request=HookSerializer, responses={201: HookWithSecretSerializer})
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """Register a hook; the answer shows its secret, this once."""
        response = super().create(request, *args, **kwargs)
        response["Location"] = f"/api/v1/hooks/{self.made.pk}/"  # not the hook's own url
        return _with_secret(response, self.made, request, _("the webhook"))

    def create_object(self, data: dict[str, Any]) -> Hook:
        self.made = hook_create(
            club=data["club"],
            actor=self.request.user,
            url=data["url"],
            kinds=data["kinds"],
            description=data.get("description", ""),
        )
        return self.made

    def update_object(self, instance: Hook, data: dict[str, Any]) -> Hook:
        return hook_update(
            hook=instance,
            actor=self.request.user,
            url=data.get("url"),
            kinds=data.get("kinds"),
            description=data.get("description"),
            active=data.get("active"),
        )

    def delete_object(self, instance: Hook) -> None:
        hook_delete(hook=instance, actor=self.request.user)

    @extend_schema(responses=DeliverySerializer(many=True), filters=False)
    @action(detail=True, methods=["get"], filterset_fields=[], ordering_fields=[])
    def deliveries(self, request: Request, pk: str | None = None) -> Response:
        """The hook's delivery log, newest first: each event sent, its attempts and what the
        receiver answered last."""
        hook = self.get_object()
        rows = Delivery.objects.filter(hook=hook).order_by("-created_at", "-id")
        page = self.paginate_queryset(rows)
        if page is not None:
            return self.get_paginated_response(DeliverySerializer(page, many=True).data)
        return Response(DeliverySerializer(rows, many=True).data)

    @extend_schema(
        responses=CatchUpSerializer,
        filters=False,
        parameters=[
            OpenApiParameter(
                "cursor",
                {"type": "string", "minLength": 1, "maxLength": 40},
                description="Where to read on: a cursor an answer of this list gave "
                "(cursor, or in next). Without it the list starts at the oldest delivery "
                "kept.",
            ),
            OpenApiParameter(
                "limit",
                {"type": "integer", "minimum": 1, "maximum": MAX_LIMIT},
                description=f"Deliveries per page: 1 to {MAX_LIMIT}, {DEFAULT_LIMIT} unless given.",
            ),
        ],
    )
    @action(
        detail=True,
        methods=["get"],
        url_path="catch-up",
        filterset_fields=[],
        ordering_fields=[],
        pagination_class=None,
    )
    def catch_up(self, request: Request, pk: str | None = None) -> Response:
        """The hook's deliveries in the order they were made, oldest first and newest last,
        each with its kind, id, time (UTC), payload and status: what a receiver that was down
        reads to catch up. Keep ``next`` and ask it again: it holds a cursor after the last
        delivery of the page, and a delivery made later comes after it, never before. Drop
        a delivery whose id you already have (it may also arrive, or have arrived, by POST).
        The log keeps deliveries WEBHOOKS_LOG_DAYS days."""
        hook = self.get_object()
        raw = request.query_params.getlist("cursor")
        after = cursor_position(raw[0]) if raw else 0
        limit = query_integer(request, "limit", minimum=1, maximum=MAX_LIMIT) or DEFAULT_LIMIT
        rows = deliveries_after(hook=hook, after=after, limit=limit + 1)
        page, more = rows[:limit], len(rows) > limit
        end = page[-1].sequence if page else after
        cursor = cursor_of(end)
        base = request.build_absolute_uri(request.path)
        query = f"?cursor={cursor}" + (f"&limit={limit}" if "limit" in request.query_params else "")
        return Response(
            {
                "results": CatchUpDeliverySerializer(page, many=True).data,
                "cursor": cursor,
                "next": base + query,
                "more": more,
            }
        )

    @extend_schema(request=None, responses={201: DeliverySerializer})
    @action(detail=True, methods=["post"])
    def ping(self, request: Request, pk: str | None = None) -> Response:
        """Send the hook a test ping: a delivery of the kind ``ping`` (WebhookPing), signed
        like every delivery, whatever kinds the hook receives; to a hook that is switched on
        (else 409 ``hook_off``). It is tried once, and a failed ping does not count towards
        switching the hook off; its answer is in the log (``deliveries/``)."""
        delivery = hook_ping(hook=self.get_object(), actor=request.user)
        return Response(DeliverySerializer(delivery).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses=HookWithSecretSerializer)
    @action(detail=True, methods=["post"], url_path="new-secret")
    def new_secret(self, request: Request, pk: str | None = None) -> Response:
        """Give the hook a new secret, shown in this answer only. Deliveries are signed with
        it from now on (X-Hook-Signature) and, until ``previous_secret_until``, with the
        previous one too (X-Hook-Signature-Previous)."""
        hook = hook_new_secret(hook=self.get_object(), actor=request.user)
        return _with_secret(Response(), hook, request, _("a new secret of the webhook"))


def _with_secret(response: Response, hook: Hook, request: Request, what: Any) -> Response:
    """``response`` with the hook and its secret, marked as shown once (never replayed)."""
    response.data = HookWithSecretSerializer(hook, context={"request": request}).data
    return shown_once(response, what=what, object_id=hook.pk, where=f"/api/v1/hooks/{hook.pk}/")


class DeliveryResendView(APIView):
    """Send a delivery again: a new delivery of the same payload (``resent_from`` names the
    first), to a hook that is switched on."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={201: DeliverySerializer})
    def post(self, request: Request, hook_id: int, delivery_id: int) -> Response:
        hook = get_object_or_404(visible_hooks(request), pk=hook_id)
        delivery = get_object_or_404(
            Delivery.objects.select_related("hook"), pk=delivery_id, hook=hook
        )
        again = delivery_resend(delivery=delivery, actor=request.user)
        return Response(DeliverySerializer(again).data, status=status.HTTP_201_CREATED)
