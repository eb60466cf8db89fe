"""The leagues' public feeds' shapes (``web.api.views.league_feeds``): plain dicts built here
from what the league computed (its newest version), and serializers that describe them in the
OpenAPI schema."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.urls import reverse
from rest_framework import serializers

from leagues.models import League, LeagueClub, LeagueSeason, LeagueStanding, LeagueVersion
from leagues.selectors import NightLine, RatingLine
from web.embeds.selectors import game_names

Absolute = Callable[[str], str]


def league_head(league: League) -> dict[str, Any]:
    return {"slug": league.slug, "name": league.name}


def version_data(version: LeagueVersion | None) -> dict[str, Any] | None:
    if version is None:
        return None
    return {
        "number": version.number,
        "reason": version.reason,
        "computed_at": version.computed_at.isoformat(),
        "sessions": version.sessions,
        "nights": version.nights,
    }


def season_data(league: League, season: LeagueSeason, absolute: Absolute) -> dict[str, Any]:
    return {
        "id": season.pk,
        "name": season.name,
        "start": season.start.isoformat(),
        "end": season.end.isoformat(),
        "rank_by": list(season.rank_by),
        "best_nights": season.best_nights,
        "min_nights": season.min_nights,
        "feed_url": absolute(
            reverse("league_season_standings_feed", args=[league.slug, season.pk])
        ),
    }


def league_data(
    league: League,
    clubs: list[LeagueClub],
    seasons: list[LeagueSeason],
    version: LeagueVersion | None,
    absolute: Absolute,
) -> dict[str, Any]:
    name, name_nl = game_names(league.game)
    return {
        **league_head(league),
        "game": league.game,
        "game_name": name,
        "game_name_nl": name_nl,
        "clubs": [
            {
                "slug": row.club.slug,
                "name": row.club.name,
                "status": row.status,
                "joined_on": row.joined_on.isoformat() if row.joined_on else None,
                "left_on": row.left_on.isoformat() if row.left_on else None,
            }
            for row in clubs
        ],
        "seasons": [season_data(league, season, absolute) for season in seasons],
        "version": version_data(version),
        "page_url": absolute(reverse("leagues:league_page", args=[league.slug])),
        "ratings_url": absolute(reverse("league_ratings_feed", args=[league.slug])),
        "nights_url": absolute(reverse("league_nights_feed", args=[league.slug])),
        "feed_url": absolute(reverse("league_feed", args=[league.slug])),
    }


def standing_data(league: League, line: LeagueStanding, absolute: Absolute) -> dict[str, Any]:
    number = line.league_player.number
    return {
        "rank": line.rank,
        "tied": line.tied,
        "number": number,
        "name": line.league_player.name,
        "total": line.total,
        "average": line.average,
        "best_nights_total": line.best_nights_total,
        "placement_points": line.placement_points,
        "table_wins": line.table_wins,
        "nights": line.nights,
        "sessions": line.sessions,
        "page_url": absolute(reverse("leagues:league_player_page", args=[league.slug, number])),
    }


def rating_data(league: League, line: RatingLine, absolute: Absolute) -> dict[str, Any]:
    return {
        "rank": line.rank,
        "number": line.number,
        "name": line.name,
        "rating": round(line.rating, 1),
        "sessions": line.sessions,
        "provisional": line.provisional,
        "last_played_on": line.last_played_on.isoformat() if line.last_played_on else None,
        "page_url": absolute(
            reverse("leagues:league_player_page", args=[league.slug, line.number])
        ),
    }


def night_data(league: League, night: NightLine, absolute: Absolute) -> dict[str, Any]:
    return {
        "event": night.event_id,
        "name": night.name,
        "date": night.date.isoformat(),
        "club_name": night.club,
        "kind": night.kind,
        "page_url": absolute(
            reverse("leagues:league_night_page", args=[league.slug, night.event_id])
        ),
    }


class LeagueHeadSerializer(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()


class LeagueVersionSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="Each computation that changed anything.")
    reason = serializers.CharField(
        help_text="Why it was computed: results, correction, club_joined, club_left, "
        "night_marked, night_unmarked, linked, consent_withdrawn or rules."
    )
    computed_at = serializers.DateTimeField()
    sessions = serializers.IntegerField(help_text="The sessions that counted.")
    nights = serializers.IntegerField(help_text="The nights that counted.")


class LeagueClubSerializer(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()
    status = serializers.ChoiceField(
        choices=[LeagueClub.Status.MEMBER, LeagueClub.Status.LEFT],
        help_text="A club that left keeps what it played until it left.",
    )
    joined_on = serializers.DateField(allow_null=True)
    left_on = serializers.DateField(allow_null=True)


class LeagueSeasonSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    start = serializers.DateField()
    end = serializers.DateField()
    rank_by = serializers.ListField(child=serializers.CharField())
    best_nights = serializers.IntegerField(
        allow_null=True, help_text="Only a player's best N nights count (null: all)."
    )
    min_nights = serializers.IntegerField(help_text="Ranked from this many nights on.")
    feed_url = serializers.URLField(help_text="The season's standings as a feed.")


class LeagueFeedSerializer(LeagueHeadSerializer):
    game = serializers.CharField(help_text="The league's game (its code).")
    game_name = serializers.CharField()
    game_name_nl = serializers.CharField()
    clubs = LeagueClubSerializer(many=True)
    seasons = LeagueSeasonSerializer(many=True)
    version = LeagueVersionSerializer(allow_null=True, help_text="Null: nothing computed yet.")
    page_url = serializers.URLField(help_text="The league's standings page.")
    ratings_url = serializers.URLField(help_text="Its ratings as a feed.")
    nights_url = serializers.URLField(help_text="The nights that counted, as a feed.")
    feed_url = serializers.URLField(help_text="This feed.")


class LeaguesFeedSerializer(serializers.Serializer):
    leagues = LeagueFeedSerializer(many=True)


class LeagueStandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField(
        allow_null=True, help_text="Null: fewer nights than the season ranks from."
    )
    tied = serializers.BooleanField()
    number = serializers.IntegerField(help_text="The player's league number.")
    name = serializers.CharField()
    total = serializers.IntegerField()
    average = serializers.FloatField(allow_null=True)
    best_nights_total = serializers.IntegerField()
    placement_points = serializers.FloatField()
    table_wins = serializers.IntegerField()
    nights = serializers.IntegerField()
    sessions = serializers.IntegerField()
    page_url = serializers.URLField(help_text="The league player's page.")


class LeagueStandingsFeedSerializer(serializers.Serializer):
    league = LeagueHeadSerializer()
    season = LeagueSeasonSerializer()
    version = LeagueVersionSerializer(allow_null=True)
    standings = LeagueStandingSerializer(many=True)


class LeagueRatingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    number = serializers.IntegerField(help_text="The player's league number.")
    name = serializers.CharField()
    rating = serializers.FloatField()
    sessions = serializers.IntegerField()
    provisional = serializers.BooleanField()
    last_played_on = serializers.DateField(allow_null=True)
    page_url = serializers.URLField(help_text="The league player's page.")


class LeagueRatingsFeedSerializer(serializers.Serializer):
    league = LeagueHeadSerializer()
    version = LeagueVersionSerializer(allow_null=True)
    ratings = LeagueRatingSerializer(many=True)


class LeagueNightSerializer(serializers.Serializer):
    event = serializers.IntegerField(help_text="The event's id.")
    name = serializers.CharField()
    date = serializers.DateField()
    club_name = serializers.CharField(
        help_text="The club whose night it was (a league day's host)."
    )
    kind = serializers.ChoiceField(choices=["night", "day"])
    page_url = serializers.URLField(help_text="What the night did to the league rating.")


class LeagueNightsFeedSerializer(serializers.Serializer):
    league = LeagueHeadSerializer()
    nights = LeagueNightSerializer(many=True)
