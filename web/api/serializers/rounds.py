"""Rounds, their tables and seats: seating, swaps, substitutes, closing a round."""

from typing import Any

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from clubs.models import Player
from tournaments.models import Round, Seat, Table
from web.api.serializers.base import GuardedWriteMixin, staff_link


class QualitySerializer(serializers.Serializer):
    """How well the event's seating so far spreads the meetings (empty for a round seated by
    hand before any report)."""

    players = serializers.IntegerField(required=False)
    rounds = serializers.IntegerField(required=False)
    repeated_pairs = serializers.IntegerField(
        required=False, help_text="Sum over pairs of the meetings beyond their first."
    )
    max_meetings = serializers.IntegerField(
        required=False, help_text="The most times any pair met."
    )
    lower_bound = serializers.IntegerField(
        required=False,
        help_text="No schedule with these players and rounds has fewer repeated pairs.",
    )
    consecutive_repeats = serializers.IntegerField(
        required=False, help_text="Pairs that met in two consecutive rounds, counted per round."
    )


class ByeSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    player_name = serializers.CharField()


class RoundSerializer(GuardedWriteMixin, serializers.ModelSerializer):
    number = serializers.IntegerField(min_value=1, required=False)
    fixed_on_update = ("event",)
    command_fields = {
        "status": gettext_lazy(
            "a planned round starts with POST /api/v1/rounds/{id}/accept/, "
            "closes with POST /api/v1/rounds/{id}/close/ and reopens with "
            "POST /api/v1/rounds/{id}/reopen/"
        ),
    }

    quality = QualitySerializer(read_only=True, required=False, allow_null=True)

    class Meta:
        model = Round
        fields = ["id", "event", "number", "status", "seating_method", "seed", "quality"]
        # A round's status changes only through its commands: /rounds/{id}/accept/ starts a
        # planned round, /rounds/{id}/close/ closes it (and its tables' links stop scoring).
        read_only_fields = ["status", "seating_method", "seed", "quality"]
        validators: list[Any] = []


class SeatInTableSerializer(serializers.ModelSerializer):
    player_name = serializers.CharField(source="player.name", read_only=True)

    class Meta:
        model = Seat
        fields = ["id", "position", "player", "player_name"]


class TableSerializer(GuardedWriteMixin, serializers.ModelSerializer):
    seats = SeatInTableSerializer(many=True, read_only=True)
    number = serializers.IntegerField(min_value=1, required=False)
    scoring_link = serializers.SerializerMethodField(
        help_text="The table's scoring link (anyone with it enters this table's results until "
        "its round closes): shown to the club's organizers and scorers, null for "
        "anyone else."
    )
    fixed_on_update = ("round",)

    class Meta:
        model = Table
        fields = ["id", "round", "number", "seats", "scoring_link"]
        validators: list[Any] = []

    @extend_schema_field({"type": "string", "format": "uri", "nullable": True})
    def get_scoring_link(self, table: Table) -> str | None:
        return staff_link(
            self, table.round.event.club_id, "scoring:table_page", table.scoring_token
        )


class RoundPlanSerializer(serializers.ModelSerializer):
    """A round with its whole seating: tables with their seats, and byes."""

    tables = serializers.SerializerMethodField()
    byes = serializers.SerializerMethodField()
    quality = QualitySerializer(read_only=True, required=False, allow_null=True)

    class Meta:
        model = Round
        fields = [
            "id",
            "event",
            "number",
            "status",
            "seating_method",
            "seed",
            "quality",
            "tables",
            "byes",
        ]

    @extend_schema_field(TableSerializer(many=True))
    def get_tables(self, round_: Round) -> list[dict[str, Any]]:
        tables = round_.tables.prefetch_related("seats__player").order_by("number")
        # many=True makes a ListSerializer, whose data is a list (the stubs cannot say so).
        return TableSerializer(tables, many=True).data  # type: ignore[return-value]

    @extend_schema_field(ByeSerializer(many=True))
    def get_byes(self, round_: Round) -> list[dict[str, Any]]:
        return [
            {"player": bye.player_id, "player_name": bye.player.name}
            for bye in round_.byes.select_related("player").order_by("player__name")
        ]


class GenerateRoundSerializer(serializers.Serializer):
    method = serializers.ChoiceField(
        choices=["balanced", "random", "swiss", "progressive"], required=False
    )
    seed = serializers.IntegerField(required=False, min_value=0, max_value=2**62)


class ManualRoundSerializer(serializers.Serializer):
    tables = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField(), min_length=1, max_length=16),
        help_text="Each table's players in seat order; the seating checks each table's size "
        "against the sizes the event's game allows.",
    )
    byes = serializers.ListField(child=serializers.IntegerField(), required=False, default=list)


class SwapSerializer(serializers.Serializer):
    player_a = serializers.IntegerField()
    player_b = serializers.IntegerField()


class SeatSerializer(GuardedWriteMixin, serializers.ModelSerializer):
    # The positions a table may have are its game's (tournaments.rounds.tables checks them).
    position = serializers.IntegerField(min_value=0, max_value=15)
    player_name = serializers.CharField(source="player.name", read_only=True)
    fixed_on_update = ("table",)

    class Meta:
        model = Seat
        fields = ["id", "table", "position", "player", "player_name"]
        validators: list[Any] = []


UNFINISHED_HELP = (
    "For each table (by number) without a complete session, what it counts as: partial (the "
    "games played so far count), not_played, or paper (the organizer will enter the totals "
    "from the paper sheet; until then it does not count). A table still playing keeps the "
    "round open: without a choice for every unfinished table the close is refused, naming "
    "them."
)


class RoundCloseSerializer(serializers.Serializer):
    unfinished = serializers.DictField(
        child=serializers.ChoiceField(choices=["partial", "not_played", "paper"]),
        required=False,
        default=dict,
        help_text=UNFINISHED_HELP,
    )


class SubstituteSerializer(serializers.Serializer):
    position = serializers.IntegerField(
        min_value=0, max_value=15, help_text="The seat (counted from 0) whose player left."
    )
    player = serializers.PrimaryKeyRelatedField(
        queryset=Player.objects.all(), help_text="The substitute, a member of the club."
    )
    from_part = serializers.IntegerField(
        min_value=1,
        max_value=1000,
        help_text="The first part the substitute plays (a game, a round or a hand, as the "
        "event's game counts its parts; 1 = the first).",
    )
    reason = serializers.CharField(max_length=200, required=False, default="")
    id = serializers.IntegerField(read_only=True)
    table = serializers.IntegerField(read_only=True, source="table_id")
