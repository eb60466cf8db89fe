"""What a league's computation reads: the nights that count, their sessions that count, who is
who across clubs, and a digest of it all (a computation whose inputs did not change makes no
new version).

Terms:

* **night that counts**: a marked night (``LeagueNight``, not unmarked) of a published event
  of the league's game, at a club that is a member, or that was one on the night's date (a
  club that left keeps what counted);
* **participant**: a seat's player as the league knows them: ``L<id>``, the league player a
  record is linked to with both consents, or ``P<id>``, a club's record without a league
  number (rated, so that their opponents' ratings move as they should; never named).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from clubs.models import Club
from leagues.models import League, LeagueClub, LeagueLink, LeagueNight, LeagueSeason
from ranking.arithmetic.ratings import RatingConfig
from ranking.arithmetic.ratings.config import game_config
from ranking.ratings.config import rating_scale
from ranking.ratings.order import order_key
from ranking.ratings.store.loading import seats_of, session_teams
from results.counted import counted_sessions
from results.models import Session
from tournaments.models import Event


@dataclass(frozen=True, slots=True)
class CountedSession:
    session_id: int
    revision: int
    event_id: int
    club_id: int
    played_on: date
    key: str
    participants: tuple[str, ...]
    totals: tuple[int, ...]
    places: tuple[int, ...]
    teams: tuple[tuple[int, ...], ...] | None


@dataclass(frozen=True, slots=True)
class LeagueInputs:
    nights: dict[int, str]  # event id: kind
    sessions: list[CountedSession]  # in play order
    links: dict[int, int]  # player record: league player
    digest: str


def league_config(league: League) -> RatingConfig:
    """The league's rating configuration: its game's defaults with the league's overrides."""
    return game_config(rating_scale(league.game), league.rating_config)


def participant(player_id: int, links: dict[int, int]) -> str:
    league_player = links.get(player_id)
    return f"L{league_player}" if league_player is not None else f"P{player_id}"


def league_player_of(key: str) -> int | None:
    """The league player of a participant key (None: a record without a league number)."""
    return int(key[1:]) if key.startswith("L") else None


def numbered(key: str) -> int:
    """The league player of a key that has one."""
    assert key.startswith("L"), key
    return int(key[1:])


def club_counts(row: LeagueClub | None, day: date) -> bool:
    """Whether a night of ``row``'s club on ``day`` counts: the club is a member, or was one
    then (a club that left keeps what counted)."""
    if row is None:
        return False
    return row.status == LeagueClub.Status.MEMBER or bool(row.left_on and day <= row.left_on)


def counted_nights(league: League) -> dict[int, str]:
    """The events that count for the league now, with their kind."""
    clubs = {
        row.club_id: row
        for row in LeagueClub.objects.filter(league=league).only("club_id", "status", "left_on")
    }
    nights = LeagueNight.objects.filter(
        league=league,
        unmarked_at__isnull=True,
        event__published=True,
        event__game=league.game,
    ).values_list("event_id", "kind", "event__club_id", "event__date")
    counted = {}
    for event_id, kind, club_id, day in nights:
        if club_counts(clubs.get(club_id), day):
            counted[event_id] = kind
    return counted


def active_links(league: League) -> dict[int, int]:
    return dict(
        LeagueLink.objects.filter(
            league=league,
            withdrawn_at__isnull=True,
            club_consent_at__isnull=False,
            player_consent_at__isnull=False,
        ).values_list("player_id", "league_player_id")
    )


def league_inputs(league: League, team_game: bool) -> LeagueInputs:
    nights = counted_nights(league)
    links = active_links(league)
    rows = (
        Session.objects.filter(counted_sessions(), event_id__in=list(nights))
        .values_list(
            "id",
            "revision",
            "event_id",
            "event__club_id",
            "event__date",
            "table__round__number",
            "table__number",
        )
        .order_by()
    )
    heads = list(rows)
    seats = seats_of(row[0] for row in heads)
    teams = session_teams(row[0] for row in heads) if team_game else {}
    sessions = []
    for sid, revision, event_id, club_id, day, round_no, table_no in heads:
        seated = seats.get(sid, [])
        sessions.append(
            CountedSession(
                sid,
                revision,
                event_id,
                club_id,
                day,
                order_key(day, event_id, round_no, table_no, sid),
                tuple(participant(player, links) for player, _, _ in seated),
                tuple(total for _, total, _ in seated),
                tuple(place for _, _, place in seated),
                teams.get(sid),
            )
        )
    sessions.sort(key=lambda s: s.key)
    return LeagueInputs(nights, sessions, links, _digest(league, nights, sessions, links))


def _digest(
    league: League, nights: dict[int, str], sessions: Iterable[CountedSession], links: dict
) -> str:
    seasons = list(
        LeagueSeason.objects.filter(league=league)
        .order_by("pk")
        .values_list(
            "pk", "start", "end", "rank_by", "best_nights", "min_nights", "points_per_place"
        )
    )
    content = {
        "nights": sorted(nights.items()),
        "sessions": [(s.session_id, s.revision, s.participants, s.totals) for s in sessions],
        "links": sorted(links.items()),
        "seasons": [[str(v) for v in row] for row in seasons],
        "rating": league.rating_config,
    }
    return hashlib.sha256(json.dumps(content, sort_keys=True, default=str).encode()).hexdigest()


def club_names(club_ids: Iterable[int]) -> dict[int, str]:
    return dict(Club.objects.filter(pk__in=set(club_ids)).values_list("pk", "name"))


def event_names(event_ids: Iterable[int]) -> dict[int, str]:
    return dict(Event.objects.filter(pk__in=set(event_ids)).values_list("pk", "name"))
