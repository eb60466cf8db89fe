"""Table sessions: the document, its revisions, writes part by part, validation, and the one
error shape."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from results.models import Session, SessionRevision
from web.api.serializers.base import GAME_DOCUMENT


class SessionSeatSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    player = serializers.IntegerField(source="player_id")
    player_name = serializers.CharField(source="player.name")
    total = serializers.IntegerField()
    placement = serializers.IntegerField(allow_null=True)


@extend_schema_field({"type": "object", "additionalProperties": True})
class DocumentField(serializers.JSONField):
    """A JSON object as the game reads it (anything else is the game's ``document_type``
    problem, reported with the game's other problems)."""


@extend_schema_field({"type": "object", "additionalProperties": True, GAME_DOCUMENT: True})
class StoredDocumentField(DocumentField):
    """A stored session document (the schema lists each game's document)."""


class SessionSerializer(serializers.ModelSerializer):
    game = serializers.CharField(
        source="event.game", read_only=True, help_text="The code of the game the session plays."
    )
    round = serializers.IntegerField(source="table.round.number", read_only=True)
    table_number = serializers.IntegerField(source="table.number", read_only=True)
    seats = SessionSeatSerializer(source="seat_results", many=True, read_only=True)
    document = StoredDocumentField(read_only=True)
    result = DocumentField(read_only=True, help_text="What the game made of the document.")

    class Meta:
        model = Session
        fields = [
            "id",
            "event",
            "game",
            "table",
            "round",
            "table_number",
            "ruleset",
            "revision",
            "complete",
            "seats",
            "document",
            "result",
            "created_at",
            "updated_at",
        ]


class SessionRevisionSerializer(serializers.ModelSerializer):
    created_by = serializers.CharField(source="created_by.username", allow_null=True, default=None)
    document = StoredDocumentField(read_only=True)
    result = DocumentField(read_only=True, help_text="What the game made of the document.")

    class Meta:
        model = SessionRevision
        fields = ["number", "created_at", "created_by", "reason", "document", "result"]


@extend_schema_field({"type": "object", "additionalProperties": True, GAME_DOCUMENT: True})
class GameDocumentField(DocumentField):
    """A session document of one of the games (the schema lists each game's document)."""


class SessionWriteSerializer(serializers.Serializer):
    document = GameDocumentField(
        help_text='The session document of the event\'s game; its "game" names the game '
        "(the default game when absent)."
    )
    expected_revision = serializers.IntegerField(
        required=False, min_value=0, help_text="The revision you edited; 409 if it moved on."
    )
    reason = serializers.CharField(required=False, allow_blank=True, max_length=500)


class GameAppendSerializer(serializers.Serializer):
    """The next part of a table's session: one item of the game's list of parts in the
    session document (a Bonken game, a round, a hand)."""

    part = DocumentField(
        help_text=(
            "One item of the session document's list of parts (the game's games, rounds or hands)."
        ),
    )
    expected_revision = serializers.IntegerField(required=False, min_value=0)


class UndoSerializer(serializers.Serializer):
    expected_revision = serializers.IntegerField(required=False, min_value=0)


class ValidationResultSerializer(serializers.Serializer):
    valid = serializers.BooleanField()
    ruleset = serializers.CharField(required=False)
    games = serializers.ListField(child=serializers.DictField(), required=False)
    totals = serializers.ListField(child=serializers.IntegerField(), required=False)
    complete = serializers.BooleanField(required=False)
    next_chooser = serializers.IntegerField(allow_null=True, required=False)
    available_contracts = serializers.ListField(child=serializers.CharField(), required=False)
    placements = serializers.ListField(
        child=serializers.IntegerField(), allow_null=True, required=False
    )


class ProblemSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()
    message_nl = serializers.CharField()
    game_number = serializers.IntegerField(
        allow_null=True,
        help_text="The number (from 1) of the game, round or hand of the session document the "
        "problem is in; null: a problem of the whole request.",
    )
    field = serializers.CharField(allow_null=True)


class ErrorResponseSerializer(serializers.Serializer):
    """The one error shape: every problem at once. ``valid`` is false where a document was
    validated."""

    valid = serializers.BooleanField(required=False)
    # A field named "errors": the metaclass takes it off the class (the stubs see it shadow
    # Serializer.errors).
    errors = ProblemSerializer(many=True)  # type: ignore[assignment]
