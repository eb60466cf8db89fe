"""A signed-in user's own API tokens: list, create (the key is shown once), revoke."""

from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.authentication import SessionAuthentication
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from clubs.access.tokens import api_token_create, api_token_revoke
from clubs.models import ApiToken
from web.api.access.authentication import ApiTokenAuthentication, PasswordAuthentication
from web.api.access.permissions import signed_in_user
from web.api.idempotency import shown_once


class ApiTokenSerializer(serializers.ModelSerializer):
    expires_at = serializers.DateTimeField(required=False, allow_null=True)

    class Meta:
        model = ApiToken
        fields = ["id", "name", "prefix", "created_at", "last_used_at", "revoked_at", "expires_at"]
        read_only_fields = ["prefix", "created_at", "last_used_at", "revoked_at"]


class NewApiTokenSerializer(ApiTokenSerializer):
    key = serializers.CharField(read_only=True, help_text="Shown only now; store it safely.")

    class Meta(ApiTokenSerializer.Meta):
        fields = [*ApiTokenSerializer.Meta.fields, "key"]


class ApiTokenViewSet(mixins.ListModelMixin, mixins.DestroyModelMixin, viewsets.GenericViewSet):
    serializer_class = ApiTokenSerializer
    permission_classes = [IsAuthenticated]
    # A username and password too, for creating a first token from the command line
    # (`curl -u user:password -X POST /api/v1/tokens/`).
    authentication_classes = [ApiTokenAuthentication, SessionAuthentication, PasswordAuthentication]
    filterset_fields: list[str] = []

    def get_queryset(self) -> QuerySet[ApiToken]:
        if getattr(self, "swagger_fake_view", False):
            return ApiToken.objects.none()
        return ApiToken.objects.filter(user=signed_in_user(self.request)).order_by(
            "-created_at", "-id"
        )

    @extend_schema(request=ApiTokenSerializer, responses={201: NewApiTokenSerializer})
    def create(self, request: Request) -> Response:
        """A new token (its key is shown only now). Made with a token that expires, the new
        one expires no later than it (without ``expires_at``: at the same moment; later: 400)."""
        serializer = ApiTokenSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        via = request.auth if isinstance(request.auth, ApiToken) else None
        token, key = api_token_create(
            user=signed_in_user(request),
            name=serializer.validated_data["name"],
            expires_at=serializer.validated_data.get("expires_at"),
            via=via,
        )
        data = NewApiTokenSerializer(token).data | {"key": key}
        return shown_once(
            Response(data, status=status.HTTP_201_CREATED),
            what=_("the API token"),
            object_id=token.pk,
            where="/api/v1/tokens/",
        )

    def destroy(self, request: Request, pk: str | None = None) -> Response:
        """Revoke the token (it stays listed, with the time it was revoked)."""
        token = self.get_object()
        api_token_revoke(user=signed_in_user(request), token_id=token.pk)
        return Response(status=status.HTTP_204_NO_CONTENT)
