"""Ratings: a club's rating list (now or as of a date) and a player's explained rating
history. Public reads; ``?format=csv`` gives the whole list as a CSV file instead of a JSON
page (``web.api.views.ranking.csv_lists``). A club's season standings:
``web.api.views.ranking.season``."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.text import slugify
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from clubs.models import Club, Player
from games.registry import find_game, games
from ranking.arithmetic.ratings import Opponent
from ranking.ratings.selectors import (
    ExplainedSession,
    club_ratings,
    player_rating_history,
    rating_game,
    rating_games,
)
from web.api.pagination import PAGE_PARAMETERS, envelope, page_of, paginate
from web.api.serializers.ratings import (
    ExplainedSessionSerializer,
    RatingHistoryMetaSerializer,
    RatingRowSerializer,
    RatingsMetaSerializer,
)
from web.api.views.ranking.csv_lists import FORMAT, CsvListView

GAME_HELP = "Only this game's ratings (default: the default game, or the club's only rated game)."


class GameField(serializers.CharField):
    """A game's code, one of the registered games (empty: none given)."""

    def to_internal_value(self, data: Any) -> str:
        code = super().to_internal_value(data)
        if code and find_game(code) is None:
            raise serializers.ValidationError(
                f"Unknown game {code!r}; known games: {', '.join(sorted(games()))}."
            )
        return code


class RatingsQuerySerializer(serializers.Serializer):
    values_are_text = True  # a query string's (web.api.strict)

    game = GameField(
        required=False, allow_blank=True, default="", max_length=20, help_text=GAME_HELP
    )
    provisional = serializers.BooleanField(
        required=False,
        allow_null=True,
        default=None,
        help_text="true: only provisional players (few sessions); false: only the others.",
    )
    as_of = serializers.DateField(
        required=False,
        allow_null=True,
        default=None,
        help_text="Ratings as they stood after the sessions played on or before this date.",
    )


RATING_COLUMNS = [
    "rank",
    "tied",
    "player",
    "player_name",
    "rating",
    "mu",
    "sigma",
    "sessions_played",
    "provisional",
    "last_played_on",
]


class ClubRatingsView(CsvListView):
    """The club's rating list, best first. Equal ratings share a rank."""

    @extend_schema(
        parameters=[RatingsQuerySerializer, FORMAT, *PAGE_PARAMETERS],
        responses=page_of(RatingRowSerializer, RatingsMetaSerializer),
    )
    def get(self, request: Request, club_id: int) -> Response:
        club = get_object_or_404(Club, pk=club_id)
        query = RatingsQuerySerializer(data=request.query_params.dict())
        query.is_valid(raise_exception=True)
        as_of: date | None = query.validated_data["as_of"]
        wanted = query.validated_data["game"] or None
        game = wanted or rating_game(rating_games(club.pk))
        rows = club_ratings(
            club_id=club.pk, game=game, as_of=as_of, provisional=query.validated_data["provisional"]
        )
        data = RatingRowSerializer(rows, many=True).data
        if self.wants_csv(request):
            suffix = f"-{as_of.isoformat()}" if as_of else ""
            return self.csv_response(
                f"{slugify(club.name) or 'club'}-{game}-ratings{suffix}.csv",
                RATING_COLUMNS,
                [[row[c] for c in RATING_COLUMNS] for row in data],
            )
        shown, links = paginate(request, list(data), self)
        meta = RatingsMetaSerializer({"club": club.pk, "game": game, "as_of": as_of}).data
        return Response(envelope(links, shown, meta))


class HistoryQuerySerializer(serializers.Serializer):
    values_are_text = True  # a query string's (web.api.strict)

    club = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        min_value=1,
        max_value=2**62,
        help_text="Only this club's rating pool (default: every pool the player is rated in).",
    )
    game = GameField(
        required=False,
        allow_blank=True,
        default="",
        max_length=20,
        help_text="Only this game's rating pools (default: every game).",
    )


HISTORY_COLUMNS = [
    "club",
    "game",
    "session",
    "played_on",
    "event",
    "event_name",
    "round_number",
    "table_number",
    "total",
    "placement",
    "actual_placement",
    "expected_placement",
    "placement_gain",
    "verdict",
    "rating_before",
    "rating_after",
    "rating_change",
    "provisional",
    "rated_by",
    "expected_total",
    "points_gain",
    "opponents_rating",
]


def explained_data(item: ExplainedSession) -> dict[str, Any]:
    """One explained session as the API and the CSV show it."""
    e = item.explanation
    names: Mapping[Any, str] = item.opponent_names  # by id (an opponent's id is an int)
    return {
        "club": item.club_id,
        "game": item.game,
        "session": e.session_id,
        "played_on": item.played_on,
        "event": item.where.event_id,
        "event_name": item.where.event_name,
        "round_number": item.where.round_number,
        "table_number": item.where.table_number,
        "total": e.total,
        "placement": e.place,
        "actual_placement": e.actual_placement,
        "expected_placement": e.expected_placement,
        "placement_gain": e.placement_gain,
        "verdict": e.verdict,
        "rating_before": e.rating_before,
        "rating_after": e.rating_after,
        "rating_change": e.rating_change,
        "mu_change": e.mu_change,
        "sigma_before": e.sigma_before,
        "sigma_after": e.sigma_after,
        "provisional": e.provisional,
        "rated_by": e.rated_by,
        "expected_total": e.expected_total,
        "points_gain": e.points_gain,
        "opponents_rating": e.opponents_rating,
        "opponents": [_player(o, names) for o in e.opponents],
        "partners": [_player(o, names) for o in e.partners],
    }


def _player(other: Opponent, names: Mapping[Any, str]) -> dict[str, Any]:
    """Another player of the session: an opponent, or in a team game a partner."""
    return {
        "player": other.player_id,
        "player_name": names.get(other.player_id, ""),
        "rating_before": other.rating_before,
        "total": other.total,
        "placement": other.place,
    }


class PlayerRatingHistoryView(CsvListView):
    """A player's rated sessions in play order, each explained: placement against what the
    ratings expected, and the change of the rating."""

    @extend_schema(
        parameters=[HistoryQuerySerializer, FORMAT, *PAGE_PARAMETERS],
        responses=page_of(ExplainedSessionSerializer, RatingHistoryMetaSerializer),
    )
    def get(self, request: Request, player_id: int) -> Response:
        player = get_object_or_404(Player, pk=player_id)
        query = HistoryQuerySerializer(data=request.query_params.dict())
        query.is_valid(raise_exception=True)
        items = player_rating_history(
            player_id=player.pk,
            club_id=query.validated_data["club"],
            game=query.validated_data["game"] or None,
            viewer=request.user,
        )
        data = [ExplainedSessionSerializer(explained_data(item)).data for item in items]
        if self.wants_csv(request):
            return self.csv_response(
                f"{slugify(player.name) or 'player'}-rating-history.csv",
                HISTORY_COLUMNS,
                [[row[c] for c in HISTORY_COLUMNS] for row in data],
            )
        shown, links = paginate(request, data, self)
        return Response(envelope(links, shown, {"player": player.pk, "player_name": player.name}))
