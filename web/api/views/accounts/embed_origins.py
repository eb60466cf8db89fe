"""The origins (the club's own websites) allowed to frame the club's embeds, through the API:
the club's organizers read them and replace the list, as on the club's embeds page, through
``web.embeds.origins`` (its rules, permission and audit entry)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.models import Club
from core.errors import ServiceError
from web.api.serializers import ErrorResponseSerializer
from web.api.serializers.settings import EmbedOriginsSerializer, EmbedOriginsWriteSerializer
from web.embeds.origins import embed_origins_read, embed_origins_set, embed_origins_writer

SAVED = OpenApiExample(
    "The club's origins",
    value={"origins": ["https://www.de-zwaan.nl", "https://de-zwaan.nl:8443"]},
    response_only=True,
)
GIVEN = OpenApiExample(
    "Two websites",
    value={"origins": ["https://www.De-Zwaan.nl/", "https://de-zwaan.nl:8443"]},
    request_only=True,
)
REFUSED = OpenApiExample(
    "An origin with a path",
    value={
        "errors": [
            {
                "code": "invalid_origin",
                "message": "'https://www.de-zwaan.nl/standen': an origin is a scheme and a "
                "host only, without a path, query or user (https://club.example).",
                "message_nl": "'https://www.de-zwaan.nl/standen': een origin is alleen een "
                "schema en een host, zonder pad, query of gebruiker (https://club.voorbeeld.nl).",
                "field": "origins[1]",
                "game_number": None,
            }
        ]
    },
    response_only=True,
)


class EmbedOriginsView(APIView):
    """The websites that may show the club's embeds in a frame (the club's organizers): read
    them, or replace the whole list. A refused origin is named in its problem's message, and
    its place in the list given is the problem's ``field`` (``origins[1]``); every problem at
    once, and nothing is saved."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses=EmbedOriginsSerializer, examples=[SAVED])
    def get(self, request: Request, club_id: int) -> Response:
        club = get_object_or_404(Club, pk=club_id)
        origins = embed_origins_read(club=club, actor=request.user)
        return Response(EmbedOriginsSerializer({"origins": origins}).data)

    @extend_schema(
        request=EmbedOriginsWriteSerializer,
        responses={
            200: EmbedOriginsSerializer,
            400: OpenApiResponse(ErrorResponseSerializer, examples=[REFUSED]),
        },
        examples=[GIVEN, SAVED],
    )
    def put(self, request: Request, club_id: int) -> Response:
        club = get_object_or_404(Club, pk=club_id)
        embed_origins_writer(club=club, actor=request.user)
        if not isinstance(request.data, dict):
            raise ServiceError.single("bad_body", _("Send a JSON object."))
        given = EmbedOriginsWriteSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        origins = embed_origins_set(
            club=club, actor=request.user, origins=given.validated_data["origins"]
        )
        return Response(EmbedOriginsSerializer({"origins": origins}).data)
