"""Reads of a league for its public pages: its clubs and seasons, the newest version's
standings and ratings, the nights that counted, one night's and one league player's sessions
explained as a club's rating explains them (``explain_session``).

Only what the league computed is shown, and that is only what clubs published and players
agreed to: a seat without a league number is named by its club only.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.db.models import QuerySet
from django.urls import reverse

from leagues.inputs import club_counts, club_names, counted_nights, league_config
from leagues.models import (
    League,
    LeagueClub,
    LeagueLink,
    LeagueNight,
    LeaguePlayer,
    LeagueRating,
    LeagueRatingEntry,
    LeagueSeason,
    LeagueStanding,
    LeagueVersion,
)
from ranking.arithmetic.ratings import HistoryEntry, SessionExplanation, explain_session
from ranking.ratings.order import played_at
from tournaments.models import Event


def latest_version(league: League) -> LeagueVersion | None:
    return LeagueVersion.objects.filter(league=league).order_by("-number").first()


def league_clubs(league: League) -> QuerySet[LeagueClub]:
    return (
        LeagueClub.objects.filter(
            league=league, status__in=[LeagueClub.Status.MEMBER, LeagueClub.Status.LEFT]
        )
        .select_related("club")
        .order_by("status", "club__name")
    )


def season_lines(season: LeagueSeason) -> QuerySet[LeagueStanding]:
    return LeagueStanding.objects.filter(season=season).select_related("league_player")


@dataclass(frozen=True, slots=True)
class RatingLine:
    rank: int
    number: int
    name: str
    rating: float
    sessions: int
    provisional: bool
    last_played_on: date | None


def league_ratings(league: League) -> list[RatingLine]:
    rows = (
        LeagueRating.objects.filter(league=league)
        .select_related("league_player")
        .order_by("-ordinal", "league_player__number")
    )
    lines: list[RatingLine] = []
    for row in rows:
        same = lines and round(lines[-1].rating, 6) == round(row.ordinal, 6)
        rank = lines[-1].rank if same else len(lines) + 1
        lines.append(
            RatingLine(
                rank,
                row.league_player.number,
                row.league_player.name,
                row.ordinal,
                row.sessions_played,
                row.provisional,
                row.last_played_on,
            )
        )
    return lines


@dataclass(frozen=True, slots=True)
class NightLine:
    event_id: int
    name: str
    date: date
    club: str
    kind: str
    club_id: int
    club_slug: str


def nights_counted(league: League) -> list[NightLine]:
    """The nights that count now (published, of member clubs), newest first."""
    kinds = counted_nights(league)
    events = Event.objects.filter(pk__in=list(kinds)).select_related("club")
    return sorted(
        (
            NightLine(e.pk, e.name, e.date, e.club.name, kinds[e.pk], e.club_id, e.club.slug)
            for e in events
        ),
        key=lambda n: (n.date, n.event_id),
        reverse=True,
    )


@dataclass(frozen=True, slots=True)
class ExplainedSeat:
    explanation: SessionExplanation
    event_id: int
    event_name: str
    played_on: date
    # Name (a league player's, else their club's), whether it is a league player's, rating
    opponents: list[tuple[str, bool, float]]


def _as_history(row: LeagueRatingEntry) -> HistoryEntry:
    return HistoryEntry(
        row.session_id,
        played_at(row.played_on),
        f"L{row.league_player_id}" if row.league_player_id else f"seat{row.seat}",
        row.seat,
        row.total,
        row.place,
        row.actual_placement,
        row.expected_placement,
        row.mu_before,
        row.sigma_before,
        row.ordinal_before,
        row.mu_after,
        row.sigma_after,
        row.ordinal_after,
        row.sessions_played,
        row.provisional,
    )


def explained(
    league: League, rows: list[LeagueRatingEntry], player: LeaguePlayer | None = None
) -> list[tuple[LeaguePlayer, ExplainedSeat]]:
    """Each session of ``rows`` explained for its league player (``player``'s only, when
    given), with the opponents as the league may name them."""
    sessions = {row.session_id for row in rows}
    seats: dict[int, list[LeagueRatingEntry]] = {}
    for seat in (
        LeagueRatingEntry.objects.filter(league=league, session_id__in=sessions)
        .select_related("league_player")
        .order_by("position", "seat")
    ):
        seats.setdefault(seat.session_id, []).append(seat)
    clubs = club_names(row.club_id for row in rows)
    events = dict(Event.objects.filter(pk__in={r.event_id for r in rows}).values_list("pk", "name"))
    config = league_config(league)
    out: list[tuple[LeaguePlayer, ExplainedSeat]] = []
    for row in rows:
        if row.league_player is None or (player is not None and row.league_player != player):
            continue
        table = seats.get(row.session_id, [])
        explanation = explain_session(
            [_as_history(seat) for seat in table], f"L{row.league_player_id}", config
        )
        names = {
            _as_history(seat).player_id: (seat.league_player.name, True)
            if seat.league_player
            else (clubs.get(seat.club_id, ""), False)
            for seat in table
        }
        out.append(
            (
                row.league_player,
                ExplainedSeat(
                    explanation,
                    row.event_id,
                    events.get(row.event_id, ""),
                    row.played_on,
                    [(*names[o.player_id], o.rating_before) for o in explanation.opponents],
                ),
            )
        )
    return out


def night_seats(league: League, event_id: int) -> list[tuple[LeaguePlayer, ExplainedSeat]]:
    rows = list(
        LeagueRatingEntry.objects.filter(league=league, event_id=event_id)
        .select_related("league_player")
        .order_by("position", "seat")
    )
    return explained(league, rows)


def player_seats(league: League, player: LeaguePlayer) -> list[ExplainedSeat]:
    rows = list(
        LeagueRatingEntry.objects.filter(league=league, league_player=player)
        .select_related("league_player")
        .order_by("-position")
    )
    return [seat for _player, seat in explained(league, rows, player)]


def player_clubs(player: LeaguePlayer) -> list[str]:
    """The clubs whose records count as this league player now."""
    return sorted(
        set(
            LeagueLink.objects.filter(
                league_player=player,
                withdrawn_at__isnull=True,
                club_consent_at__isnull=False,
                player_consent_at__isnull=False,
            ).values_list("club__name", flat=True)
        )
    )


def leagues_counting(event: Event) -> list[League]:
    """The leagues ``event`` counts for now (``counted_nights``' rule, for one event): marked,
    published, of the league's game, its club a member then."""
    if not event.published:
        return []
    marks = (
        LeagueNight.objects.filter(event=event, unmarked_at__isnull=True, league__game=event.game)
        .select_related("league")
        .order_by("league__name")
    )
    rows = {
        row.league_id: row
        for row in LeagueClub.objects.filter(
            club_id=event.club_id, league_id__in=[mark.league_id for mark in marks]
        )
    }
    return [mark.league for mark in marks if club_counts(rows.get(mark.league_id), event.date)]


def event_leagues(event: Event) -> list[dict[str, str]]:
    """The leagues ``event`` counts for as the club events' payloads name them."""
    return [
        {
            "slug": league.slug,
            "name": league.name,
            "url": reverse("leagues:league_page", args=[league.slug]),
        }
        for league in leagues_counting(event)
    ]
