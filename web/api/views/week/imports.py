"""Importing a backup of the SunMar Bonken app (organizers): upload it, read what it holds and
the proposed matches of its player names, then import with the matches confirmed or
corrected. The upload stays on the server between the two steps, for its organizer only."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.parsers import MultiPartParser
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.models import Club
from clubs.selectors import ORGANIZER, require_role
from core.errors import ServiceError
from games.bonken.imports.models import SunmarUpload
from games.bonken.imports.selectors import Preview, upload_preview, uploads
from games.bonken.imports.services import sunmar_import, sunmar_upload
from games.bonken.sunmar.reader import MAX_FILE_BYTES
from web.api.parsers import JSONParser
from web.api.serializers import ErrorResponseSerializer


@extend_schema_field({"type": "object", "additionalProperties": True})
class ObjectField(serializers.JSONField):
    """A JSON object."""


class UploadSerializer(serializers.Serializer):
    backup = serializers.FileField(help_text="The .zip backup file the app made.")


class MatchSerializer(serializers.Serializer):
    app_name = serializers.CharField(help_text="The player's name in the app (the backup).")
    player = serializers.IntegerField(
        allow_null=True, help_text="The club member proposed; null for a new player."
    )
    player_name = serializers.CharField(allow_null=True)
    ambiguous = serializers.BooleanField(help_text="Several members carry this name.")


class PreviewSerializer(serializers.Serializer):
    upload = serializers.IntegerField()
    sessions = serializers.ListField(
        child=ObjectField(),
        help_text="The backup's finished sessions (the app calls each a game; app_id is the "
        "app's id of it): level (counts, net, totals or null: not importable), problems (why "
        "the classic rules reject it), mismatches (stored scores that differ from what the "
        "rules compute).",
    )
    skipped = serializers.ListField(
        child=ObjectField(), help_text="Unfinished or unreadable sessions."
    )
    already = serializers.ListField(
        child=serializers.CharField(), help_text="The app's ids of sessions imported before."
    )
    matches = MatchSerializer(many=True)


class ImportSerializer(serializers.Serializer):
    matches = serializers.DictField(
        child=serializers.IntegerField(allow_null=True, min_value=1),
        help_text="Per app name, the id of the club member it is, or null for a new player.",
    )
    include_rejected = serializers.BooleanField(
        default=True,
        help_text="Import games the classic rules reject at the level they keep "
        "(true), or leave them out.",
    )


class ReportSerializer(serializers.Serializer):
    imported = serializers.ListField(child=ObjectField())
    already = serializers.ListField(child=serializers.CharField())
    left_out = serializers.ListField(child=serializers.CharField())
    new_players = serializers.ListField(child=serializers.CharField())
    events = serializers.ListField(child=serializers.IntegerField())


def _preview(preview: Preview) -> dict[str, Any]:
    conversion = preview.conversion.to_dict()
    return {
        "upload": preview.upload.pk,
        "sessions": conversion["games"],
        "skipped": conversion["skipped"],
        "already": sorted(preview.already),
        "matches": [
            {
                "app_name": m.name,
                "player": m.player.pk if m.player else None,
                "player_name": m.player.name if m.player else None,
                "ambiguous": m.ambiguous,
            }
            for m in preview.matches
        ],
    }


def _upload(request: Request, club_id: int, upload_id: int) -> SunmarUpload:
    club = get_object_or_404(Club, pk=club_id)
    require_role(request.user, club.pk, ORGANIZER, _("import a backup"))
    return get_object_or_404(uploads(), pk=upload_id, club=club, uploaded_by_id=request.user.pk)


class SunmarUploadView(APIView):
    """Upload a backup of the SunMar Bonken app (multipart, field ``backup``): it is checked
    (manifest, SHA-256 hashes, nothing else inside) and kept for you; the answer shows its
    games and the proposed matches of its player names. Nothing is imported yet."""

    permission_classes = [IsAuthenticated]
    parser_classes = [MultiPartParser, JSONParser]

    @extend_schema(
        request={"multipart/form-data": UploadSerializer},
        responses={201: PreviewSerializer, 400: ErrorResponseSerializer},
    )
    def post(self, request: Request, club_id: int) -> Response:
        club = get_object_or_404(Club, pk=club_id)
        require_role(request.user, club.pk, ORGANIZER, _("import a backup"))
        backup = request.FILES.get("backup")
        if backup is None:
            raise ServiceError.single(
                "backup_missing",
                _("Send the backup file as 'backup'."),
                field="backup",
            )
        if backup.size > MAX_FILE_BYTES:
            raise ServiceError.single(
                "file_too_large",
                _("The file is larger than 10 MB."),
                field="backup",
            )
        upload = sunmar_upload(
            club=club, actor=request.user, data=backup.read(), file_name=backup.name or ""
        )
        return Response(
            PreviewSerializer(_preview(upload_preview(upload))).data, status=status.HTTP_201_CREATED
        )


class SunmarPreviewView(APIView):
    """What an upload holds and the proposed matches (the organizer who uploaded it)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: PreviewSerializer, 400: ErrorResponseSerializer})
    def get(self, request: Request, club_id: int, upload_id: int) -> Response:
        upload = _upload(request, club_id, upload_id)
        return Response(PreviewSerializer(_preview(upload_preview(upload))).data)


class SunmarImportView(APIView):
    """Import an upload's games with the matches confirmed: each evening's games become
    sessions of the club's history event of that evening; games imported before are skipped."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=ImportSerializer, responses={200: ReportSerializer, 400: ErrorResponseSerializer}
    )
    def post(self, request: Request, club_id: int, upload_id: int) -> Response:
        upload = _upload(request, club_id, upload_id)
        serializer = ImportSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        report = sunmar_import(
            upload=upload,
            actor=request.user,
            matches=serializer.validated_data["matches"],
            include_rejected=serializer.validated_data["include_rejected"],
        )
        return Response(
            ReportSerializer(
                {
                    "imported": report.imported,
                    "already": report.already,
                    "left_out": report.left_out,
                    "new_players": report.new_players,
                    "events": report.events,
                }
            ).data
        )
