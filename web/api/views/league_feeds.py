"""The leagues' public feeds, read like a club's (``web.api.views.feeds.FeedView``: no
authentication, read only, CORS for every origin, cacheable): the leagues, one league with its
clubs and seasons, a season's standings (the newest by default), the league rating and the
nights that counted. Each is a read of the league's newest computed version, which holds only
what clubs published and players agreed to: a player is named by their league number."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from leagues.models import League, LeagueSeason
from leagues.selectors import (
    latest_version,
    league_clubs,
    league_ratings,
    nights_counted,
    season_lines,
)
from web.api.serializers import ErrorResponseSerializer
from web.api.serializers.leagues import (
    LeagueFeedSerializer,
    LeagueNightsFeedSerializer,
    LeagueRatingsFeedSerializer,
    LeaguesFeedSerializer,
    LeagueStandingsFeedSerializer,
    league_data,
    league_head,
    night_data,
    rating_data,
    season_data,
    standing_data,
    version_data,
)
from web.api.views.feeds import FEEDS, TOP, FeedView
from web.embeds import selectors

NO_SEASON = OpenApiResponse(
    response=ErrorResponseSerializer, description="No such league, or it has no season yet."
)


def _league(slug: str) -> League:
    return get_object_or_404(League, slug=slug)


def _data(request: Request, league: League) -> dict[str, object]:
    return league_data(
        league,
        list(league_clubs(league)),
        list(league.seasons.order_by("-start", "pk")),
        latest_version(league),
        request.build_absolute_uri,
    )


class LeaguesFeedView(FeedView):
    @extend_schema(
        tags=[FEEDS],
        operation_id="v1_feeds_leagues_list",
        responses=LeaguesFeedSerializer,
        summary="The leagues",
        description="Every league, by name: its clubs, seasons and the addresses of its feeds.",
    )
    def get(self, request: Request) -> Response:
        leagues = League.objects.order_by("name", "pk")
        return Response({"leagues": [_data(request, league) for league in leagues]})


class LeagueFeedView(FeedView):
    @extend_schema(
        tags=[FEEDS],
        responses=LeagueFeedSerializer,
        summary="A league",
        description="The league: its game, member clubs (and those that left), seasons and "
        "the version its figures were last computed as, with the reason.",
    )
    def get(self, request: Request, slug: str) -> Response:
        return Response(_data(request, _league(slug)))


def _standings(request: Request, league: League, season: LeagueSeason) -> Response:
    absolute = request.build_absolute_uri
    return Response(
        {
            "league": league_head(league),
            "season": season_data(league, season, absolute),
            "version": version_data(latest_version(league)),
            "standings": [standing_data(league, line, absolute) for line in season_lines(season)],
        }
    )


class LeagueStandingsFeedView(FeedView):
    @extend_schema(
        tags=[FEEDS],
        responses={200: LeagueStandingsFeedSerializer, 404: NO_SEASON},
        summary="A league's standings",
        description="The standings of the league's newest season: its players with a league "
        "number, ranked as the season says (a player below its minimum of nights has no rank).",
    )
    def get(self, request: Request, slug: str) -> Response:
        league = _league(slug)
        season = league.seasons.order_by("-start", "pk").first()
        if season is None:
            raise Http404
        return _standings(request, league, season)


class LeagueSeasonStandingsFeedView(FeedView):
    @extend_schema(
        tags=[FEEDS],
        responses=LeagueStandingsFeedSerializer,
        summary="A league season's standings",
        description="The standings of one season of the league.",
    )
    def get(self, request: Request, slug: str, season_id: int) -> Response:
        league = _league(slug)
        season = get_object_or_404(LeagueSeason, league=league, pk=season_id)
        return _standings(request, league, season)


class LeagueRatingsFeedView(FeedView):
    @extend_schema(
        tags=[FEEDS],
        parameters=[TOP],
        responses=LeagueRatingsFeedSerializer,
        summary="A league's ratings",
        description="One rating across the league's clubs, best first: every session of "
        "every night that counted, in the order it was played.",
    )
    def get(self, request: Request, slug: str) -> Response:
        league = _league(slug)
        top = selectors.parse_top(request.query_params.get("top", ""))
        absolute = request.build_absolute_uri
        return Response(
            {
                "league": league_head(league),
                "version": version_data(latest_version(league)),
                "ratings": [
                    rating_data(league, line, absolute) for line in league_ratings(league)[:top]
                ],
            }
        )


class LeagueNightsFeedView(FeedView):
    @extend_schema(
        tags=[FEEDS],
        responses=LeagueNightsFeedSerializer,
        summary="The nights that counted for a league",
        description="The published nights of member clubs that count for the league, newest "
        "first: a club's league night or a league day at a host club.",
    )
    def get(self, request: Request, slug: str) -> Response:
        league = _league(slug)
        absolute = request.build_absolute_uri
        return Response(
            {
                "league": league_head(league),
                "nights": [night_data(league, night, absolute) for night in nights_counted(league)],
            }
        )
