"""Input and output shapes of the API. No business rules here: those live in services and in
the rules engine."""

from typing import Any

from django.db.models import QuerySet
from rest_framework import serializers

from api.serializers_ratings import PointsField
from clubs.models import Club, Membership, Player
from clubs.services import player_register
from games.models import Session, SessionRevision
from games.rules import RULESETS
from tournaments.models import Event, EventPlayer, Round, Seat, Standing, Table


class ClubSerializer(serializers.ModelSerializer):
    slug = serializers.SlugField(required=False, help_text="Made from the name when left out.")

    class Meta:
        model = Club
        fields = ["id", "name", "slug", "city", "created_at"]
        read_only_fields = ["created_at"]

    def validate_slug(self, slug: str) -> str:
        clash = Club.objects.filter(slug=slug)
        if self.instance is not None:
            clash = clash.exclude(pk=self.instance.pk)
        if clash.exists():
            raise serializers.ValidationError("Another club already uses this slug.")
        return slug


class PlayerSerializer(serializers.ModelSerializer):
    club = serializers.PrimaryKeyRelatedField(
        queryset=Club.objects.all(),
        write_only=True,
        required=False,
        help_text="On create: the club the new player joins as a member.",
    )
    clubs = serializers.SerializerMethodField()

    class Meta:
        model = Player
        fields = ["id", "name", "club", "clubs", "created_at"]
        read_only_fields = ["created_at"]

    def get_clubs(self, player: Player) -> list[int]:
        return sorted(m.club_id for m in player.memberships.all())

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if self.instance is None and "club" not in attrs:
            raise serializers.ValidationError({"club": "A new player joins a club: name it."})
        return attrs

    def create(self, validated_data: dict[str, Any]) -> Player:
        return player_register(
            club=validated_data["club"], name=validated_data["name"],
            actor=self.context["request"].user,
        )

    def update(self, instance: Player, validated_data: dict[str, Any]) -> Player:
        validated_data.pop("club", None)
        return super().update(instance, validated_data)


class MembershipSerializer(serializers.ModelSerializer):
    player_name = serializers.CharField(source="player.name", read_only=True)

    class Meta:
        model = Membership
        fields = ["id", "club", "player", "player_name", "role", "joined_at"]
        read_only_fields = ["joined_at"]


class EventSerializer(serializers.ModelSerializer):
    ruleset = serializers.ChoiceField(choices=sorted(RULESETS), default="classic")

    class Meta:
        model = Event
        fields = [
            "id", "club", "name", "kind", "date", "ruleset", "planned_rounds", "status",
            "published", "seating_method", "created_at", "standings_order", "points_per_place",
            "bye_credit", "bye_points", "bye_placement_points",
        ]
        # The standings configuration changes through /events/{id}/standings-config/.
        read_only_fields = [
            "created_at", "standings_order", "points_per_place", "bye_credit", "bye_points",
            "bye_placement_points",
        ]

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if self.instance is not None and "ruleset" in attrs:
            if attrs["ruleset"] != self.instance.ruleset and self.instance.sessions.exists():
                raise serializers.ValidationError(
                    {"ruleset": "Sessions were already played under the current ruleset."}
                )
        return attrs


def numbered(
    attrs: dict[str, Any], instance: Any, siblings: QuerySet, label: str
) -> dict[str, Any]:
    """A round or table number: the next free one when left out, else one not yet taken."""
    number = attrs.get("number")
    if instance is None and number is None:
        last = siblings.order_by("-number").values_list("number", flat=True).first()
        attrs["number"] = (last or 0) + 1
    elif number is not None:
        clash = siblings.filter(number=number)
        if instance is not None:
            clash = clash.exclude(pk=instance.pk)
        if clash.exists():
            raise serializers.ValidationError({"number": f"{label} {number} already exists."})
    return attrs


class RoundSerializer(serializers.ModelSerializer):
    number = serializers.IntegerField(min_value=1, required=False)

    class Meta:
        model = Round
        fields = ["id", "event", "number", "status", "seating_method", "seed", "quality"]
        read_only_fields = ["seating_method", "seed", "quality"]
        validators: list[Any] = []

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        event = attrs.get("event") or getattr(self.instance, "event", None)
        return numbered(attrs, self.instance, Round.objects.filter(event=event), "Round")


class SeatInTableSerializer(serializers.ModelSerializer):
    player_name = serializers.CharField(source="player.name", read_only=True)

    class Meta:
        model = Seat
        fields = ["id", "position", "player", "player_name"]


class TableSerializer(serializers.ModelSerializer):
    seats = SeatInTableSerializer(many=True, read_only=True)
    number = serializers.IntegerField(min_value=1, required=False)

    class Meta:
        model = Table
        fields = ["id", "round", "number", "seats"]
        validators: list[Any] = []

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        round_ = attrs.get("round") or getattr(self.instance, "round", None)
        return numbered(attrs, self.instance, Table.objects.filter(round=round_), "Table")


class RoundPlanSerializer(serializers.ModelSerializer):
    """A round with its whole seating: tables with their seats, and byes."""

    tables = serializers.SerializerMethodField()
    byes = serializers.SerializerMethodField()

    class Meta:
        model = Round
        fields = [
            "id", "event", "number", "status", "seating_method", "seed", "quality", "tables",
            "byes",
        ]

    def get_tables(self, round_: Round) -> list[dict[str, Any]]:
        tables = round_.tables.prefetch_related("seats__player").order_by("number")
        return TableSerializer(tables, many=True).data

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
        child=serializers.ListField(child=serializers.IntegerField(), min_length=4, max_length=4)
    )
    byes = serializers.ListField(child=serializers.IntegerField(), required=False, default=list)


class SwapSerializer(serializers.Serializer):
    player_a = serializers.IntegerField()
    player_b = serializers.IntegerField()


class EntrySerializer(serializers.ModelSerializer):
    player_name = serializers.CharField(source="player.name", read_only=True)

    class Meta:
        model = EventPlayer
        fields = ["id", "event", "player", "player_name", "present"]


class SeatSerializer(serializers.ModelSerializer):
    position = serializers.IntegerField(min_value=0, max_value=3)
    player_name = serializers.CharField(source="player.name", read_only=True)

    class Meta:
        model = Seat
        fields = ["id", "table", "position", "player", "player_name"]
        validators: list[Any] = []

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        table = attrs.get("table") or self.instance.table
        player = attrs.get("player") or self.instance.player
        position = attrs.get("position", getattr(self.instance, "position", None))
        others = Seat.objects.exclude(pk=getattr(self.instance, "pk", None))
        if others.filter(table=table, position=position).exists():
            raise serializers.ValidationError(
                {"position": f"Seat {position} at this table is already taken."}
            )
        if others.filter(round_id=table.round_id, player=player).exists():
            raise serializers.ValidationError(
                {"player": f"{player.name} is already seated in this round."}
            )
        attrs["round_id"] = table.round_id
        return attrs


class SessionSeatSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    player = serializers.IntegerField(source="player_id")
    player_name = serializers.CharField(source="player.name")
    total = serializers.IntegerField()
    placement = serializers.IntegerField(allow_null=True)


class SessionSerializer(serializers.ModelSerializer):
    round = serializers.IntegerField(source="table.round.number", read_only=True)
    table_number = serializers.IntegerField(source="table.number", read_only=True)
    seats = SessionSeatSerializer(source="seat_results", many=True, read_only=True)

    class Meta:
        model = Session
        fields = [
            "id", "event", "table", "round", "table_number", "ruleset", "revision", "complete",
            "seats", "document", "result", "created_at", "updated_at",
        ]


class SessionRevisionSerializer(serializers.ModelSerializer):
    created_by = serializers.CharField(source="created_by.username", allow_null=True, default=None)

    class Meta:
        model = SessionRevision
        fields = ["number", "created_at", "created_by", "reason", "document", "result"]


class SessionWriteSerializer(serializers.Serializer):
    document = serializers.JSONField(help_text="The session document of BONKEN.md.")
    expected_revision = serializers.IntegerField(
        required=False, min_value=0, help_text="The revision you edited; 409 if it moved on."
    )
    reason = serializers.CharField(required=False, allow_blank=True, max_length=500)


class GameAppendSerializer(serializers.Serializer):
    game = serializers.JSONField(help_text="One game object of the session document.")
    expected_revision = serializers.IntegerField(required=False, min_value=0)


class UndoSerializer(serializers.Serializer):
    expected_revision = serializers.IntegerField(required=False, min_value=0)


class StandingSerializer(serializers.ModelSerializer):
    player_name = serializers.CharField(source="player.name", read_only=True)
    total = PointsField(read_only=True, help_text="Session totals plus bye credit.")
    placement_points = PointsField(read_only=True)

    class Meta:
        model = Standing
        fields = [
            "rank", "tied", "player", "player_name", "total", "sessions", "table_wins",
            "placements", "byes", "placement_points", "head_to_head", "avg_opponent_rating",
        ]


class StandingsSerializer(serializers.Serializer):
    event = serializers.IntegerField()
    results_version = serializers.IntegerField()
    computed_version = serializers.IntegerField(allow_null=True)
    up_to_date = serializers.BooleanField()
    standings = StandingSerializer(many=True)


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
    game = serializers.IntegerField(allow_null=True)
    field = serializers.CharField(allow_null=True)


class ErrorResponseSerializer(serializers.Serializer):
    """The one error shape: every problem at once. ``valid`` is false where a document was
    validated."""

    valid = serializers.BooleanField(required=False)
    errors = ProblemSerializer(many=True)
