"""The leagues' public feeds' shapes (``web.api.views.league_feeds``): plain dicts built here
from what the league computed (its newest version), and serializers that describe them in the
OpenAPI schema."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.urls import reverse
from rest_framework import serializers

from core.times import utc_z
from leagues.models import League, LeagueClub, LeagueSeason, LeagueStanding, LeagueVersion
from leagues.selectors import NightLine, RatingLine
from web.embeds.selectors import game_names

Absolute = Callable[[str], str]


def league_reference(league: League, absolute: Absolute) -> dict[str, Any]:
    """The league a feed is of, as the API names a player: ``league`` (its slug, as leagues
    are addressed), ``league_name``, ``league_url`` (its page) and ``league_feed_url``."""
    return {
        "league": league.slug,
        "league_name": league.name,
        "league_url": absolute(reverse("leagues:league_page", args=[league.slug])),
        "league_feed_url": absolute(reverse("league_feed", args=[league.slug])),
    }


def version_reference(version: LeagueVersion | None) -> dict[str, Any]:
    """The version the figures were computed as: ``version`` (its number; null: none yet) and
    beside it ``version_reason``, ``version_computed_at``, ``version_sessions``,
    ``version_nights``."""
    return {
        "version": version.number if version else None,
        "version_reason": version.reason if version else None,
        "version_computed_at": utc_z(version.computed_at) if version else None,
        "version_sessions": version.sessions if version else None,
        "version_nights": version.nights if version else None,
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


def season_reference(league: League, season: LeagueSeason, absolute: Absolute) -> dict[str, Any]:
    """The season a standings feed is of: ``season`` (its id), each ``season_...`` beside it
    (``season_feed_url``: this feed for that season)."""
    own = season_data(league, season, absolute)
    return {("season" if key == "id" else f"season_{key}"): value for key, value in own.items()}


def club_named(pk: int, name: str, slug: str, absolute: Absolute) -> dict[str, Any]:
    """A club as the API names a player: ``club`` (its id), ``club_name``, ``club_slug`` and
    ``club_url`` (its page)."""
    return {
        "club": pk,
        "club_name": name,
        "club_slug": slug,
        "club_url": absolute(reverse("clubs:club_page", args=[slug])),
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
        "slug": league.slug,
        "name": league.name,
        "game": league.game,
        "game_name": name,
        "game_name_nl": name_nl,
        "clubs": [
            {
                **club_named(row.club_id, row.club.name, row.club.slug, absolute),
                "status": row.status,
                "joined_on": row.joined_on.isoformat() if row.joined_on else None,
                "left_on": row.left_on.isoformat() if row.left_on else None,
            }
            for row in clubs
        ],
        "seasons": [season_data(league, season, absolute) for season in seasons],
        **version_reference(version),
        "page_url": absolute(reverse("leagues:league_page", args=[league.slug])),
        "ratings_url": absolute(reverse("league_ratings_feed", args=[league.slug])),
        "nights_url": absolute(reverse("league_nights_feed", args=[league.slug])),
        "feed_url": absolute(reverse("league_feed", args=[league.slug])),
    }


def league_player(league: League, number: int, name: str, absolute: Absolute) -> dict[str, Any]:
    """A league player as the API names a player: ``league_player`` (their league number),
    ``league_player_name`` and ``league_player_url`` (their page in the league)."""
    return {
        "league_player": number,
        "league_player_name": name,
        "league_player_url": absolute(
            reverse("leagues:league_player_page", args=[league.slug, number])
        ),
    }


def standing_data(league: League, line: LeagueStanding, absolute: Absolute) -> dict[str, Any]:
    player = line.league_player
    return {
        "rank": line.rank,
        "tied": line.tied,
        **league_player(league, player.number, player.name, absolute),
        "total": line.total,
        "average": line.average,
        "best_nights_total": line.best_nights_total,
        "placement_points": line.placement_points,
        "table_wins": line.table_wins,
        "nights": line.nights,
        "sessions": line.sessions,
    }


def rating_data(league: League, line: RatingLine, absolute: Absolute) -> dict[str, Any]:
    return {
        "rank": line.rank,
        **league_player(league, line.number, line.name, absolute),
        "rating": round(line.rating, 1),
        "sessions": line.sessions,
        "provisional": line.provisional,
        "last_played_on": line.last_played_on.isoformat() if line.last_played_on else None,
    }


def night_data(league: League, night: NightLine, absolute: Absolute) -> dict[str, Any]:
    return {
        "event": night.event_id,
        "event_name": night.name,
        "event_date": night.date.isoformat(),
        **club_named(night.club_id, night.club, night.club_slug, absolute),
        "kind": night.kind,
        "page_url": absolute(
            reverse("leagues:league_night_page", args=[league.slug, night.event_id])
        ),
    }


class LeagueReferenceSerializer(serializers.Serializer):
    """The league a feed is of, as the API names a player."""

    league = serializers.SlugField(help_text="The league's slug: the feeds' {slug}.")
    league_name = serializers.CharField()
    league_url = serializers.URLField(help_text="The league's standings page.")
    league_feed_url = serializers.URLField(help_text="The league as a feed.")


class LeagueVersionReferenceSerializer(serializers.Serializer):
    """The version the league's figures were last computed as (null: none yet)."""

    version = serializers.IntegerField(
        allow_null=True, help_text="Its number: each computation that changed anything."
    )
    version_reason = serializers.CharField(
        allow_null=True,
        help_text="Why it was computed: results, correction, club_joined, club_left, "
        "night_marked, night_unmarked, linked, consent_withdrawn or rules.",
    )
    version_computed_at = serializers.DateTimeField(allow_null=True)
    version_sessions = serializers.IntegerField(
        allow_null=True, help_text="The sessions that counted."
    )
    version_nights = serializers.IntegerField(allow_null=True, help_text="The nights that counted.")


class LeagueClubSerializer(serializers.Serializer):
    club = serializers.IntegerField(help_text="The club's id.")
    club_name = serializers.CharField()
    club_slug = serializers.SlugField(help_text="The club's address name: its feeds' {slug}.")
    club_url = serializers.URLField(help_text="The club's page.")
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


class LeagueFeedSerializer(LeagueVersionReferenceSerializer):
    slug = serializers.SlugField(help_text="The league's address name: its feeds' {slug}.")
    name = serializers.CharField()
    game = serializers.CharField(help_text="The league's game (its code).")
    game_name = serializers.CharField()
    game_name_nl = serializers.CharField()
    clubs = LeagueClubSerializer(many=True)
    seasons = LeagueSeasonSerializer(many=True)
    page_url = serializers.URLField(help_text="The league's standings page.")
    ratings_url = serializers.URLField(help_text="Its ratings as a feed.")
    nights_url = serializers.URLField(help_text="The nights that counted, as a feed.")
    feed_url = serializers.URLField(help_text="The league as a feed.")


class LeaguePlayerSerializer(serializers.Serializer):
    """A league player as the API names a player: by their league number."""

    league_player = serializers.IntegerField(help_text="The player's league number.")
    league_player_name = serializers.CharField()
    league_player_url = serializers.URLField(help_text="The league player's page.")


class LeagueStandingSerializer(LeaguePlayerSerializer):
    rank = serializers.IntegerField(
        allow_null=True, help_text="Null: fewer nights than the season ranks from."
    )
    tied = serializers.BooleanField()
    total = serializers.IntegerField()
    average = serializers.FloatField(allow_null=True)
    best_nights_total = serializers.IntegerField()
    placement_points = serializers.FloatField()
    table_wins = serializers.IntegerField()
    nights = serializers.IntegerField()
    sessions = serializers.IntegerField()


class LeagueStandingsMetaSerializer(LeagueReferenceSerializer, LeagueVersionReferenceSerializer):
    """The league and the season the standings are of, and the version they were computed as."""

    season = serializers.IntegerField(help_text="The season's id.")
    season_name = serializers.CharField()
    season_start = serializers.DateField()
    season_end = serializers.DateField()
    season_rank_by = serializers.ListField(child=serializers.CharField())
    season_best_nights = serializers.IntegerField(
        allow_null=True, help_text="Only a player's best N nights count (null: all)."
    )
    season_min_nights = serializers.IntegerField(help_text="Ranked from this many nights on.")
    season_feed_url = serializers.URLField(help_text="The season's standings as a feed.")


class LeagueRatingSerializer(LeaguePlayerSerializer):
    rank = serializers.IntegerField()
    rating = serializers.FloatField()
    sessions = serializers.IntegerField()
    provisional = serializers.BooleanField()
    last_played_on = serializers.DateField(allow_null=True)


class LeagueRatingsMetaSerializer(LeagueReferenceSerializer, LeagueVersionReferenceSerializer):
    """The league the ratings are of, and the version they were computed as."""


class LeagueNightSerializer(serializers.Serializer):
    event = serializers.IntegerField(help_text="The event's id.")
    event_name = serializers.CharField()
    event_date = serializers.DateField()
    club = serializers.IntegerField(help_text="The club whose night it was (a league day's host).")
    club_name = serializers.CharField()
    club_slug = serializers.SlugField(help_text="The club's address name: its feeds' {slug}.")
    club_url = serializers.URLField(help_text="The club's page.")
    kind = serializers.ChoiceField(choices=["night", "day"])
    page_url = serializers.URLField(help_text="What the night did to the league rating.")


class LeagueNightsMetaSerializer(LeagueReferenceSerializer):
    """The league the nights counted for."""
