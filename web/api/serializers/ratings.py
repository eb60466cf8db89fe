"""Output and input shapes of the ratings, season standings and standings-configuration
endpoints. No rules here: parsing of season parameters lives in
``ranking.ratings.season``, the figures in the selectors."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from ranking.arithmetic.standings import EVENT_CRITERIA
from tournaments.models.standings_rules import ByeCreditKind, game_stat_codes, largest_table, whole


class PointsSerializerField(serializers.FloatField):
    """A number shown as an integer when it is whole (standings totals, placement points)."""

    def to_representation(self, value: Any) -> Any:  # an int or a float
        return whole(float(value))


class RatingRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    tied = serializers.BooleanField()
    player = serializers.IntegerField(source="player_id")
    player_name = serializers.CharField()
    rating = serializers.FloatField(help_text="The displayed rating (ordinal on the 1000 scale).")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    sessions_played = serializers.IntegerField()
    provisional = serializers.BooleanField()
    last_played_on = serializers.DateField(allow_null=True)


class RatingsMetaSerializer(serializers.Serializer):
    """Whose ratings a rating list is (its ``meta``): the club's pool of one game."""

    club = serializers.IntegerField()
    game = serializers.CharField(help_text="The game whose ratings these are.")
    as_of = serializers.DateField(
        allow_null=True, help_text="The ratings as they stood on this date; null: now."
    )


class OpponentSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    player_name = serializers.CharField()
    rating_before = serializers.FloatField()
    total = serializers.IntegerField()
    placement = serializers.IntegerField(help_text="The finish at the table, from 1.")


class ExplainedSessionSerializer(serializers.Serializer):
    club = serializers.IntegerField()
    game = serializers.CharField(help_text="The game of the rating pool.")
    session = serializers.IntegerField()
    played_on = serializers.DateField()
    event = serializers.IntegerField(allow_null=True, help_text="Null if you may not see it.")
    event_name = serializers.CharField(allow_null=True)
    round_number = serializers.IntegerField(
        allow_null=True, help_text="The round's number in the event."
    )
    table_number = serializers.IntegerField(
        allow_null=True, help_text="The table's number in its round."
    )
    total = serializers.IntegerField()
    placement = serializers.IntegerField(
        help_text="The finish at the table, from 1; tied seats share the best."
    )
    actual_placement = serializers.FloatField(help_text="Tied seats share the mean place.")
    expected_placement = serializers.FloatField(help_text="What the ratings predicted.")
    placement_gain = serializers.FloatField(help_text="Places better than expected.")
    verdict = serializers.ChoiceField(choices=["better", "as_expected", "worse"])
    rating_before = serializers.FloatField()
    rating_after = serializers.FloatField()
    rating_change = serializers.FloatField()
    mu_change = serializers.FloatField()
    sigma_before = serializers.FloatField()
    sigma_after = serializers.FloatField()
    provisional = serializers.BooleanField()
    opponents = OpponentSerializer(many=True)
    rated_by = serializers.ChoiceField(
        choices=["points", "ranks"],
        help_text="points: the total against the total expected; ranks: the place.",
    )
    expected_total = serializers.FloatField(
        allow_null=True, help_text="The total the ratings expected (rated by points)."
    )
    points_gain = serializers.FloatField(
        allow_null=True, help_text="Points more (or fewer) than expected (rated by points)."
    )
    opponents_rating = serializers.FloatField(help_text="The opponents' mean rating before.")
    partners = OpponentSerializer(
        many=True, help_text="In a team game, the player's partners (not among the opponents)."
    )


class RatingHistoryMetaSerializer(serializers.Serializer):
    """Whose rating history it is (the ``meta`` of the list)."""

    player = serializers.IntegerField()
    player_name = serializers.CharField()


class SeasonRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField(allow_null=True, help_text="Null below min_sessions.")
    tied = serializers.BooleanField()
    player = serializers.IntegerField(source="player_id")
    player_name = serializers.CharField()
    sessions = serializers.IntegerField()
    evenings = serializers.IntegerField(source="rounds")
    total = serializers.IntegerField()
    average = serializers.FloatField(allow_null=True)
    best_evenings_total = serializers.IntegerField(source="best_rounds_total")
    placement_points = PointsSerializerField()
    table_wins = serializers.IntegerField()


class SeasonMetaSerializer(serializers.Serializer):
    """What season the standings are of (the ``meta`` of their list): the club, the game, the
    dates and the rules they were ranked by (the defaults filled in)."""

    club = serializers.IntegerField()
    game = serializers.CharField(help_text="The game of the season: one game's sessions only.")
    start = serializers.DateField(allow_null=True)
    end = serializers.DateField(allow_null=True)
    min_sessions = serializers.IntegerField()
    best = serializers.IntegerField(allow_null=True)
    rank_by = serializers.ListField(child=serializers.CharField())
    points_per_place = serializers.ListField(child=PointsSerializerField())


class StandingsConfigSerializer(serializers.Serializer):
    """An event's standings configuration; on a write, fields left out stay as they are."""

    standings_order = serializers.ListField(
        child=serializers.ChoiceField(choices=[*EVENT_CRITERIA, *game_stat_codes()]),
        min_length=1,
        max_length=len(EVENT_CRITERIA) + len(game_stat_codes()),
        required=False,
        help_text="Tie-break order: the first criterion decides, the rest break ties (a "
        "game's own figure, such as its wins, for an event of that game). An "
        "event that never set one ranks by its game's order, which is shown.",
    )
    points_per_place = serializers.ListField(
        child=serializers.FloatField(min_value=-10_000, max_value=10_000),
        min_length=1,
        max_length=largest_table(),
        required=False,
        help_text="Placement points for 1st, 2nd, ... place, up to the largest table the "
        "event's game allows.",
    )
    bye_credit = serializers.ChoiceField(choices=ByeCreditKind.choices, required=False)
    bye_points = serializers.FloatField(min_value=-10_000, max_value=10_000, required=False)
    bye_placement_points = serializers.FloatField(
        min_value=-10_000, max_value=10_000, required=False
    )

    def to_representation(self, instance: Any) -> dict[str, Any]:
        return {
            "standings_order": instance.ranked_by,
            "points_per_place": [whole(float(p)) for p in instance.points_per_place],
            "bye_credit": instance.bye_credit,
            "bye_points": whole(float(instance.bye_points)),
            "bye_placement_points": whole(float(instance.bye_placement_points)),
        }
