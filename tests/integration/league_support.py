"""A league of two clubs with organizers, for the leagues' tests."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.contrib.auth.models import User

from clubs.models import Club, Membership, Player, Role
from leagues.computing import league_recompute
from leagues.links import league_link_consent
from leagues.models import League, LeagueClub, LeagueSeason
from leagues.nights import league_night_mark
from leagues.seasons import league_season_save
from leagues.services import league_club_answer, league_club_invite, league_create
from tests.factories import ClubFactory, PlayerFactory, UserFactory
from tournaments.models import Event


@dataclass
class Setup:
    league: League
    boss: User  # runs the league
    north: Club
    south: Club
    north_org: User
    south_org: User


def organizer(club: Club) -> User:
    user = UserFactory()
    player = PlayerFactory(user=user, name=user.username)
    Membership.objects.create(club=club, player=player, role=Role.ORGANIZER)
    return user


def member(club: Club, name: str, user: User | None = None) -> Player:
    player = Player.objects.create(name=name, user=user)
    Membership.objects.create(club=club, player=player)
    return player


def league_of_two(*, game: str = "bonken") -> Setup:
    boss = UserFactory()
    league = league_create(actor=boss, name="Regio Noord", game=game)
    north, south = ClubFactory(name="Noord"), ClubFactory(name="Zuid")
    north_org, south_org = organizer(north), organizer(south)
    for club, org in ((north, north_org), (south, south_org)):
        row = league_club_invite(league=league, club=club, actor=boss)
        league_club_answer(membership=row, actor=org, accept=True)
    # Members since long before the nights of the tests.
    LeagueClub.objects.filter(league=league).update(joined_on=datetime.date(2020, 1, 1))
    return Setup(league, boss, north, south, north_org, south_org)


def night(club: Club, day: datetime.date, name: str = "Avond", **kw: object) -> Event:
    fields: dict[str, object] = {"status": Event.Status.FINISHED, "published": True, **kw}
    return Event.objects.create(club=club, name=name, date=day, **fields)


def league_of_club(event: Event, organizer: User) -> tuple[League, LeagueSeason]:
    """A league of ``event``'s club (its slug the club's, as the API's tests address both by
    ``{slug}``) in which the event counts, every seated player linked, computed."""
    club = event.club
    league = league_create(
        actor=organizer, name=f"Liga {club.name}", game=event.game, slug=club.slug, club=club
    )
    season = league_season_save(
        league=league,
        actor=organizer,
        name="Seizoen",
        start=event.date - datetime.timedelta(days=30),
        end=event.date + datetime.timedelta(days=30),
    )
    league_night_mark(league=league, event=event, actor=organizer)
    players = Player.objects.filter(seats__round__event=event).distinct()
    for player in players:
        league_link_consent(
            league=league, player=player, club=club, actor=organizer, on_behalf=True, reason="t"
        )
    league_recompute(league_id=league.pk)
    return league, season
