"""A club's season standings over a date range, one game's: total, average per session,
best N evenings, placement points, table wins. Public read; ``?format=csv`` gives the whole
list as a CSV file (``web.api.views.ranking.csv_lists``)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.text import slugify
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from clubs.models import Club
from ranking.ratings.season import (
    MAX_SESSIONS,
    SEASON_CRITERIA,
    club_season_standings,
    parse_season_params,
    season_game,
    season_games,
)
from web.api.pagination import PAGE_PARAMETERS, envelope, page_of, paginate
from web.api.serializers.ratings import SeasonMetaSerializer, SeasonRowSerializer
from web.api.views.ranking.csv_lists import FORMAT, CsvListView


class SeasonQuerySerializer(serializers.Serializer):
    """Documents the season parameters; ``parse_season_params`` reads them."""

    values_are_text = True  # a query string's (web.api.strict)

    start = serializers.DateField(required=False, help_text="First day (YYYY-MM-DD).")
    end = serializers.DateField(required=False, help_text="Last day (YYYY-MM-DD).")
    min_sessions = serializers.IntegerField(
        required=False,
        min_value=0,
        max_value=MAX_SESSIONS,
        help_text="Fewer sessions: listed without a rank.",
    )
    best = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=MAX_SESSIONS,
        help_text="Count the best N evenings for best_rounds.",
    )
    rank_by = serializers.CharField(
        required=False,
        help_text="Comma-separated: total, average, best_rounds, placement_points, table_wins.",
    )
    points_per_place = serializers.CharField(
        required=False,
        help_text="Comma-separated placement points for 1st, 2nd, ... place (up to the places "
        "of the game's largest table), e.g. 3,2,1,0.",
    )
    game = serializers.CharField(
        required=False,
        help_text="The game of the season (a season is one game's). Required where the club "
        "plays several games; otherwise the club's game.",
    )


# The two comma-separated lists, as the schema states them (``rank_by=total,table_wins``).
SEASON_LISTS = [
    OpenApiParameter(
        "rank_by",
        {
            "type": "array",
            "minItems": 1,
            "uniqueItems": True,
            "items": {"type": "string", "enum": list(SEASON_CRITERIA)},
        },
        style="form",
        explode=False,
        description="Comma-separated, each once: " + ", ".join(SEASON_CRITERIA) + ".",
    ),
    OpenApiParameter(
        "points_per_place",
        {
            "type": "array",
            "minItems": 1,
            "items": {"type": "number", "minimum": -10_000, "maximum": 10_000},
        },
        style="form",
        explode=False,
        description="Comma-separated placement points for 1st, 2nd, ... place (up to the "
        "places of the game's largest table), e.g. 3,2,1,0.",
    ),
]


SEASON_COLUMNS = [
    "rank",
    "tied",
    "player",
    "player_name",
    "sessions",
    "evenings",
    "total",
    "average",
    "best_evenings_total",
    "placement_points",
    "table_wins",
]


class ClubSeasonStandingsView(CsvListView):
    """Season standings of a club over a date range: total, average per session (ranked from
    ``min_sessions`` on), best N evenings, placement points, table wins."""

    @extend_schema(
        parameters=[SeasonQuerySerializer, *SEASON_LISTS, FORMAT, *PAGE_PARAMETERS],
        responses=page_of(SeasonRowSerializer, SeasonMetaSerializer),
    )
    def get(self, request: Request, club_id: int) -> Response:
        club = get_object_or_404(Club, pk=club_id)
        game = season_game(
            season_games(club.pk, request.user),
            (request.query_params.get("game") or "").strip() or None,
        )
        rules = parse_season_params(request.query_params, game)
        lines = club_season_standings(club_id=club.pk, rules=rules, viewer=request.user, game=game)
        rows = SeasonRowSerializer(lines, many=True).data
        if self.wants_csv(request):
            span = "-".join(d.isoformat() for d in (rules.start, rules.end) if d)
            return self.csv_response(
                f"{slugify(club.name) or 'club'}-{game}-season{'-' + span if span else ''}.csv",
                SEASON_COLUMNS,
                [[row[c] for c in SEASON_COLUMNS] for row in rows],
            )
        meta = {
            "club": club.pk,
            "game": game,
            "start": rules.start,
            "end": rules.end,
            "min_sessions": rules.min_sessions,
            "best": rules.best_rounds,
            "rank_by": list(rules.rank_by),
            "points_per_place": list(rules.points_per_place),
        }
        shown, links = paginate(request, list(rows), self)
        return Response(envelope(links, shown, SeasonMetaSerializer(meta).data))
