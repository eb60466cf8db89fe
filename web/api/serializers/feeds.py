"""The public feeds' shapes (``web.api.views.feeds``): plain dicts built here, and serializers that
describe them in the OpenAPI schema. Each feed is a list in the API's one page shape (``count``,
``next``, ``previous``, ``results``), and ``meta`` says what it is of (the club, the event)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.urls import reverse
from rest_framework import serializers

from clubs.models import Club
from core.club_nights import PlannedNight
from core.times import utc_z
from tournaments.models import Event, Standing
from web.embeds.selectors import GameBoard, game_names

Absolute = Callable[[str], str]


def event_data(event: Event, absolute: Absolute) -> dict[str, Any]:
    name, name_nl = game_names(event.game)
    return {
        "id": event.pk,
        "name": event.name,
        "date": event.date.isoformat(),
        "kind": event.kind,
        "status": event.status,
        "game": event.game,
        "game_name": name,
        "game_name_nl": name_nl,
        "standings_url": absolute(reverse("public:event_standings", args=[event.pk])),
        "embed_url": absolute(reverse("embeds:event_embed", args=[event.pk])),
        "feed_url": absolute(reverse("event_standings_feed", args=[event.pk])),
    }


def event_reference(event: Event, absolute: Absolute) -> dict[str, Any]:
    """The event a feed is of, as the API names a player: ``event`` (the id), and beside it,
    each ``event_...``, what the events feed gives of it (``event_url``: its standings page)."""
    own = event_data(event, absolute)
    named = {"id": "event", "standings_url": "event_url"}
    return {named.get(key, f"event_{key}"): value for key, value in own.items()}


def club_reference(club: Club, absolute: Absolute) -> dict[str, Any]:
    """The club a feed is of, as the API names a player: ``club`` (the id), ``club_name``,
    ``club_slug`` (the feeds' ``{slug}``) and ``club_url`` (its page)."""
    return {
        "club": club.pk,
        "club_name": club.name,
        "club_slug": club.slug,
        "club_url": absolute(reverse("clubs:club_page", args=[club.slug])),
    }


def standing_data(row: Standing) -> dict[str, Any]:
    return {
        "rank": row.rank,
        "tied": row.tied,
        "player": row.player_id,
        "player_name": row.player.name,
        "total": row.total,
        "sessions": row.sessions,
        "table_wins": row.table_wins,
        "byes": row.byes,
        "stats": row.stats or {},
    }


def board_data(board: GameBoard) -> dict[str, Any]:
    return {
        "game": board.game,
        "game_name": board.name,
        "game_name_nl": board.name_nl,
        "season": {
            "start": board.season_start.isoformat(),
            "end": board.season_end.isoformat(),
            "standings": [
                {
                    "rank": line.rank,
                    "tied": line.tied,
                    "player": line.player_id,
                    "player_name": line.player_name,
                    "total": line.total,
                    "sessions": line.sessions,
                    "evenings": line.rounds,
                }
                for line in board.season
            ],
        },
        "ratings": [
            {
                "rank": row.rank,
                "tied": row.tied,
                "player": row.player_id,
                "player_name": row.player_name,
                "rating": round(row.rating, 1),
                "sessions": row.sessions_played,
                "provisional": row.provisional,
            }
            for row in board.ratings
        ],
    }


def night_data(night: PlannedNight, absolute: Absolute) -> dict[str, Any]:
    name, name_nl = game_names(night.game)
    return {
        "starts_at": utc_z(night.starts_at),
        "game": night.game,
        "game_name": name,
        "game_name_nl": name_nl,
        "place": night.place,
        "title": night.title,
        "url": absolute(night.url) if night.url else None,
    }


class FeedClubSerializer(serializers.Serializer):
    """The club a feed is of, as the API names a player (the id, what is shown beside it)."""

    club = serializers.IntegerField(help_text="The club's id.")
    club_name = serializers.CharField()
    club_slug = serializers.SlugField(help_text="The club's address name: the feeds' {slug}.")
    club_url = serializers.URLField(help_text="The club's page.")


class FeedEventSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    date = serializers.DateField()
    kind = serializers.CharField()
    status = serializers.CharField()
    game = serializers.CharField(help_text="The game's code.")
    game_name = serializers.CharField()
    game_name_nl = serializers.CharField()
    standings_url = serializers.URLField(help_text="The event's standings page.")
    embed_url = serializers.URLField(help_text="The event's standings to show in an iframe.")
    feed_url = serializers.URLField(help_text="The event's standings as this feed.")


class FeedClubMetaSerializer(FeedClubSerializer):
    """Whose feed it is (its ``meta``)."""


class FeedStandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    tied = serializers.BooleanField()
    player = serializers.IntegerField()
    player_name = serializers.CharField()
    total = serializers.FloatField()
    sessions = serializers.IntegerField()
    table_wins = serializers.IntegerField()
    byes = serializers.IntegerField()
    stats = serializers.DictField(
        child=serializers.IntegerField(),
        help_text="The game's own figures per player, by their code.",
    )


class FeedStandingsMetaSerializer(serializers.Serializer):
    """Which event's standings they are (the ``meta`` of the feed): the event as the API names
    a player, ``event`` (the id) and beside it what the events feed gives of it."""

    event = serializers.IntegerField(help_text="The event's id.")
    event_name = serializers.CharField()
    event_date = serializers.DateField()
    event_kind = serializers.CharField()
    event_status = serializers.CharField()
    event_game = serializers.CharField(help_text="The game's code.")
    event_game_name = serializers.CharField()
    event_game_name_nl = serializers.CharField()
    event_url = serializers.URLField(help_text="The event's standings page.")
    event_embed_url = serializers.URLField(help_text="The event's standings to show in an iframe.")
    event_feed_url = serializers.URLField(help_text="The event's standings as this feed.")
    up_to_date = serializers.BooleanField(
        help_text="False while the latest results are being counted."
    )


class FeedSeasonLineSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    tied = serializers.BooleanField()
    player = serializers.IntegerField()
    player_name = serializers.CharField()
    total = serializers.IntegerField()
    sessions = serializers.IntegerField()
    evenings = serializers.IntegerField()


class FeedSeasonSerializer(serializers.Serializer):
    start = serializers.DateField()
    end = serializers.DateField()
    standings = FeedSeasonLineSerializer(many=True)


class FeedRatingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    tied = serializers.BooleanField()
    player = serializers.IntegerField()
    player_name = serializers.CharField()
    rating = serializers.FloatField()
    sessions = serializers.IntegerField()
    provisional = serializers.BooleanField()


class FeedGameBoardSerializer(serializers.Serializer):
    game = serializers.CharField()
    game_name = serializers.CharField()
    game_name_nl = serializers.CharField()
    season = FeedSeasonSerializer()
    ratings = FeedRatingSerializer(many=True)


class FeedNightSerializer(serializers.Serializer):
    starts_at = serializers.DateTimeField(help_text="When the night starts, in UTC (ends in Z).")
    game = serializers.CharField()
    game_name = serializers.CharField()
    game_name_nl = serializers.CharField()
    place = serializers.CharField()
    title = serializers.CharField()
    url = serializers.URLField(allow_null=True)


class FeedNightsMetaSerializer(FeedClubSerializer):
    """Whose nights they are, and whether the service plans nights at all (the ``meta`` of the
    feed)."""

    calendar = serializers.BooleanField(help_text="Whether the service plans nights at all.")
