"""The leagues' public feeds: read like a club's (no credentials, CORS for every origin,
cacheable with an ETag), each a read of the newest version: the league with its clubs and
seasons, a season's standings (the newest by default), the ratings (``top``) and the nights
that counted; an unpublished night and a player without a league number are never shown. Every
list is a page with ``meta`` (the league), and a league player is named as a player is:
``league_player`` (the league number), ``league_player_name``, ``league_player_url``."""

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


ENVELOPE = {"count", "next", "previous", "results", "meta"}


def test_the_league_its_clubs_and_seasons(world):
    answer = feed(f"{world.league.slug}/")
    assert answer.status_code == 200
    data = answer.json()
    assert data["game"] == "bonken" and data["name"] == "Regio Noord"
    clubs = {club["club_name"]: club for club in data["clubs"]}
    assert set(clubs) == {"Noord", "Zuid"}
    assert clubs["Zuid"]["club"] == world.south.pk
    assert clubs["Zuid"]["club_slug"] == world.south.slug
    assert clubs["Zuid"]["club_url"].endswith(f"/clubs/{world.south.slug}/")
    assert [season["name"] for season in data["seasons"]] == ["2026", "2025"]
    assert data["version_nights"] == 1 and data["version_sessions"] == 2
    assert data["version"] >= 1 and data["version_computed_at"].endswith("Z")
    assert data["ratings_url"].endswith(f"/api/v1/feeds/leagues/{world.league.slug}/ratings/")
    listed = feed("").json()
    assert set(listed) == {"count", "next", "previous", "results"}
    assert [league["slug"] for league in listed["results"]] == [world.league.slug]
    assert listed["results"][0] == data


def _meta_is_the_league(meta, league) -> None:
    assert meta["league"] == league.slug and meta["league_name"] == "Regio Noord"
    assert meta["league_url"].endswith(f"/leagues/{league.slug}/")
    assert "slug" not in meta and "name" not in meta


def test_the_standings_name_league_players_only(world):
    newest = feed(f"{world.league.slug}/standings/").json()
    assert set(newest) == ENVELOPE and newest["count"] == 6
    _meta_is_the_league(newest["meta"], world.league)
    assert newest["meta"]["season_name"] == "2026" and newest["meta"]["version_nights"] == 1
    lines = newest["results"]
    names = [line["league_player_name"] for line in lines]
    assert sorted(names) == ["Noord 0", "Noord 1", "Noord 2", "Zuid 0", "Zuid 1", "Zuid 2"]
    assert lines[0]["rank"] == 1
    assert not {"number", "name", "page_url"} & set(lines[0])
    assert lines[0]["league_player_url"].endswith(
        f"/leagues/{world.league.slug}/players/{lines[0]['league_player']}/"
    )
    page = feed(f"{world.league.slug}/standings/?limit=2&offset=2").json()
    assert page["results"] == lines[2:4] and page["next"] and page["previous"]
    season_2025 = feed(f"{world.league.slug}/").json()["seasons"][1]
    past = APIClient().get(season_2025["feed_url"]).json()
    assert past["meta"]["season"] == season_2025["id"]
    assert past["meta"]["season_name"] == "2025" and past["results"] == []
    assert past["count"] == 0


def test_the_ratings_and_the_nights(world):
    ratings = feed(f"{world.league.slug}/ratings/").json()
    _meta_is_the_league(ratings["meta"], world.league)
    rows = ratings["results"]
    assert len(rows) == 6 and "Noord 3" not in {r["league_player_name"] for r in rows}
    assert [r["rank"] for r in rows] == sorted(r["rank"] for r in rows)
    assert feed(f"{world.league.slug}/ratings/?top=2").json()["count"] == 2
    first = feed(f"{world.league.slug}/ratings/?limit=1").json()
    assert first["results"] == rows[:1] and first["count"] == 6
    refused = feed(f"{world.league.slug}/ratings/?top=0")
    assert refused.status_code == 400 and refused.json()["errors"][0]["field"] == "top"
    refused = feed(f"{world.league.slug}/nights/?limit=0")
    assert refused.status_code == 400 and refused.json()["errors"][0]["field"] == "limit"
    nights = feed(f"{world.league.slug}/nights/").json()
    _meta_is_the_league(nights["meta"], world.league)
    assert [(n["event_name"], n["kind"], n["club_name"]) for n in nights["results"]] == [
        ("Competitiedag", "day", "Zuid")
    ]
    night = nights["results"][0]
    assert night["club"] == world.south.pk and night["club_slug"] == world.south.slug
    assert night["event_date"] == DAY.isoformat()


def test_a_withdrawn_consent_leaves_the_feeds(world):
    link = LeagueLink.objects.get(player__name="Zuid 0")
    league_link_withdraw(link=link, actor=world.south_org, reason="wil niet")
    league_recompute(league_id=world.league.pk)
    data = feed(f"{world.league.slug}/standings/").json()
    assert "Zuid 0" not in {line["league_player_name"] for line in data["results"]}
    assert data["meta"]["version_reason"] == "consent_withdrawn"


def test_feeds_are_public_cacheable_and_clear_about_what_is_missing(world):
    answer = feed(f"{world.league.slug}/standings/", HTTP_ORIGIN="https://club.example")
    assert answer["Access-Control-Allow-Origin"] == "*"
    assert answer["Cache-Control"].startswith("public")
    again = feed(f"{world.league.slug}/standings/", HTTP_IF_NONE_MATCH=answer["ETag"])
    assert again.status_code == 304
    assert feed("nope/").status_code == 404
    assert feed(f"{world.league.slug}/seasons/999999/standings/").status_code == 404
    assert APIClient().post(f"/api/v1/feeds/leagues/{world.league.slug}/").status_code == 405
