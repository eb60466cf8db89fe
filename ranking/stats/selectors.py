"""Reads for the statistics: a player's counted tables of one game, and a club's season.

Only what the viewer may see is read: sessions of events in
``tournaments.selectors.events_visible_to`` (published events, and a club's own unpublished
ones for its members), and of those only the sessions that count
(``results.counted.counted_sessions``). The arithmetic is ``ranking.stats.figures``; every
function here runs a fixed number of queries.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Count, QuerySet

from clubs.models import Club, Player
from games.registry import games
from ranking.ratings.models import RatingHistory
from ranking.ratings.selectors import club_ratings
from ranking.stats import figures
from ranking.stats.figures import ContractLine, Deal, Evening, Opponent, Summary, Table
from results.counted import counted_sessions
from results.models import Part, Session, SessionSeat
from tournaments.game_plugins import game_plugin
from tournaments.models import Event
from tournaments.selectors import events_visible_to

Viewer = User | AnonymousUser | None
FORM_EVENINGS = 10
LEADERS = 5


def contract_names(game: str) -> dict[str, tuple[str, str]]:
    """The (English, Dutch) names of the game's kinds of parts by code (Bonken's contracts;
    none for a game whose plug-in names none)."""
    return dict(game_plugin(game).part_names())


def game_codes() -> list[str]:
    return list(games())


def _seats(player_id: int, viewer: Viewer) -> QuerySet[SessionSeat]:
    return SessionSeat.objects.filter(
        counted_sessions("session__"),
        player_id=player_id,
        session__event__in=events_visible_to(viewer),
    )


def player_games(player_id: int, viewer: Viewer) -> list[str]:
    """The games of the player's visible counted sessions, in the registry's order."""
    played = set(_seats(player_id, viewer).values_list("session__event__game", flat=True))
    return [code for code in game_codes() if code in played]


def player_tables(player_id: int, viewer: Viewer, game: str) -> list[Table]:
    """The player's visible counted tables of ``game`` in play order, every seat filled in."""
    ids = list(
        _seats(player_id, viewer)
        .filter(session__event__game=game)
        .values_list("session_id", flat=True)
    )
    if not ids:
        return []
    seats: dict[int, list[tuple[int, int, int, int | None]]] = defaultdict(list)
    for row in SessionSeat.objects.filter(session_id__in=ids).values_list(
        "session_id", "position", "player_id", "total", "placement"
    ):
        seats[row[0]].append(row[1:])
    fields = ("pk", "event_id", "event__name", "event__date", "result")
    tables = []
    for row in (
        Session.objects.filter(pk__in=ids)
        .order_by("event__date", "event_id", "table__round__number", "table__number")
        .values_list(*fields)
    ):
        ordered = sorted(seats[row[0]])
        tables.append(
            Table(
                session_id=row[0],
                event_id=row[1],
                event_name=row[2],
                played_on=row[3],
                players=tuple(s[1] for s in ordered),
                totals=tuple(s[2] for s in ordered),
                places=tuple(s[3] for s in ordered),
                deals=tuple(
                    d for d in game_plugin(game).stats_deals(row[4]) if isinstance(d, Deal)
                ),
                teams=_teams(row[4]),
                figures=_figures(row[4]),
            )
        )
    return tables


def _teams(result: Any) -> tuple[tuple[int, ...], ...]:
    """The seats of each team (a team game's stored ``teams``: lists of seats)."""
    teams = (result or {}).get("teams")
    if not isinstance(teams, list):
        return ()
    return tuple(
        tuple(team)
        for team in teams
        if isinstance(team, list) and all(isinstance(s, int) for s in team)
    )


def _figures(result: Any) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """The game's own per-seat figures stored with the result (``result["stats"]``)."""
    stored = (result or {}).get("stats")
    if not isinstance(stored, dict):
        return ()
    return tuple(
        (code, tuple(values))
        for code, values in stored.items()
        if isinstance(values, list) and all(isinstance(v, int) for v in values)
    )


@dataclass(frozen=True, slots=True)
class GameFigure:
    code: str
    name: str
    name_nl: str
    total: int


@dataclass(frozen=True, slots=True)
class PlayerStats:
    player: Player
    game: str
    games: list[str]
    summary: Summary
    figures: list[GameFigure]
    contracts: list[ContractLine]
    opponents: list[tuple[Opponent, str]]
    evenings: list[Evening]


def player_stats(player: Player, viewer: Viewer, game: str) -> PlayerStats:
    tables = player_tables(player.pk, viewer, game)
    met = figures.opponents(player.pk, tables)
    names = dict(Player.objects.filter(pk__in=[o.player_id for o in met]).values_list("pk", "name"))
    return PlayerStats(
        player=player,
        game=game,
        games=player_games(player.pk, viewer),
        summary=figures.summary(player.pk, tables),
        figures=_game_figures(game, figures.game_figures(player.pk, tables)),
        contracts=figures.contracts(player.pk, tables, order=list(contract_names(game))),
        opponents=[(o, names.get(o.player_id, "")) for o in met],
        evenings=figures.evenings(player.pk, tables, last=FORM_EVENINGS),
    )


def _game_figures(code: str, sums: dict[str, int]) -> list[GameFigure]:
    """The game's figures in the game's order, named (a code it no longer names: by code)."""
    game = games().get(code)
    known = list(game.stats) if game is not None else []
    shown = [GameFigure(s.code, s.name, s.name_nl, sums.get(s.code, 0)) for s in known]
    named = {s.code for s in known}
    shown += [GameFigure(c, c, c, sums[c]) for c in sorted(sums) if c not in named]
    return shown


def player_visible(player: Player, viewer: Viewer) -> bool:
    """The player has a visible result, or belongs to a club whose events the viewer sees
    (the public player page's rule)."""
    visible = events_visible_to(viewer)
    if SessionSeat.objects.filter(player=player, session__event__in=visible).exists():
        return True
    return player.memberships.filter(club_id__in=visible.values_list("club_id", flat=True)).exists()


# --- A club's season -----------------------------------------------------------------------


def season_events(club: Club, viewer: Viewer, game: str, year: int) -> QuerySet[Event]:
    return events_visible_to(viewer).filter(club=club, game=game, date__year=year)


def season_years(club: Club, viewer: Viewer) -> list[int]:
    """The years the club has visible events in, latest first."""
    dates = events_visible_to(viewer).filter(club=club).dates("date", "year", order="DESC")
    return [day.year for day in dates]


def club_games(club: Club, viewer: Viewer) -> list[str]:
    played = set(events_visible_to(viewer).filter(club=club).values_list("game", flat=True))
    return [code for code in game_codes() if code in played]


def sessions_per_evening(events: QuerySet[Event]) -> list[tuple[date, str, int]]:
    """(date, name, counted sessions) per event, in date order (events without any left out)."""
    rows = (
        Session.objects.filter(counted_sessions(), event__in=events)
        .values("event_id", "event__date", "event__name")
        .annotate(n=Count("id"))
        .order_by("event__date", "event_id")
    )
    return [(row["event__date"], row["event__name"], row["n"]) for row in rows]


def contracts_played(events: QuerySet[Event]) -> list[tuple[str, int]]:
    """How often each kind of part (Bonken: each contract) was played in the counted sessions,
    most first."""
    rows = (
        Part.objects.filter(counted_sessions("session__"), session__event__in=events)
        .values("kind")
        .annotate(n=Count("id"))
        .order_by("-n", "kind")
    )
    return [(row["kind"], row["n"]) for row in rows]


@dataclass(frozen=True, slots=True)
class Leaders:
    days: list[date]
    # (player name, rating at the season's end, [(index of the day, rating after it), ...])
    lines: list[tuple[str, float, list[tuple[int, float]]]]


def rating_leaders(club: Club, game: str, year: int, count: int = LEADERS) -> Leaders:
    """The club's ``count`` best rated players of ``game`` at the season's end, and their
    rating after each day of the season that the rating pool moved on."""
    end = date(year, 12, 31)
    best = [
        row
        for row in club_ratings(club_id=club.pk, game=game, as_of=end)
        if row.last_played_on is not None and row.last_played_on.year == year
    ][:count]
    history = RatingHistory.objects.filter(pool__club=club, pool__game=game, played_on__year=year)
    days = sorted(set(history.values_list("played_on", flat=True)))
    index = {day: number for number, day in enumerate(days)}
    after: dict[int, dict[date, float]] = defaultdict(dict)
    leaders = [row.player_id for row in best]
    for player_id, day, rating in (
        history.filter(player_id__in=leaders)
        .order_by("position")
        .values_list("player_id", "played_on", "ordinal_after")
    ):
        after[player_id][day] = rating  # the last session of the day stays
    lines = [
        (
            row.player_name,
            row.rating,
            sorted(
                (index[day], rating) for day, rating in after[row.player_id].items() if day in index
            ),
        )
        for row in best
    ]
    return Leaders(days=days, lines=lines)
