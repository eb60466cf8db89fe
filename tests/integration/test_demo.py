"""The demo that `make run` loads works, and shows every game the service has."""

import pytest
from django.core.management import call_command

from games.registry import games
from results.models import Session
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def test_the_demo_loads_an_evening_of_every_game():
    call_command("load_demo")
    for code in games():
        assert Session.objects.filter(event__game=code, complete=True).exists(), code
    assert Event.objects.filter(status=Event.Status.RUNNING).exists()


def test_the_demo_has_a_league_of_two_clubs_with_its_standings():
    from leagues.models import LeagueClub, LeagueLink, LeagueNight, LeagueStanding
    from web.pages.demo_league import LEAGUE

    call_command("load_demo")
    members = LeagueClub.objects.filter(league__slug=LEAGUE, status=LeagueClub.Status.MEMBER)
    assert members.count() == 2
    assert LeagueNight.objects.filter(league__slug=LEAGUE).count() == 2
    lines = LeagueStanding.objects.filter(season__league__slug=LEAGUE)
    assert lines.count() == 22  # 16 players and 6 more: two play at both clubs, one number
    links = LeagueLink.objects.filter(league__slug=LEAGUE).values_list("league_player", flat=True)
    twice = {number for number in links if list(links).count(number) == 2}
    assert len(twice) == 2
    assert all(lines.get(league_player=number).nights == 2 for number in twice)
    call_command("load_demo", "--reset")
    assert lines.count() == 22
