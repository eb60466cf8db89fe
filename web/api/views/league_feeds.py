"""The leagues' public feeds, read like a club's (``web.api.views.feeds.FeedView``: no
authentication, read only, CORS for every origin, cacheable): the leagues, one league with its
clubs and seasons, a season's standings (the newest by default), the league rating and the
nights that counted. Each list is a page in the API's one page shape (``count``, ``next``,
``previous``, ``results``, ``limit`` and ``offset``) with ``meta``: the league it is of,
named as the API names a player (``league``, its slug, ``league_name``, ``league_url``). Each
is a read of the league's newest computed version, which holds only what clubs published and
players agreed to: a player is named by their league number (``league_player``,
``league_player_name``, ``league_player_url``)."""

from __future__ import annotations

from typing import Any

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
from web.api.pagination import PAGE_PARAMETERS, envelope, page_of, paginate
from web.api.serializers import ErrorResponseSerializer
from web.api.serializers.leagues import (
    LeagueFeedSerializer,
    LeagueNightSerializer,
    LeagueNightsMetaSerializer,
    LeagueRatingSerializer,
    LeagueRatingsMetaSerializer,
    LeagueStandingSerializer,
    LeagueStandingsMetaSerializer,
    league_data,
    league_reference,
    night_data,
    rating_data,
    season_reference,
    standing_data,
    version_reference,
)
from web.api.views.feeds import FEEDS, TOP, FeedView
from web.embeds import selectors

NO_LEAGUE = OpenApiResponse(response=ErrorResponseSerializer, description="No such league.")
NO_SEASON = OpenApiResponse(
    response=ErrorResponseSerializer, description="No such league, or it has no season yet."
)
OF_LEAGUE = "``meta`` is the league (``league``, its slug, ``league_name``...)"


def _league(slug: str) -> League:
    return get_object_or_404(League, slug=slug)


def _data(request: Request, league: League) -> dict[str, Any]:
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
        parameters=PAGE_PARAMETERS,
        responses=page_of(LeagueFeedSerializer),
        summary="The leagues",
        description="Every league, by name: its clubs, seasons and the addresses of its feeds.",
    )
    def get(self, request: Request) -> Response:
        shown, links = paginate(request, League.objects.order_by("name", "pk"), self)
        return Response(envelope(links, [_data(request, league) for league in shown]))


class LeagueFeedView(FeedView):
    @extend_schema(
        tags=[FEEDS],
        responses={200: LeagueFeedSerializer, 404: NO_LEAGUE},
        summary="A league",
        description="The league: its game, member clubs (and those that left), seasons and "
        "the version its figures were last computed as (``version``, with its "
        "``version_reason``...).",
    )
    def get(self, request: Request, slug: str) -> Response:
        return Response(_data(request, _league(slug)))


def _standings(request: Request, league: League, season: LeagueSeason, view: Any) -> Response:
    absolute = request.build_absolute_uri
    shown, links = paginate(request, list(season_lines(season)), view)
    meta = {
        **league_reference(league, absolute),
        **season_reference(league, season, absolute),
        **version_reference(latest_version(league)),
    }
    return Response(
        envelope(links, [standing_data(league, line, absolute) for line in shown], meta)
    )


STANDINGS_META = (
    f"{OF_LEAGUE}, the season (``season``, its id, ``season_name``...) and the version the "
    "standings were computed as."
)


class LeagueStandingsFeedView(FeedView):
    @extend_schema(
        tags=[FEEDS],
        parameters=PAGE_PARAMETERS,
        responses={
            200: page_of(LeagueStandingSerializer, LeagueStandingsMetaSerializer),
            404: NO_SEASON,
        },
        summary="A league's standings",
        description="The standings of the league's newest season: its players with a league "
        "number, ranked as the season says (a player below its minimum of nights has no "
        f"rank); {STANDINGS_META}",
    )
    def get(self, request: Request, slug: str) -> Response:
        league = _league(slug)
        season = league.seasons.order_by("-start", "pk").first()
        if season is None:
            raise Http404
        return _standings(request, league, season, self)


class LeagueSeasonStandingsFeedView(FeedView):
    @extend_schema(
        tags=[FEEDS],
        parameters=PAGE_PARAMETERS,
        responses={
            200: page_of(LeagueStandingSerializer, LeagueStandingsMetaSerializer),
            404: OpenApiResponse(
                response=ErrorResponseSerializer, description="No such league or season."
            ),
        },
        summary="A league season's standings",
        description=f"The standings of one season of the league; {STANDINGS_META}",
    )
    def get(self, request: Request, slug: str, season_id: int) -> Response:
        league = _league(slug)
        season = get_object_or_404(LeagueSeason, league=league, pk=season_id)
        return _standings(request, league, season, self)


class LeagueRatingsFeedView(FeedView):
    @extend_schema(
        tags=[FEEDS],
        parameters=[TOP, *PAGE_PARAMETERS],
        responses={
            200: page_of(LeagueRatingSerializer, LeagueRatingsMetaSerializer),
            404: NO_LEAGUE,
        },
        summary="A league's ratings",
        description="One rating across the league's clubs, best first (the first ``top``): "
        "every session of every night that counted, in the order it was played; "
        f"{OF_LEAGUE} and the version the ratings were computed as.",
    )
    def get(self, request: Request, slug: str) -> Response:
        league = _league(slug)
        top = selectors.parse_top(request.query_params.get("top", ""))
        absolute = request.build_absolute_uri
        shown, links = paginate(request, league_ratings(league)[:top], self)
        meta = {**league_reference(league, absolute), **version_reference(latest_version(league))}
        return Response(
            envelope(links, [rating_data(league, line, absolute) for line in shown], meta)
        )


class LeagueNightsFeedView(FeedView):
    @extend_schema(
        tags=[FEEDS],
        parameters=PAGE_PARAMETERS,
        responses={200: page_of(LeagueNightSerializer, LeagueNightsMetaSerializer), 404: NO_LEAGUE},
        summary="The nights that counted for a league",
        description="The published nights of member clubs that count for the league, newest "
        "first: a club's league night or a league day at a host club (``club``, ``club_name``"
        f"...: the host); {OF_LEAGUE}.",
    )
    def get(self, request: Request, slug: str) -> Response:
        league = _league(slug)
        absolute = request.build_absolute_uri
        shown, links = paginate(request, nights_counted(league), self)
        rows = [night_data(league, night, absolute) for night in shown]
        return Response(envelope(links, rows, league_reference(league, absolute)))
