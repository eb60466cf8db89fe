"""The demo's league (``load_demo``): a small second club, De Ruitenboer, with one club night of
two rounds, and a league of the default game in which the demo club's tournament and that night
count. Two of the demo club's players play at De Ruitenboer too, under a record of their own
there, linked to the same league number: the league counts them as one player. Everything is
made through the leagues' services (the demo's organizer, a superuser, speaks for both clubs
and for the players), then computed once."""

from __future__ import annotations

import datetime
import random
from importlib import import_module
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from clubs.models import Club, Membership, Player
from games.registry import DEFAULT_GAME, find_game
from leagues.computing import league_recompute
from leagues.links import league_link_consent
from leagues.models import League, LeagueClub
from leagues.nights import league_night_mark
from leagues.seasons import league_season_save
from leagues.services import league_club_answer, league_club_invite, league_create
from results.services import session_submit
from tournaments.models import Event, Round

LEAGUE_CLUB = "de-ruitenboer"
LEAGUE = "regio-utrecht"
NAMES = ["Quinten Maas", "Roos Brouwer", "Sem Koster", "Tess Prins", "Umut Yilmaz", "Vera Post"]
SHARED = 2  # the demo club's first players who play at De Ruitenboer too
REASON = "demo"


def remove_league() -> None:
    League.objects.filter(slug=LEAGUE).delete()


def build_league(command: Any, tournament: Event, rng: random.Random) -> League:
    """The second club, its night, the league and its links; the league computed."""
    with transaction.atomic():
        league = _build(command, tournament, rng)
    league_recompute(league_id=league.pk)
    return league


def _build(command: Any, tournament: Event, rng: random.Random) -> League:
    organizer = User.objects.get(username="demo")
    home = tournament.club
    shared = list(
        Player.objects.filter(memberships__club=home, user__isnull=True).order_by("pk")[:SHARED]
    )
    club = Club.objects.create(name="De Ruitenboer", slug=LEAGUE_CLUB, city="Amersfoort")
    guests = [Player.objects.create(name=p.name) for p in shared]
    players = guests + [Player.objects.create(name=name) for name in NAMES]
    for player in players:
        Membership.objects.create(club=club, player=player)
    night = _night(command, club, players, rng, organizer)

    league = league_create(
        actor=organizer, name="Regio Utrecht", game=DEFAULT_GAME, slug=LEAGUE, club=home
    )
    row = league_club_invite(league=league, club=club, actor=organizer)
    league_club_answer(membership=row, actor=organizer, accept=True)
    LeagueClub.objects.filter(league=league).update(joined_on=tournament.date)
    today = timezone.localdate()
    start = datetime.date(min(tournament.date, night.date).year, 1, 1)
    league_season_save(
        league=league,
        actor=organizer,
        name=f"Seizoen {start.year}",
        start=start,
        end=datetime.date(today.year, 12, 31),
        best_nights=5,
    )
    for event in (tournament, night):
        league_night_mark(league=league, event=event, actor=organizer)
    numbers = {}
    for player in Player.objects.filter(memberships__club=home).order_by("pk"):
        link = _link(league, player, home, organizer, None)
        numbers[player.name] = link.league_player.number
    for player in players:
        _link(league, player, club, organizer, numbers.get(player.name))
    return league


def _link(league: League, player: Player, club: Club, organizer: User, number: int | None) -> Any:
    return league_link_consent(
        league=league,
        player=player,
        club=club,
        actor=organizer,
        number=number,
        on_behalf=True,
        reason=REASON,
    )


def _night(
    command: Any, club: Club, players: list[Player], rng: random.Random, organizer: User
) -> Event:
    """De Ruitenboer's club night ten days ago: two rounds of two tables."""
    event = Event.objects.create(
        club=club,
        name="Clubavond De Ruitenboer",
        kind=Event.Kind.CLUB_NIGHT,
        date=timezone.localdate() - datetime.timedelta(days=10),
        planned_rounds=2,
        status=Event.Status.RUNNING,
        published=True,
    )
    game = find_game(DEFAULT_GAME)
    assert game is not None
    sample = import_module(f"games.{game.code}.rules.sample")
    ruleset = game.rulesets[game.default_ruleset]
    order = players[:]
    for number in (1, 2):
        rng.shuffle(order)
        round_ = command.seat(event, number, [order[:4], order[4:8]])
        for table in round_.tables.all():
            document = sample.random_session(rng, seats=4, ruleset=ruleset)
            session_submit(table=table, submitted_by=organizer, document=document)
        round_.status = Round.Status.CLOSED
        round_.save(update_fields=["status"])
    command.finish(event)
    return event
