"""Public read-only JSON feeds of a club, for club websites that build their own page instead
of embedding one: the club's published events, an event's standings, the club's ratings per
game and its next planned nights. Each is a list in the API's one page shape (``count``,
``next``, ``previous``, ``results``, ``limit`` and ``offset`` as every list takes them) with
``meta``: what the list is of.

Anybody may read them from any web page: ``Access-Control-Allow-Origin: *`` without
credentials (no cookie or token is read: an anonymous visitor's view, so an unpublished event
is a 404), GET, HEAD and OPTIONS only, and cacheable (``Cache-Control: public``, an ``ETag``
answered with 304 on ``If-None-Match``). These are the only responses with CORS headers.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.models import Club
from tournaments.selectors import stored_standings
from web.api.pagination import PAGE_PARAMETERS, envelope, page_of, paginate
from web.api.serializers import ErrorResponseSerializer
from web.api.serializers.feeds import (
    FeedClubMetaSerializer,
    FeedEventSerializer,
    FeedGameBoardSerializer,
    FeedNightSerializer,
    FeedNightsMetaSerializer,
    FeedStandingSerializer,
    FeedStandingsMetaSerializer,
    board_data,
    club_reference,
    event_data,
    event_reference,
    night_data,
    standing_data,
)
from web.embeds import selectors

MAX_AGE = 60
CORS = {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
    "Access-Control-Allow-Headers": "Accept, Accept-Language, If-None-Match",
    "Access-Control-Expose-Headers": "ETag",
    "Access-Control-Max-Age": "86400",
}
FEEDS = "Public feeds"


class FeedView(APIView):
    """A public feed: no authentication, read only, CORS for every origin, cacheable."""

    authentication_classes: list[Any] = []
    permission_classes = [AllowAny]
    http_method_names = ["get", "head", "options"]

    def finalize_response(self, request: Request, response: Any, *args: Any, **kwargs: Any) -> Any:
        response = super().finalize_response(request, response, *args, **kwargs)
        for name, value in CORS.items():
            response[name] = value
        if request.method in ("GET", "HEAD") and response.status_code == status.HTTP_200_OK:
            response.render()
            etag = '"' + hashlib.sha256(response.content).hexdigest()[:32] + '"'
            response["ETag"] = etag
            response["Cache-Control"] = f"public, max-age={MAX_AGE}"
            wanted = request.headers.get("If-None-Match", "")
            if etag in [tag.strip().removeprefix("W/") for tag in wanted.split(",")]:
                response.status_code = status.HTTP_304_NOT_MODIFIED
                response.content = b""
        patch_vary_headers(response, ("Accept", "Accept-Language"))
        return response


def _club(slug: str) -> Club:
    return get_object_or_404(Club, slug=slug)


def _site(request: Request, path: str) -> str:
    return request.build_absolute_uri(path)


def _club_meta(request: Request, club: Club) -> dict[str, Any]:
    return club_reference(club, lambda p: _site(request, p))


class ClubEventsFeedView(FeedView):
    @extend_schema(
        tags=[FEEDS],
        parameters=PAGE_PARAMETERS,
        responses=page_of(FeedEventSerializer, FeedClubMetaSerializer),
        summary="A club's events",
        description="The club's published events, newest first, with the addresses of their "
        "standings page, embed and feed; ``meta`` is the club (``club``, ``club_name``...).",
    )
    def get(self, request: Request, slug: str) -> Response:
        club = _club(slug)
        shown, links = paginate(request, selectors.club_events(club), self)
        events = [event_data(event, lambda p: _site(request, p)) for event in shown]
        return Response(envelope(links, events, _club_meta(request, club)))


class EventStandingsFeedView(FeedView):
    @extend_schema(
        tags=[FEEDS],
        parameters=PAGE_PARAMETERS,
        responses={
            200: page_of(FeedStandingSerializer, FeedStandingsMetaSerializer),
            404: OpenApiResponse(
                response=ErrorResponseSerializer, description="No such published event."
            ),
        },
        summary="An event's standings",
        description="The standings of a published event, best first, with its game's own "
        "figures per player (``stats``); ``meta`` is the event and whether the standings "
        "count its latest results yet.",
    )
    def get(self, request: Request, event_id: int) -> Response:
        event = selectors.public_event(event_id)
        shown, links = paginate(request, list(stored_standings(event)), self)
        meta = {
            **event_reference(event, lambda p: _site(request, p)),
            "up_to_date": selectors.standings_up_to_date(event),
        }
        return Response(envelope(links, [standing_data(row) for row in shown], meta))


GAME = OpenApiParameter("game", OpenApiTypes.STR, description="Only this game (its code).")
TOP = OpenApiParameter(
    "top",
    {"type": "integer", "minimum": 1, "maximum": selectors.MAX_TOP},
    description=f"Lines per list, 1 to {selectors.MAX_TOP} (default {selectors.DEFAULT_TOP}).",
)


class ClubRatingsFeedView(FeedView):
    @extend_schema(
        tags=[FEEDS],
        parameters=[GAME, TOP, *PAGE_PARAMETERS],
        responses=page_of(FeedGameBoardSerializer, FeedClubMetaSerializer),
        summary="A club's ratings and season per game",
        description="One line of the list per game the club plays: its rating list and this "
        "calendar year's season standings (ranked by total points), best first, ``top`` lines "
        "each; ``meta`` is the club (``club``, ``club_name``...).",
    )
    def get(self, request: Request, slug: str) -> Response:
        club = _club(slug)
        games = selectors.club_games(club)
        game = request.query_params.get("game", "")
        top = selectors.parse_top(request.query_params.get("top", ""))
        if game:
            games = [selectors.checked_game(game, games)]
        shown, links = paginate(request, games, self)
        boards = selectors.club_boards(club, games=shown, today=timezone.localdate(), top=top)
        rows = [board_data(board) for board in boards]
        return Response(envelope(links, rows, _club_meta(request, club)))


class ClubNightsFeedView(FeedView):
    @extend_schema(
        tags=[FEEDS],
        parameters=PAGE_PARAMETERS,
        responses=page_of(FeedNightSerializer, FeedNightsMetaSerializer),
        summary="A club's next planned nights",
        description="The club's next planned nights, soonest first (the next "
        f"{selectors.NIGHTS_AHEAD} at most); ``meta.calendar`` is false where the service "
        "plans no nights.",
    )
    def get(self, request: Request, slug: str) -> Response:
        club = _club(slug)
        nights = selectors.next_nights(club, selectors.NIGHTS_AHEAD)
        shown, links = paginate(request, nights or [], self)
        meta = {**_club_meta(request, club), "calendar": nights is not None}
        return Response(
            envelope(
                links, [night_data(night, lambda p: _site(request, p)) for night in shown], meta
            )
        )
