"""Ratings and season standings: a club's rating list (now or as of a date), a player's
explained rating history, and a club's season standings. Public reads; ``?format=csv`` gives
the whole list as a CSV file instead of a JSON page."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.text import slugify
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.pagination import LimitOffsetPagination
from api.serializers_ratings import (
    ExplainedSessionSerializer,
    RatingHistorySerializer,
    RatingListSerializer,
    RatingRowSerializer,
    SeasonRowSerializer,
    SeasonStandingsSerializer,
)
from clubs.models import Club, Player
from core.csv_safe import CHARSET, EXCEL_NL, MEDIA_TYPE, attachment, csv_bytes
from gamekit.registry import find_game, games
from ratings.season import (
    MAX_SESSIONS,
    SEASON_CRITERIA,
    club_season_standings,
    parse_season_params,
    season_game,
    season_games,
)
from ratings.selectors import (
    ExplainedSession,
    club_ratings,
    player_rating_history,
    rating_game,
    rating_games,
)

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


class CSVRenderer(BaseRenderer):
    """Renders ``{"columns": [...], "rows": [[...], ...]}`` (or an error list) as CSV."""

    media_type = MEDIA_TYPE
    format = "csv"
    charset = CHARSET
    dutch_names: dict[str, str] | None = None

    def render(
        self,
        data: Any,
        accepted_media_type: str | None = None,
        renderer_context: Mapping[str, Any] | None = None,
    ) -> bytes:
        excel_nl = self.format == EXCEL_NL
        columns: list[str] | None
        rows: Any
        if isinstance(data, dict) and "columns" in data:
            columns, rows = data["columns"], data["rows"]
        elif isinstance(data, dict) and "errors" in data:
            columns = ["code", "message", "field"]
            rows = [
                [
                    e.get("code"),
                    e.get("message_nl" if excel_nl else "message") or e.get("message"),
                    e.get("field"),
                ]
                for e in data["errors"]
            ]
        else:  # nothing to write: an empty file (for Dutch Excel, its byte order mark)
            columns, rows = None, []
        return csv_bytes(columns, rows, excel_nl=excel_nl, dutch_names=self.dutch_names)


class ExcelNLCSVRenderer(CSVRenderer):
    """The same CSV for a Dutch Excel (``?format=excel-nl``): semicolons, a byte order mark,
    decimal commas and Dutch headings, so a double-click opens it in columns."""

    format = EXCEL_NL
    dutch_names = {"player": "Speler-id", "club": "Club-id", "session": "Sessie-id"}


FORMAT = OpenApiParameter(
    "format",
    OpenApiTypes.STR,
    enum=["json", "csv", EXCEL_NL],
    description="csv: the whole list as a CSV file (no pages); excel-nl: the same for a Dutch "
    "Excel (semicolons, a byte order mark, decimal commas, Dutch headings).",
)
PAGES = [
    OpenApiParameter(
        "limit",
        {"type": "integer", "minimum": 1, "maximum": 200},
        description="Rows per page: 1 to 200, 50 unless given.",
    ),
    OpenApiParameter("offset", {"type": "integer", "minimum": 0}, description="Rows to skip."),
]


class _ListView(APIView):
    renderer_classes = [JSONRenderer, CSVRenderer, ExcelNLCSVRenderer]

    def wants_csv(self, request: Request) -> bool:
        return getattr(request.accepted_renderer, "format", "") in ("csv", EXCEL_NL)

    def csv_response(self, filename: str, columns: list[str], rows: list[list[Any]]) -> Response:
        response = Response({"columns": columns, "rows": rows})
        response["Content-Disposition"] = attachment(filename)
        return response

    def page(self, request: Request, rows: list[Any]) -> tuple[list[Any], dict[str, Any]]:
        paginator = LimitOffsetPagination()
        # DRF pages a list as well as a query set (the stubs name only the latter).
        shown: list[Any] = paginator.paginate_queryset(rows, request, view=self) or []  # type: ignore[arg-type]
        return shown, {
            "count": paginator.count,
            "next": paginator.get_next_link(),
            "previous": paginator.get_previous_link(),
        }


class RatingsQuerySerializer(serializers.Serializer):
    values_are_text = True  # a query string's (api.strict)

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


class ClubRatingsView(_ListView):
    """The club's rating list, best first. Equal ratings share a rank."""

    @extend_schema(
        parameters=[RatingsQuerySerializer, FORMAT, *PAGES], responses=RatingListSerializer
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
        shown, links = self.page(request, list(data))
        return Response({"club": club.pk, "game": game, "as_of": as_of, **links, "results": shown})


class HistoryQuerySerializer(serializers.Serializer):
    values_are_text = True  # a query string's (api.strict)

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
    "round",
    "table",
    "total",
    "place",
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
        "round": item.where.round_number,
        "table": item.where.table_number,
        "total": e.total,
        "place": e.place,
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
        "opponents": [
            {
                "player": o.player_id,
                "player_name": names.get(o.player_id, ""),
                "rating_before": o.rating_before,
                "total": o.total,
                "place": o.place,
            }
            for o in e.opponents
        ],
    }


class PlayerRatingHistoryView(_ListView):
    """A player's rated sessions in play order, each explained: placement against what the
    ratings expected, and the change of the rating."""

    @extend_schema(
        parameters=[HistoryQuerySerializer, FORMAT, *PAGES], responses=RatingHistorySerializer
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
        shown, links = self.page(request, data)
        return Response(
            {"player": player.pk, "player_name": player.name, **links, "results": shown}
        )


class SeasonQuerySerializer(serializers.Serializer):
    """Documents the season parameters; ``parse_season_params`` reads them."""

    values_are_text = True  # a query string's (api.strict)

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


class ClubSeasonStandingsView(_ListView):
    """Season standings of a club over a date range: total, average per session (ranked from
    ``min_sessions`` on), best N evenings, placement points, table wins."""

    @extend_schema(
        parameters=[SeasonQuerySerializer, *SEASON_LISTS, FORMAT],
        responses=SeasonStandingsSerializer,
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
        return Response(
            SeasonStandingsSerializer(
                {
                    "club": club.pk,
                    "game": game,
                    "start": rules.start,
                    "end": rules.end,
                    "min_sessions": rules.min_sessions,
                    "best": rules.best_rounds,
                    "rank_by": list(rules.rank_by),
                    "points_per_place": list(rules.points_per_place),
                    "standings": lines,
                }
            ).data
        )
