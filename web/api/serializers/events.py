"""Events, their entries and scorers, closing and publishing them, and their standings."""

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from clubs.models import Player
from games.registry import DEFAULT_GAME, games
from tournaments.models import Event, EventPlayer, EventScorer, Standing
from web.api.serializers.base import GuardedWriteMixin, staff_link
from web.api.serializers.ratings import PointsSerializerField
from web.api.serializers.rounds import UNFINISHED_HELP


class EventSerializer(GuardedWriteMixin, serializers.ModelSerializer):
    # Checked by the event services against the registry of games (plug-ins included).
    game = serializers.CharField(
        max_length=20,
        default=DEFAULT_GAME,
        help_text="The game the event plays: " + ", ".join(sorted(games())) + ".",
    )
    ruleset = serializers.CharField(
        max_length=40,
        required=False,
        help_text="A ruleset of the event's game (its default ruleset when left out).",
    )
    standings_order = serializers.ListField(
        child=serializers.CharField(),
        source="ranked_by",
        read_only=True,
        help_text="The tie-break order the standings rank by: the event's own, or its game's "
        "when it never set one.",
    )
    door_link = serializers.SerializerMethodField(
        help_text="The event's door link (players check themselves in with it): shown to the "
        "club's organizers and scorers, null for anyone else."
    )
    fixed_on_update = ("club",)
    command_fields = {
        "status": gettext_lazy(
            "a round's start makes an event running, POST /api/v1/events/{id}/close/ finishes it"
        ),
        "published": gettext_lazy(
            "use POST /api/v1/events/{id}/publish/ (with published true or false)"
        ),
    }

    @extend_schema_field({"type": "string", "format": "uri", "nullable": True})
    def get_door_link(self, event: Event) -> str | None:
        return staff_link(self, event.club_id, "public:door_page", event.door_token)

    class Meta:
        model = Event
        fields = [
            "id",
            "club",
            "name",
            "kind",
            "date",
            "game",
            "ruleset",
            "planned_rounds",
            "status",
            "published",
            "seating_method",
            "created_at",
            "standings_order",
            "points_per_place",
            "bye_credit",
            "bye_points",
            "bye_placement_points",
            "substitute_counts",
            "standings_count",
            "door_link",
        ]
        # The standings configuration changes through /events/{id}/standings-config/; the
        # status and visibility through the commands /events/{id}/publish/ and .../close/
        # (rounds start and close through theirs).
        read_only_fields = [
            "created_at",
            "standings_order",
            "points_per_place",
            "bye_credit",
            "bye_points",
            "bye_placement_points",
            "status",
            "published",
        ]


class EntrySerializer(GuardedWriteMixin, serializers.ModelSerializer):
    player_name = serializers.CharField(source="player.name", read_only=True)
    fixed_on_update = ("event", "player")

    class Meta:
        model = EventPlayer
        fields = ["id", "event", "player", "player_name", "present", "door_at", "leaving_after"]
        # Set by the door (tournaments.door.services): when the player checked in there themselves,
        # and the round after which they leave.
        read_only_fields = ["door_at", "leaving_after"]


class EventScorerSerializer(serializers.ModelSerializer):
    player_name = serializers.CharField(source="player.name", read_only=True)

    class Meta:
        model = EventScorer
        fields = ["id", "event", "player", "player_name"]
        read_only_fields = ["event"]


class EventScorerAddSerializer(serializers.Serializer):
    player = serializers.PrimaryKeyRelatedField(
        queryset=Player.objects.all(),
        help_text="A member of the event's club who has a login.",
    )


class EventCloseSerializer(serializers.Serializer):
    unfinished = serializers.DictField(
        child=serializers.DictField(
            child=serializers.ChoiceField(choices=["partial", "not_played", "paper"])
        ),
        required=False,
        default=dict,
        help_text="Per round number still open, as a round's close takes it: " + UNFINISHED_HELP,
    )


class PublishSerializer(serializers.Serializer):
    published = serializers.BooleanField(
        default=True, help_text="true shows the results to everyone, false hides them again."
    )


class StandingSerializer(serializers.ModelSerializer):
    player_name = serializers.CharField(source="player.name", read_only=True)
    placements = serializers.ListField(
        child=serializers.IntegerField(),
        read_only=True,
        help_text="How often the player finished first, second, ... at a table.",
    )
    total = PointsSerializerField(read_only=True, help_text="Session totals plus bye credit.")
    placement_points = PointsSerializerField(read_only=True)
    stats = serializers.DictField(
        child=serializers.IntegerField(),
        read_only=True,
        help_text="The game's own figures summed (such as wins and losses); empty for a "
        "game without any.",
    )

    class Meta:
        model = Standing
        fields = [
            "rank",
            "tied",
            "player",
            "player_name",
            "total",
            "sessions",
            "table_wins",
            "placements",
            "byes",
            "placement_points",
            "head_to_head",
            "avg_opponent_rating",
            "stats",
        ]


class StandingsMetaSerializer(serializers.Serializer):
    """What an event's standings are of (the ``meta`` of their list): which event and set, and
    whether the last result has been counted yet."""

    event = serializers.IntegerField()
    set = serializers.IntegerField(
        allow_null=True,
        help_text="The set these standings are of (?set=N), or null for the whole event.",
    )
    results_version = serializers.IntegerField()
    computed_version = serializers.IntegerField(allow_null=True)
    up_to_date = serializers.BooleanField(
        help_text="Whether the standings count the last result yet (results_version)."
    )
