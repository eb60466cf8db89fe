"""Input and output shapes of the API. No business rules here: those live in services and in
the rules engine."""

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from api.schema import GAME_DOCUMENT
from api.serializers_ratings import PointsField
from clubs.models import Club, JoinConsent, Membership, Player, Role
from clubs.selectors import user_roles
from core.errors import ServiceError, problem
from games.models import Session, SessionRevision
from games.registry import DEFAULT_GAME, games
from tournaments.models import Event, EventPlayer, EventScorer, Round, Seat, Standing, Table


class GuardedWriteMixin:
    """What a plain CRUD write may not change, checked by ``api.permissions.ClubWriteMixin``
    once the actor's roles are (a refusal answers first):

    - ``fixed_on_update``: what an object belongs to (an event's club, a table's round, ...).
      Moving it would carry its results or roles along behind the services' back; create a new
      one instead.
    - ``command_fields``: a status that changes only through its command endpoint (named in
      the refusal). Read-only in the schema; sending it unchanged (a PUT of what a GET gave)
      is fine, sending another value is refused rather than silently ignored.
    """

    fixed_on_update: tuple[str, ...] = ()
    command_fields: dict[str, tuple[str, str]] = {}

    def check_write(self, attrs: dict[str, Any]) -> None:
        instance = getattr(self, "instance", None)
        errors = []
        if instance is not None:
            errors += [
                problem(
                    "cannot_move",
                    f"'{name}' cannot be changed once created; create a new one instead.",
                    f"'{name}' kan na het aanmaken niet meer veranderen; maak een nieuwe aan.",
                    field=name,
                )
                for name in self.fixed_on_update
                if name in attrs and attrs[name] != getattr(instance, name)
            ]
        sent = getattr(self, "initial_data", None)
        for name, (how, how_nl) in self.command_fields.items():
            if not isinstance(sent, dict) or name not in sent:
                continue
            current = (
                getattr(instance, name) if instance is not None
                else self.Meta.model._meta.get_field(name).get_default()  # type: ignore[attr-defined]
            )
            if not _same_value(sent[name], current):
                errors.append(problem(
                    "command_only", f"'{name}' cannot be set here: {how}.",
                    f"'{name}' kan hier niet worden gezet: {how_nl}.", field=name,
                ))
        if errors:
            raise ServiceError(errors)


def _same_value(sent: Any, current: Any) -> bool:
    if isinstance(current, bool):
        try:
            return serializers.BooleanField().to_internal_value(sent) == current
        except serializers.ValidationError:
            return False
    return str(sent) == str(current)


class ClubSerializer(serializers.ModelSerializer):
    slug = serializers.SlugField(required=False, help_text="Made from the name when left out.")

    class Meta:
        model = Club
        fields = ["id", "name", "slug", "city", "created_at"]
        read_only_fields = ["created_at"]


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


class PlayerMergeSerializer(serializers.Serializer):
    into = serializers.PrimaryKeyRelatedField(
        queryset=Player.objects.all(),
        help_text="The record that stays: this player's results, check-ins, memberships and "
        "login move to it, and this record is removed.")
    reason = serializers.CharField(max_length=200, required=False, default="",
                                   help_text="Why (kept in the audit log).")


class JoinConsentSerializer(serializers.ModelSerializer):
    club = serializers.PrimaryKeyRelatedField(
        queryset=Club.objects.all(), help_text="The club that may now add the player."
    )

    class Meta:
        model = JoinConsent
        fields = ["player", "club", "created_at"]
        read_only_fields = ["player", "created_at"]


def viewer_clubs(request: Any) -> set[int] | None:
    """The clubs the request's user belongs to (None: every club, for a superuser), read once
    per request."""
    if request is None:
        return set()
    if not hasattr(request, "_viewer_clubs"):
        user = request.user
        request._viewer_clubs = (
            None if user.is_authenticated and user.is_superuser else set(user_roles(user))
        )
    return request._viewer_clubs


class MembershipSerializer(GuardedWriteMixin, serializers.ModelSerializer):
    player_name = serializers.CharField(source="player.name", read_only=True)
    role = serializers.ChoiceField(
        choices=Role.choices, default=Role.MEMBER, allow_null=True,
        help_text="Shown to members of the club only; null for everyone else.")
    fixed_on_update = ("club", "player")

    def to_representation(self, instance: Membership) -> dict[str, Any]:
        data = super().to_representation(instance)
        clubs = viewer_clubs(self.context.get("request"))
        if clubs is not None and instance.club_id not in clubs:
            data["role"] = None  # who organizes or scores a club is its members' business
        return data

    class Meta:
        model = Membership
        fields = ["id", "club", "player", "player_name", "role", "joined_at"]
        read_only_fields = ["joined_at"]
        validators: list[Any] = []  # membership_add says "already a member" (after the role)


class EventSerializer(GuardedWriteMixin, serializers.ModelSerializer):
    # Checked by the event services against the registry of games (plug-ins included).
    game = serializers.CharField(
        max_length=20, default=DEFAULT_GAME,
        help_text="The game the event plays: " + ", ".join(sorted(games())) + ".")
    ruleset = serializers.CharField(
        max_length=40, required=False,
        help_text="A ruleset of the event's game (its default ruleset when left out).")
    fixed_on_update = ("club",)
    command_fields = {
        "status": (
            "a round's start makes an event running, POST /api/v1/events/{id}/close/ finishes "
            "it",
            "het starten van een ronde zet een evenement op lopend, POST "
            "/api/v1/events/{id}/close/ sluit het af",
        ),
        "published": (
            "use POST /api/v1/events/{id}/publish/ (with published true or false)",
            "gebruik POST /api/v1/events/{id}/publish/ (met published true of false)",
        ),
    }

    class Meta:
        model = Event
        fields = [
            "id", "club", "name", "kind", "date", "game", "ruleset", "planned_rounds", "status",
            "published", "seating_method", "created_at", "standings_order", "points_per_place",
            "bye_credit", "bye_points", "bye_placement_points", "substitute_counts",
        ]
        # The standings configuration changes through /events/{id}/standings-config/; the
        # status and visibility through the commands /events/{id}/publish/ and .../close/
        # (rounds start and close through theirs).
        read_only_fields = [
            "created_at", "standings_order", "points_per_place", "bye_credit", "bye_points",
            "bye_placement_points", "status", "published",
        ]


class QualitySerializer(serializers.Serializer):
    """How well the event's seating so far spreads the meetings (empty for a round seated by
    hand before any report)."""

    players = serializers.IntegerField(required=False)
    rounds = serializers.IntegerField(required=False)
    repeated_pairs = serializers.IntegerField(
        required=False, help_text="Sum over pairs of the meetings beyond their first.")
    max_meetings = serializers.IntegerField(
        required=False, help_text="The most times any pair met.")
    lower_bound = serializers.IntegerField(
        required=False,
        help_text="No schedule with these players and rounds has fewer repeated pairs.")
    consecutive_repeats = serializers.IntegerField(
        required=False, help_text="Pairs that met in two consecutive rounds, counted per round.")


class ByeSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    player_name = serializers.CharField()


class RoundSerializer(GuardedWriteMixin, serializers.ModelSerializer):
    number = serializers.IntegerField(min_value=1, required=False)
    fixed_on_update = ("event",)
    command_fields = {
        "status": (
            "a planned round starts with POST /api/v1/rounds/{id}/accept/, closes with "
            "POST /api/v1/rounds/{id}/close/ and reopens with POST /api/v1/rounds/{id}/reopen/",
            "een geplande ronde begint met POST /api/v1/rounds/{id}/accept/, sluit met "
            "POST /api/v1/rounds/{id}/close/ en gaat weer open met "
            "POST /api/v1/rounds/{id}/reopen/",
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
    fixed_on_update = ("round",)

    class Meta:
        model = Table
        fields = ["id", "round", "number", "seats"]
        validators: list[Any] = []


class RoundPlanSerializer(serializers.ModelSerializer):
    """A round with its whole seating: tables with their seats, and byes."""

    tables = serializers.SerializerMethodField()
    byes = serializers.SerializerMethodField()
    quality = QualitySerializer(read_only=True, required=False, allow_null=True)

    class Meta:
        model = Round
        fields = [
            "id", "event", "number", "status", "seating_method", "seed", "quality", "tables",
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
        "against the event's game (Bonken 4, Jonkler 3 to 6, Bonanza 2 to 9).",
    )
    byes = serializers.ListField(child=serializers.IntegerField(), required=False, default=list)


class SwapSerializer(serializers.Serializer):
    player_a = serializers.IntegerField()
    player_b = serializers.IntegerField()


class EntrySerializer(GuardedWriteMixin, serializers.ModelSerializer):
    player_name = serializers.CharField(source="player.name", read_only=True)
    fixed_on_update = ("event", "player")

    class Meta:
        model = EventPlayer
        fields = ["id", "event", "player", "player_name", "present"]


class SeatSerializer(GuardedWriteMixin, serializers.ModelSerializer):
    # The positions a table may have are its game's (tournaments.tables checks them).
    position = serializers.IntegerField(min_value=0, max_value=15)
    player_name = serializers.CharField(source="player.name", read_only=True)
    fixed_on_update = ("table",)

    class Meta:
        model = Seat
        fields = ["id", "table", "position", "player", "player_name"]
        validators: list[Any] = []


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
        required=False, default=dict, help_text=UNFINISHED_HELP)


class EventCloseSerializer(serializers.Serializer):
    unfinished = serializers.DictField(
        child=serializers.DictField(
            child=serializers.ChoiceField(choices=["partial", "not_played", "paper"])),
        required=False, default=dict,
        help_text="Per round number still open, as a round's close takes it: " + UNFINISHED_HELP)


class ReasonSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=500, help_text="Why (kept in the audit log).")


def numbered(data: dict[str, Any], field: str) -> dict[int, Any]:
    """A mapping keyed by numbers as JSON sends them (strings of digits)."""
    result: dict[int, Any] = {}
    for key, value in data.items():
        if not (isinstance(key, str) and key.isascii() and key.isdigit() and len(key) < 6):
            raise serializers.ValidationError(
                {field: [f"'{key}' is not a number."]})
        result[int(key)] = value
    return result


class SubstituteSerializer(serializers.Serializer):
    position = serializers.IntegerField(
        min_value=0, max_value=15, help_text="The seat (counted from 0) whose player left.")
    player = serializers.PrimaryKeyRelatedField(
        queryset=Player.objects.all(), help_text="The substitute, a member of the club.")
    from_part = serializers.IntegerField(
        min_value=1, max_value=1000,
        help_text="The first part the substitute plays (a Bonken game, a Jonkler round, a "
        "Bonanza hand; 1 = the first).")
    reason = serializers.CharField(max_length=200, required=False, default="")
    id = serializers.IntegerField(read_only=True)
    table = serializers.IntegerField(read_only=True, source="table_id")


class PublishSerializer(serializers.Serializer):
    published = serializers.BooleanField(
        default=True, help_text="true shows the results to everyone, false hides them again."
    )


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


class SessionSerializer(serializers.ModelSerializer):
    round = serializers.IntegerField(source="table.round.number", read_only=True)
    table_number = serializers.IntegerField(source="table.number", read_only=True)
    seats = SessionSeatSerializer(source="seat_results", many=True, read_only=True)
    document = DocumentField(read_only=True)
    result = DocumentField(read_only=True, help_text="What the game made of the document.")

    class Meta:
        model = Session
        fields = [
            "id", "event", "table", "round", "table_number", "ruleset", "revision", "complete",
            "seats", "document", "result", "created_at", "updated_at",
        ]


class SessionRevisionSerializer(serializers.ModelSerializer):
    created_by = serializers.CharField(source="created_by.username", allow_null=True, default=None)
    document = DocumentField(read_only=True)
    result = DocumentField(read_only=True, help_text="What the game made of the document.")

    class Meta:
        model = SessionRevision
        fields = ["number", "created_at", "created_by", "reason", "document", "result"]


@extend_schema_field({"type": "object", "additionalProperties": True, GAME_DOCUMENT: True})
class GameDocumentField(DocumentField):
    """A session document of one of the games (the schema lists each game's document)."""


class SessionWriteSerializer(serializers.Serializer):
    document = GameDocumentField(
        help_text="The session document of the event's game; its \"game\" names the game "
                  "(bonken when absent).")
    expected_revision = serializers.IntegerField(
        required=False, min_value=0, help_text="The revision you edited; 409 if it moved on."
    )
    reason = serializers.CharField(required=False, allow_blank=True, max_length=500)


class GameAppendSerializer(serializers.Serializer):
    """The next part of a table's session: a Bonken game, a Jonkler round, a Bonanza hand (one
    item of the game's list in the session document), as ``part`` or, for Bonken, ``game``."""

    part = DocumentField(required=False, help_text=(
        "One item of the session document's list of parts (Bonken: games; Jonkler: rounds; "
        "Bonanza: hands)."))
    game = DocumentField(required=False, help_text="The same as part (Bonken's name for it).")
    expected_revision = serializers.IntegerField(required=False, min_value=0)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        given = [key for key in ("part", "game") if key in attrs]
        if len(given) != 1:
            raise serializers.ValidationError(
                {"part": _("Give the next part as part (or game), once.")})
        attrs["part"] = attrs.pop(given[0])
        return attrs


class UndoSerializer(serializers.Serializer):
    expected_revision = serializers.IntegerField(required=False, min_value=0)


class StandingSerializer(serializers.ModelSerializer):
    player_name = serializers.CharField(source="player.name", read_only=True)
    placements = serializers.ListField(
        child=serializers.IntegerField(), read_only=True,
        help_text="How often the player finished first, second, ... at a table.")
    total = PointsField(read_only=True, help_text="Session totals plus bye credit.")
    placement_points = PointsField(read_only=True)
    stats = serializers.DictField(
        child=serializers.IntegerField(), read_only=True,
        help_text="The game's own figures summed (Bonko: wins, bonkos and losses); empty for "
                  "a game without any.")

    class Meta:
        model = Standing
        fields = [
            "rank", "tied", "player", "player_name", "total", "sessions", "table_wins",
            "placements", "byes", "placement_points", "head_to_head", "avg_opponent_rating",
            "stats",
        ]


class StandingsSerializer(serializers.Serializer):
    event = serializers.IntegerField()
    set = serializers.IntegerField(
        allow_null=True, help_text="The set these standings are of (?set=N), or null for the "
                                    "whole event.")
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
    # A field named "errors": the metaclass takes it off the class (the stubs see it shadow
    # Serializer.errors).
    errors = ProblemSerializer(many=True)  # type: ignore[assignment]
