"""The leagues' public feeds: read like a club's (no credentials, CORS for every origin,
cacheable with an ETag), each a read of the newest version: the league with its clubs and
seasons, a season's standings (the newest by default), the ratings (``top``) and the nights
that counted; an unpublished night and a player without a league number are never shown."""

import datetime

import pytest
from rest_framework.test import APIClient

from leagues.computing import league_recompute
from leagues.links import league_link_consent, league_link_withdraw
from leagues.models import LeagueLink
from leagues.nights import league_night_mark
from leagues.seasons import league_season_save
from tests.integration.league_support import league_of_two, member, night
from tests.integration.ratings_support import play

pytestmark = pytest.mark.django_db
DAY = datetime.date(2026, 3, 3)


@pytest.fixture
def world():
    s = league_of_two()
    north = [member(s.north, f"Noord {i}") for i in range(4)]
    south = [member(s.south, f"Zuid {i}") for i in range(4)]
    for club, organizer, players in ((s.north, s.north_org, north), (s.south, s.south_org, south)):
        for player in players[:3]:
            league_link_consent(
                league=s.league,
                player=player,
                club=club,
                actor=organizer,
                on_behalf=True,
                reason="ja",
            )
    day = night(s.south, DAY, name="Competitiedag")
    play(day, 1, 1, [north[0], south[0], north[1], south[1]], [30, 10, -10, -30])
    play(day, 1, 2, [north[2], south[2], north[3], south[3]], [-20, 50, 0, -30])
    league_night_mark(league=s.league, event=day, actor=s.boss, kind="day")
    hidden = night(s.north, DAY, name="Geheim", published=False)
    play(hidden, 1, 1, north, [10, 0, 0, -10])
    league_night_mark(league=s.league, event=hidden, actor=s.north_org)
    for name, year in (("2025", 2025), ("2026", 2026)):
        league_season_save(
            league=s.league,
            actor=s.boss,
            name=name,
            start=datetime.date(year, 1, 1),
            end=datetime.date(year, 12, 31),
        )
    league_recompute(league_id=s.league.pk)
    return s


def feed(path: str, **headers: str):
    return APIClient().get(f"/api/v1/feeds/leagues/{path}", **headers)


def test_the_league_its_clubs_and_seasons(world):
    answer = feed(f"{world.league.slug}/")
    assert answer.status_code == 200
    data = answer.json()
    assert data["game"] == "bonken" and data["name"] == "Regio Noord"
    assert {club["name"] for club in data["clubs"]} == {"Noord", "Zuid"}
    assert [season["name"] for season in data["seasons"]] == ["2026", "2025"]
    assert data["version"]["nights"] == 1 and data["version"]["sessions"] == 2
    assert data["ratings_url"].endswith(f"/api/v1/feeds/leagues/{world.league.slug}/ratings/")
    listed = feed("").json()["leagues"]
    assert [league["slug"] for league in listed] == [world.league.slug]


def test_the_standings_name_league_players_only(world):
    newest = feed(f"{world.league.slug}/standings/").json()
    assert newest["season"]["name"] == "2026"
    names = [line["name"] for line in newest["standings"]]
    assert sorted(names) == ["Noord 0", "Noord 1", "Noord 2", "Zuid 0", "Zuid 1", "Zuid 2"]
    assert newest["standings"][0]["rank"] == 1
    assert newest["standings"][0]["page_url"].endswith(
        f"/leagues/{world.league.slug}/players/{newest['standings'][0]['number']}/"
    )
    season_2025 = feed(f"{world.league.slug}/").json()["seasons"][1]
    past = APIClient().get(season_2025["feed_url"]).json()
    assert past["season"]["name"] == "2025" and past["standings"] == []


def test_the_ratings_and_the_nights(world):
    ratings = feed(f"{world.league.slug}/ratings/").json()["ratings"]
    assert len(ratings) == 6 and "Noord 3" not in {r["name"] for r in ratings}
    assert [r["rank"] for r in ratings] == sorted(r["rank"] for r in ratings)
    assert len(feed(f"{world.league.slug}/ratings/?top=2").json()["ratings"]) == 2
    refused = feed(f"{world.league.slug}/ratings/?top=0")
    assert refused.status_code == 400 and refused.json()["errors"][0]["field"] == "top"
    nights = feed(f"{world.league.slug}/nights/").json()["nights"]
    assert [(n["name"], n["kind"], n["club_name"]) for n in nights] == [
        ("Competitiedag", "day", "Zuid")
    ]


def test_a_withdrawn_consent_leaves_the_feeds(world):
    link = LeagueLink.objects.get(player__name="Zuid 0")
    league_link_withdraw(link=link, actor=world.south_org, reason="wil niet")
    league_recompute(league_id=world.league.pk)
    data = feed(f"{world.league.slug}/standings/").json()
    assert "Zuid 0" not in {line["name"] for line in data["standings"]}
    assert data["version"]["reason"] == "consent_withdrawn"


def test_feeds_are_public_cacheable_and_clear_about_what_is_missing(world):
    answer = feed(f"{world.league.slug}/standings/", HTTP_ORIGIN="https://club.example")
    assert answer["Access-Control-Allow-Origin"] == "*"
    assert answer["Cache-Control"].startswith("public")
    again = feed(f"{world.league.slug}/standings/", HTTP_IF_NONE_MATCH=answer["ETag"])
    assert again.status_code == 304
    assert feed("nope/").status_code == 404
    assert feed(f"{world.league.slug}/seasons/999999/standings/").status_code == 404
    assert APIClient().post(f"/api/v1/feeds/leagues/{world.league.slug}/").status_code == 405
