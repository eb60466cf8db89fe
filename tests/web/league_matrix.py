"""The leagues' forms in the form matrix (tests/web/test_form_matrix.py): the world's club
organizer runs a league the club plays in (``a_league``), or answers another league's
invitation; every other visitor is turned away. Made again inside each visitor's try."""

from typing import Any

from django.contrib.auth.models import User

from leagues.links import league_link_consent
from leagues.models import League, LeagueLink, LeagueNight, LeagueSeason
from leagues.nights import league_night_mark
from leagues.seasons import league_season_save
from leagues.services import league_club_invite, league_create
from tests.factories import ClubFactory

ORGANIZERS = {"organizer"}
SLUG = "matrix-league"


def a_league(world: dict[str, Any]) -> League:
    """A league the world's organizer founded with the world's club in it."""
    found = League.objects.filter(slug=SLUG).first()
    if found is not None:
        return found
    return league_create(
        actor=world["organizer"], name="Matrix", game="bonken", slug=SLUG, club=world["club"]
    )


def invitation(world: dict[str, Any]) -> dict[str, Any]:
    """Another league's open invitation to the world's club, accepted."""
    boss = User.objects.create(username="matrix-boss")
    other = league_create(actor=boss, name="Elders", game="bonken")
    row = league_club_invite(league=other, club=world["club"], actor=boss)
    return {"form": "answer", "answer-membership": row.pk, "answer-answer": "accept"}


def a_season(world: dict[str, Any]) -> LeagueSeason:
    league = a_league(world)
    return LeagueSeason.objects.filter(league=league).first() or league_season_save(
        league=league,
        actor=world["organizer"],
        name="2026",
        start=world["event"].date.replace(month=1, day=1),
        end=world["event"].date.replace(month=12, day=31),
    )


def a_night(world: dict[str, Any]) -> LeagueNight:
    """The world's event counted as the league's night."""
    league = a_league(world)
    return LeagueNight.objects.filter(
        league=league, event=world["event"]
    ).first() or league_night_mark(league=league, event=world["event"], actor=world["organizer"])


def a_link(world: dict[str, Any]) -> LeagueLink:
    return league_link_consent(
        league=a_league(world),
        player=world["absent"],
        club=world["club"],
        actor=world["organizer"],
        on_behalf=True,
        reason="matrix",
    )


def season_post(world: dict[str, Any]) -> dict[str, Any]:
    return {
        "name": "Seizoen",
        "start": "2026-01-01",
        "end": "2026-12-31",
        "rank_by": "total",
        "min_nights": "0",
        "points_per_place": "3, 2, 1, 0",
    }


LEAGUE_FORMS: list[tuple[str, str, Any, Any, set[str]]] = [
    (
        "found a league",
        "manage:league_create",
        lambda w: "/manage/leagues/new/",
        lambda w: {"name": "Liga", "game": "bonken"},
        {"member", "scorer", "event_scorer", "other_event_scorer", "organizer", "other_organizer"},
    ),
    (
        "invite a club to a league",
        "manage:league_manage",
        lambda w: f"/manage/leagues/{a_league(w).slug}/",
        lambda w: {"form": "invite", "invite-club": ClubFactory().pk},
        ORGANIZERS,
    ),
    (
        "accept a league's invitation",
        "manage:club_leagues",
        lambda w: f"/manage/clubs/{w['club'].slug}/leagues/",
        invitation,
        ORGANIZERS,
    ),
    (
        "a player's league number",
        "manage:club_leagues",
        lambda w: f"/manage/clubs/{w['club'].slug}/leagues/",
        lambda w: {
            "form": "link",
            "link-league": a_league(w).pk,
            "link-player": w["absent"].pk,
            "link-on_behalf": "on",
            "link-reason": "asked at the door",
        },
        ORGANIZERS,
    ),
    (
        "change a league's season",
        "manage:league_season_edit",
        lambda w: f"/manage/leagues/{SLUG}/seasons/{a_season(w).pk}/",
        season_post,
        ORGANIZERS,
    ),
    (
        "a club leaves a league",
        "manage:league_club_end",
        lambda w: f"/manage/leagues/{a_league(w).slug}/clubs/{w['club'].slug}/leave/",
        lambda w: {"reason": "too far"},
        ORGANIZERS,
    ),
    (
        "count an event as a league night",
        "manage:event_league_mark",
        lambda w: f"/manage/events/{w['event'].pk}/league/",
        lambda w: {"league-league": a_league(w).pk},
        ORGANIZERS,
    ),
    (
        "stop counting a league night",
        "manage:league_night_end",
        lambda w: f"/manage/leagues/{SLUG}/nights/{a_night(w).event_id}/stop/",
        lambda w: {"reason": "wrong night"},
        ORGANIZERS,
    ),
    (
        "withdraw a league number",
        "manage:league_link_end",
        lambda w: f"/manage/clubs/{w['club'].slug}/leagues/links/{a_link(w).pk}/withdraw/",
        lambda w: {"reason": ""},
        ORGANIZERS,
    ),
]

READ_ONLY = {
    "leagues:league_page",
    "leagues:league_ratings_page",
    "leagues:league_nights_page",
    "leagues:league_night_page",
    "leagues:league_player_page",
}


def read_only_urls(world: dict[str, Any]) -> dict[str, str]:
    slug = a_league(world).slug
    return {
        "leagues:league_page": f"/leagues/{slug}/",
        "leagues:league_ratings_page": f"/leagues/{slug}/ratings/",
        "leagues:league_nights_page": f"/leagues/{slug}/nights/",
        "leagues:league_night_page": f"/leagues/{slug}/nights/{world['event'].pk}/",
        "leagues:league_player_page": f"/leagues/{slug}/players/1/",
    }
