"""Table sign-off through the API: read where it stands, sign, dispute, resolve a dispute.

Each write calls one service of ``results.signoff`` (rule, permission, the table's lock, audit).
A signature names the revision it confirms (``revision``): a session that moved on answers 409.
"""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotAuthenticated
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.access.throttle import client_address
from core.errors import NotAllowed
from results.models import Session, Signature
from results.signoff.selectors import dispute_dict, signoff_of, state_dict
from results.signoff.services import (
    dispute_raise,
    dispute_resolve,
    sign_as_player,
    sign_for_player,
    sign_with_code,
)
from results.writers import table_token_matches
from web.api.pagination import PAGE_PARAMETERS, envelope, page_of, paginate
from web.api.serializers import ErrorResponseSerializer
from web.api.views.night.sessions import TABLE_TOKEN_HEADER, TableWriteView, sessions_queryset

REASON = "Why, in a few words (at most 200 characters)."


class SignatureStateSerializer(serializers.Serializer):
    player = serializers.IntegerField(help_text="The player's id.")
    player_name = serializers.CharField(source="name")
    signed = serializers.BooleanField(help_text="Signed the session's current revision.")
    method = serializers.ChoiceField(
        choices=Signature.Method.choices,
        allow_null=True,
        help_text="How: code, account or organizer.",
    )
    at = serializers.DateTimeField(allow_null=True)
    reason = serializers.CharField(help_text="The organizer's reason when they signed.")
    disputed = serializers.BooleanField(help_text="The player has a dispute open.")


class DisputeOutSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    player = serializers.IntegerField()
    player_name = serializers.CharField(source="name")
    revision = serializers.IntegerField(help_text="The revision the player disputed.")
    reason = serializers.CharField()
    at = serializers.DateTimeField()
    resolved = serializers.BooleanField()
    resolved_at = serializers.DateTimeField(allow_null=True)
    resolved_by = serializers.CharField(allow_null=True, help_text="The organizer's username.")
    resolution = serializers.CharField()


class SignoffSerializer(serializers.Serializer):
    session = serializers.IntegerField()
    revision = serializers.IntegerField(help_text="The revision a signature must name.")
    complete = serializers.BooleanField()
    signed = serializers.BooleanField(help_text="Every player signed, no dispute open.")
    signed_at = serializers.DateTimeField(allow_null=True)
    closed = serializers.BooleanField(
        help_text="The round is closed: players no longer sign or dispute; only an organizer "
        "signs for a player or resolves a dispute, with a reason."
    )
    players = SignatureStateSerializer(many=True)
    disputes = DisputeOutSerializer(many=True)


class SignSerializer(serializers.Serializer):
    method = serializers.ChoiceField(
        choices=Signature.Method.choices,
        help_text="code: the player's personal code on the scorer's phone; account: the "
        "signed-in player themselves; organizer: an organizer for the player.",
    )
    revision = serializers.IntegerField(min_value=1, help_text="The revision you confirm.")
    player = serializers.IntegerField(required=False, help_text="Who signs (not for account).")
    code = serializers.CharField(required=False, max_length=8, help_text="Four digits.")
    reason = serializers.CharField(required=False, max_length=200, help_text=REASON)


class DisputeSerializer(serializers.Serializer):
    player = serializers.IntegerField(help_text="Who disputes.")
    reason = serializers.CharField(max_length=200, help_text=REASON)
    revision = serializers.IntegerField(
        required=False, min_value=1, help_text="The revision disputed (409 if it moved on)."
    )
    code = serializers.CharField(
        required=False,
        max_length=8,
        help_text="The player's personal code, on the scorer's phone; without it, the signed-in "
        "player disputes as themselves.",
    )


class ResolveSerializer(serializers.Serializer):
    resolution = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=300,
        help_text="How it was settled (required once the round is closed).",
    )


def _parsed(serializer_class: type[serializers.Serializer], request: Request) -> dict[str, Any]:
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def _dispute(dispute: Any) -> Any:
    return DisputeOutSerializer(dispute_dict(dispute)).data


class SignoffBase(TableWriteView):
    def session_of(self, request: Request, table_id: int) -> Session:
        table = self.get_table(request, table_id)
        own = table_token_matches(table, self.table_token(request))
        return get_object_or_404(
            Session.objects.all() if own else sessions_queryset(request), table=table
        )

    def answer(self, request: Request, table_id: int, code: int = 200) -> Response:
        session = self.session_of(request, table_id)
        state = state_dict(signoff_of(session, session.table))
        return Response(SignoffSerializer(state).data, status=code)

    def guarded(self, request: Request, call: Any, **arguments: Any) -> Any:
        """Run a write; without an account, a refusal is a 401 (no credential), as for the
        session's other writes."""
        if not request.user.is_authenticated and not self.table_token(request):
            raise NotAuthenticated()
        try:
            return call(**arguments)
        except NotAllowed as exc:
            if not request.user.is_authenticated:
                raise NotAuthenticated() from exc
            raise


class TableSignaturesView(SignoffBase):
    """Who at the table signed the session's current revision; sign it."""

    @extend_schema(responses=SignoffSerializer, parameters=[TABLE_TOKEN_HEADER])
    def get(self, request: Request, table_id: int) -> Response:
        return self.answer(request, table_id)

    @extend_schema(
        request=SignSerializer,
        responses={
            200: SignoffSerializer,
            201: SignoffSerializer,
            400: ErrorResponseSerializer,
            409: ErrorResponseSerializer,
            429: ErrorResponseSerializer,
        },
        parameters=[TABLE_TOKEN_HEADER],
    )
    def post(self, request: Request, table_id: int) -> Response:
        data = _parsed(SignSerializer, request)
        method, revision, user = data["method"], data["revision"], request.user
        if method == Signature.Method.ACCOUNT:
            signature = self.guarded(
                request, sign_as_player, table=table_id, actor=user, revision=revision
            )
        elif method == Signature.Method.ORGANIZER:
            signature = self.guarded(
                request,
                sign_for_player,
                table=table_id,
                actor=user,
                player_id=data.get("player") or 0,
                revision=revision,
                reason=data.get("reason", ""),
            )
        else:
            signature = self.guarded(
                request,
                sign_with_code,
                table=table_id,
                actor=user,
                player_id=data.get("player") or 0,
                code=data.get("code"),
                revision=revision,
                table_token=self.table_token(request),
                address=client_address(request),
            )
        created = getattr(signature, "created_now", False)
        return self.answer(request, table_id, status.HTTP_201_CREATED if created else 200)


class TableDisputesView(SignoffBase):
    """The disputes of the table's session; a player disputes it."""

    @extend_schema(
        responses=page_of(DisputeOutSerializer), parameters=[TABLE_TOKEN_HEADER, *PAGE_PARAMETERS]
    )
    def get(self, request: Request, table_id: int) -> Response:
        session = self.session_of(request, table_id)
        disputes = session.disputes.select_related("player", "resolved_by").order_by("at", "id")
        shown, links = paginate(request, disputes, self)
        return Response(envelope(links, [_dispute(d) for d in shown]))

    @extend_schema(
        request=DisputeSerializer,
        responses={
            201: DisputeOutSerializer,
            400: ErrorResponseSerializer,
            409: ErrorResponseSerializer,
            429: ErrorResponseSerializer,
        },
        parameters=[TABLE_TOKEN_HEADER],
    )
    def post(self, request: Request, table_id: int) -> Response:
        data = _parsed(DisputeSerializer, request)
        dispute = self.guarded(
            request,
            dispute_raise,
            table=table_id,
            actor=request.user,
            player_id=data["player"],
            reason=data["reason"],
            revision=data.get("revision"),
            code=data.get("code"),
            table_token=self.table_token(request),
            address=client_address(request),
        )
        return Response(_dispute(dispute), status=status.HTTP_201_CREATED)


class DisputeResolveView(APIView):
    """An organizer of the club resolves a dispute."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=ResolveSerializer,
        responses={
            200: DisputeOutSerializer,
            400: ErrorResponseSerializer,
            409: ErrorResponseSerializer,
        },
    )
    def post(self, request: Request, dispute_id: int) -> Response:
        data = _parsed(ResolveSerializer, request)
        dispute = dispute_resolve(
            dispute_id=dispute_id, actor=request.user, resolution=data.get("resolution", "")
        )
        return Response(_dispute(dispute))
