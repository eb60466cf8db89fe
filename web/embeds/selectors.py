"""What a club's website may show of the club: read for the embeds and the public JSON feeds
alike, always as an anonymous visitor sees it (published events only, whoever is signed in).

* a club's published events, newest first;
* an event's standings, with its game's own figures;
* per game the club plays: the current season's standings (this calendar year, ranked by total
  points, as the season page shows by default) and the rating list, each cut to the top ``top``;
* the club's next planned nights, where a calendar provides them (``core.club_nights``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from core.club_nights import PlannedNight, planned_nights
from core.errors import ServiceError, Text
from core.parsing import whole_number
from games.registry import DEFAULT_GAME, find_game
from ranking.ratings.season import (
    SeasonLine,
    club_season_standings,
    parse_season_params,
    season_games,
)
from ranking.ratings.selectors import RatingRow, club_ratings, rating_games
from tournaments.models import Event, StandingsComputation
from tournaments.selectors import events_visible_to

DEFAULT_TOP = 10
MAX_TOP = 100
NIGHTS_AHEAD = 500  # the most planned nights a feed lists (a page at a time)


def public_events() -> QuerySet[Event]:
    """Events anybody may see: published ones."""
    return events_visible_to(None)


def public_event(event_id: int) -> Event:
    """A published event, or a 404 (an unpublished event does not exist for an embed)."""
    return get_object_or_404(public_events().select_related("club"), pk=event_id)


def club_events(club: Club) -> QuerySet[Event]:
    """The club's published events, newest first."""
    return public_events().filter(club=club).order_by("-date", "-id")


def standings_up_to_date(event: Event) -> bool:
    """Whether the stored standings count every result entered so far."""
    computation = StandingsComputation.objects.filter(event=event).first()
    return computation is not None and computation.results_version == event.results_version


def parse_top(value: str) -> int:
    """How many lines a list shows: ``top`` as sent (empty: the default)."""
    if not value:
        return DEFAULT_TOP
    number = whole_number(value)
    if number is None or not 1 <= number <= MAX_TOP:
        raise ServiceError.single(
            "invalid_parameter",
            Text(_("top must be a whole number from 1 to %(most)s."), most=MAX_TOP),
            field="top",
        )
    return number


def checked_game(wanted: str, games: list[str]) -> str:
    """``wanted`` when the club shows that game, else an error naming the ones it shows."""
    if wanted not in games:
        raise ServiceError.single(
            "invalid_parameter",
            Text(
                _("'%(game)s' is not a game this club shows; choose from: %(games)s."),
                game=wanted,
                games=", ".join(games) or "-",
            ),
            field="game",
        )
    return wanted


def game_names(code: str) -> tuple[str, str]:
    """The game's name in English and Dutch (its code for a game no longer registered)."""
    game = find_game(code)
    return (game.name, game.name_nl) if game is not None else (code, code)


@dataclass
class GameBoard:
    """One game's part of a club's embed: its season standings and its rating list."""

    game: str
    name: str
    name_nl: str
    season_start: date
    season_end: date
    season: list[SeasonLine] = field(default_factory=list)
    ratings: list[RatingRow] = field(default_factory=list)

    @property
    def provisional(self) -> bool:
        """Whether a rating shown is still provisional (the list explains the mark)."""
        return any(row.provisional for row in self.ratings)


def club_games(club: Club) -> list[str]:
    """The games of the club's published events and rating pools: Bonken first."""
    played = set(season_games(club.pk, None)) | set(rating_games(club.pk))
    return sorted(played, key=lambda code: (code != DEFAULT_GAME, code))


def season_top(club: Club, game: str, today: date, top: int) -> tuple[date, date, list[Any]]:
    start, end = date(today.year, 1, 1), date(today.year, 12, 31)
    rules = parse_season_params({"start": start.isoformat(), "end": end.isoformat()}, game)
    lines = club_season_standings(club_id=club.pk, rules=rules, viewer=None, game=game)
    return start, end, [line for line in lines if line.rank is not None][:top]


def ratings_top(club: Club, game: str, top: int) -> list[RatingRow]:
    return club_ratings(club_id=club.pk, game=game)[:top]


def club_boards(club: Club, *, games: list[str], today: date, top: int) -> list[GameBoard]:
    boards = []
    for game in games:
        name, name_nl = game_names(game)
        start, end, season = season_top(club, game, today, top)
        boards.append(
            GameBoard(
                game=game,
                name=name,
                name_nl=name_nl,
                season_start=start,
                season_end=end,
                season=season,
                ratings=ratings_top(club, game, top),
            )
        )
    return boards


def next_nights(club: Club, limit: int = 5) -> list[PlannedNight] | None:
    """The club's next planned nights, or None where no calendar is installed."""
    return planned_nights(club.pk, limit)
