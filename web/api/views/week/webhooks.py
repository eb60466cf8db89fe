"""A club's webhooks through the API (organizers of the club): list, register, change, switch
on or off, delete, a new secret; each hook's delivery log and sending a delivery again. Hooks
of clubs the user does not organize are not found (404)."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.models import Club, Role
from clubs.selectors import ORGANIZER, user_roles
from core.club_events import KINDS
from web.api.access.permissions import ClubWriteMixin, signed_in_user
from web.api.idempotency import shown_once
from week.webhooks.models import Delivery, Hook
from week.webhooks.services import (
    delivery_resend,
    hook_create,
    hook_delete,
    hook_new_secret,
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


class DeliverySerializer(serializers.ModelSerializer):
    payload = serializers.JSONField(help_text="The envelope's data.")

    class Meta:
        model = Delivery
        fields = [
            "id",
            "hook",
            "kind",
            "event_id",
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
