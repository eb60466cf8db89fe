"""A season is one game's: points of Bonken, Jonkler, Bonko and Bonanza never add up. The API
asks for the game where a club plays several (a 400 naming them), and the season page shows
one game with links to the others."""

import datetime

import pytest
from rest_framework.test import APIClient

from clubs.models import Player
from ranking.ratings.season import club_season_standings, parse_season_params
from tests.factories import ClubFactory
from tests.integration.ratings_support import play
from tests.web.conftest import client_for
from tournaments.models import Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def club_of_two_games():
    """Anna plays a Bonken night (100 points) and a Jonkler night (30 points)."""
    club = ClubFactory()
    anna, bram, cor, dewi = (
        Player.objects.create(name=name) for name in ("Anna", "Bram", "Cor", "Dewi")
    )
    bonken = Event.objects.create(
        club=club, name="Bonken", date=datetime.date(2026, 3, 1), published=True
    )
    jonkler = Event.objects.create(
        club=club,
        name="Jonkler",
        date=datetime.date(2026, 3, 8),
        published=True,
        game="jonkler",
        ruleset="jonkler",
    )
    play(bonken, 1, 1, [anna, bram, cor, dewi], [100, 50, -50, -100])
    play(jonkler, 1, 1, [anna, bram, cor], [30, 40, 10])
    return club


def test_the_season_of_one_game_counts_that_games_sessions_only(club_of_two_games):
    club = club_of_two_games
    for game, anna in (("bonken", 100), ("jonkler", 30)):
        lines = {
            line.player_name: line
            for line in club_season_standings(
                club_id=club.pk, rules=parse_season_params({}, game), game=game
            )
        }
        assert lines["Anna"].total == anna and lines["Anna"].sessions == 1
    jonkler = {
        line.player_name: line
        for line in club_season_standings(
            club_id=club.pk, rules=parse_season_params({}, "jonkler"), game="jonkler"
        )
    }
    assert "Dewi" not in jonkler and jonkler["Bram"].rank == 1


def test_the_api_asks_for_the_game_where_the_club_plays_several(club_of_two_games):
    club = club_of_two_games
    url = f"/api/v1/clubs/{club.pk}/season-standings/"
    response = APIClient().get(url)
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert error["code"] == "game_required" and error["field"] == "game"
    assert "bonken, jonkler" in error["message"] and "bonken, jonkler" in error["message_nl"]
    body = APIClient().get(url, {"game": "jonkler"}).json()
    assert body["meta"]["game"] == "jonkler"
    assert {row["player_name"]: row["total"] for row in body["results"]} == {
        "Anna": 30,
        "Bram": 40,
        "Cor": 10,
    }
    # Six places at a Jonkler table, four at Bonken's.
    assert (
        APIClient().get(url, {"game": "jonkler", "points_per_place": "6,5,4,3,2,1"}).status_code
        == 200
    )
    too_many = APIClient().get(url, {"game": "bonken", "points_per_place": "5,4,3,2,1"})
    assert too_many.status_code == 400
    assert too_many.json()["errors"][0]["field"] == "points_per_place"
    unknown = APIClient().get(url, {"game": "chess"})
    assert unknown.status_code == 400 and unknown.json()["errors"][0]["code"] == "unknown_game"
    csv = APIClient().get(url, {"game": "bonken", "format": "csv"})
    assert csv.status_code == 200 and "-bonken-season" in csv["Content-Disposition"]


def test_a_club_of_one_game_needs_no_game(club_of_two_games):
    club = ClubFactory()
    a, b, c, d = (Player.objects.create(name=name) for name in "ABCD")
    jonkler = Event.objects.create(
        club=club,
        name="J",
        date=datetime.date(2026, 3, 8),
        published=True,
        game="jonkler",
        ruleset="jonkler",
    )
    play(jonkler, 1, 1, [a, b, c, d], [30, 40, 10, 0])
    body = APIClient().get(f"/api/v1/clubs/{club.pk}/season-standings/").json()
    assert body["meta"]["game"] == "jonkler" and len(body["results"]) == 4


def test_the_season_page_shows_one_game_and_links_the_others(club_of_two_games):
    club = club_of_two_games
    page = client_for().get(
        f"/clubs/{club.slug}/season/?start=2026-01-01&end=2026-12-31", HTTP_ACCEPT_LANGUAGE="en"
    )
    assert page.status_code == 200
    html = page.content.decode()
    assert "· Bonken" in html and "game=jonkler" in html
    # The total the season is ranked by, beside the names.
    assert '<td class="num ranking">100</td>' in html and ">130</td>" not in html
    page = client_for().get(
        f"/clubs/{club.slug}/season/?game=jonkler&start=2026-01-01&end=2026-12-31",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    html = page.content.decode()
    assert '<input type="hidden" name="game" value="jonkler">' in html
    assert '<td class="num ranking">30</td>' in html and ">100</td>" not in html
    assert "game=jonkler" in html.split("Download CSV")[0].rsplit("href=", 1)[-1]
