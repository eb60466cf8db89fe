"""A player's statistics per game (``ranking.stats.selectors``): public for what the viewer may
see."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.models import Player
from games.registry import DEFAULT_GAME
from ranking.stats.selectors import player_games, player_stats, player_visible
from web.api.serializers.stats import PlayerStatsSerializer, stats_data
from web.api.views.ranking.ratings import GameField


class StatsQuerySerializer(serializers.Serializer):
    values_are_text = True  # a query string's (web.api.strict)

    game = GameField(
        required=False,
        allow_blank=True,
        default="",
        max_length=20,
        help_text="The game (default: the default game when played, else the player's first game).",
    )


class PlayerStatsView(APIView):
    """A player's statistics of one game, from the counted sessions of the events the caller
    may see: sessions, average, places; for Bonken per contract (chosen, average points,
    doubles and what they moved); head to head against each opponent; the last evenings."""

    permission_classes = [AllowAny]

    @extend_schema(parameters=[StatsQuerySerializer], responses=PlayerStatsSerializer)
    def get(self, request: Request, player_id: int) -> Response:
        player = get_object_or_404(Player, pk=player_id)
        if not player_visible(player, request.user):
            raise Http404
        query = StatsQuerySerializer(data=request.query_params.dict())
        query.is_valid(raise_exception=True)
        played = player_games(player.pk, request.user)
        game = query.validated_data["game"] or (
            DEFAULT_GAME if DEFAULT_GAME in played or not played else played[0]
        )
        stats = player_stats(player, request.user, game)
        return Response(PlayerStatsSerializer(stats_data(stats)).data)
