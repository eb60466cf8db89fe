"""The league's public pages: its standings (one season), ratings, the nights that counted, one
night's sessions and one league player's page, each a read of the newest version. A night that
does not count (unmarked, unpublished, another game, a club that was no member then) is a
404, as is an unknown league or number."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from core.view_helpers import number_from
from games.registry import find_game
from leagues.inputs import counted_nights
from leagues.models import League, LeagueNight, LeaguePlayer, LeagueRating, LeagueStanding
from leagues.selectors import (
    latest_version,
    league_clubs,
    league_ratings,
    night_seats,
    nights_counted,
    player_clubs,
    player_seats,
    season_lines,
)
from leagues.words import REASONS
from ranking.ratings.views import CRITERIA, game_label


def _league(slug: str) -> League:
    return get_object_or_404(League, slug=slug)


def _common(league: League) -> dict[str, object]:
    version = latest_version(league)
    rules = find_game(league.game)
    return {
        "league": league,
        "game_name": game_label(league.game),
        "version": version,
        "reason": REASONS.get(version.reason, version.reason) if version else "",
        "by_points": bool(rules is not None and getattr(rules, "rating_scale", 0)),
    }


def league_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The league: its clubs, and one season's standings (``?season=``, the newest by default)."""
    league = _league(slug)
    seasons = list(league.seasons.order_by("-start", "pk"))
    wanted = number_from(request.GET, "season") if request.GET.get("season") else None
    season = next((s for s in seasons if s.pk == wanted), seasons[0] if seasons else None)
    if wanted is not None and (season is None or season.pk != wanted):
        raise Http404
    return render(
        request,
        "leagues/league.html",
        {
            **_common(league),
            "clubs": league_clubs(league),
            "seasons": seasons,
            "season": season,
            "criteria": [CRITERIA.get(c, c) for c in season.rank_by] if season else [],
            "lines": season_lines(season) if season else [],
        },
    )


def league_ratings_page(request: HttpRequest, slug: str) -> HttpResponse:
    league = _league(slug)
    return render(
        request, "leagues/ratings.html", {**_common(league), "rows": league_ratings(league)}
    )


def league_nights_page(request: HttpRequest, slug: str) -> HttpResponse:
    league = _league(slug)
    return render(
        request,
        "leagues/nights.html",
        {**_common(league), "nights": nights_counted(league), "kinds": LeagueNight.Kind},
    )


def league_night_page(request: HttpRequest, slug: str, event_id: int) -> HttpResponse:
    """One night that counted: what each league player's sessions did to their rating."""
    league = _league(slug)
    if event_id not in counted_nights(league):
        raise Http404
    night = next(n for n in nights_counted(league) if n.event_id == event_id)
    return render(
        request,
        "leagues/night.html",
        {
            **_common(league),
            "night": night,
            "kinds": LeagueNight.Kind,
            "seats": night_seats(league, event_id),
        },
    )


def league_player_page(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """A league player: their clubs, rating, season lines and every session explained."""
    league = _league(slug)
    player = get_object_or_404(LeaguePlayer, league=league, number=number)
    seats = player_seats(league, player)
    return render(
        request,
        "leagues/player.html",
        {
            **_common(league),
            "player": player,
            "clubs": player_clubs(player),
            "rating": LeagueRating.objects.filter(league=league, league_player=player).first(),
            "lines": LeagueStanding.objects.filter(league_player=player)
            .select_related("season")
            .order_by("-season__start"),
            "seats": seats,
        },
    )
