"""The league's public pages, in English and Dutch: standings, ratings, nights, a night and a
league player; a night that does not count is a 404; nothing unnamed is named."""

import datetime

import pytest
from django.urls import reverse

from leagues.computing import league_recompute
from leagues.links import league_link_consent
from leagues.nights import league_night_mark
from leagues.seasons import league_season_save
from tests.integration.league_support import league_of_two, member, night
from tests.integration.ratings_support import play

pytestmark = pytest.mark.django_db
DAY = datetime.date(2026, 3, 3)


@pytest.fixture
def league():
    s = league_of_two()
    north = [member(s.north, f"Noord {i}") for i in range(4)]
    south = [member(s.south, f"Zuid {i}") for i in range(4)]
    for p in north:
        league_link_consent(
            league=s.league,
            player=p,
            club=s.north,
            actor=s.north_org,
            on_behalf=True,
            reason="form",
        )
    for p in south[:3]:
        league_link_consent(
            league=s.league,
            player=p,
            club=s.south,
            actor=s.south_org,
            on_behalf=True,
            reason="form",
        )
    day = night(s.south, DAY, name="Competitiedag")
    play(day, 1, 1, [north[0], south[0], north[1], south[1]], [30, 10, -10, -30])
    play(day, 1, 2, [north[2], south[2], north[3], south[3]], [-20, 50, 0, -30])
    league_night_mark(league=s.league, event=day, actor=s.boss, kind="day")
    unpublished = night(s.north, DAY, name="Geheim", published=False)
    play(unpublished, 1, 1, north, [10, 0, 0, -10])
    league_night_mark(league=s.league, event=unpublished, actor=s.north_org)
    league_season_save(
        league=s.league,
        actor=s.boss,
        name="Seizoen 2026",
        start=datetime.date(2026, 1, 1),
        end=datetime.date(2026, 12, 31),
        best_nights=5,
        min_nights=1,
    )
    league_recompute(league_id=s.league.pk)
    return s, day, unpublished


@pytest.mark.parametrize("language", ["en", "nl"])
def test_every_page_answers_in_both_languages(client, league, language):
    s, day, _ = league
    slug = s.league.slug
    pages = [
        reverse("leagues:league_page", args=[slug]),
        reverse("leagues:league_ratings_page", args=[slug]),
        reverse("leagues:league_nights_page", args=[slug]),
        reverse("leagues:league_night_page", args=[slug, day.pk]),
        reverse("leagues:league_player_page", args=[slug, 1]),
    ]
    for url in pages:
        page = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
        assert page.status_code == 200, url
        text = page.content.decode()
        assert "Noord 0" in text or url.endswith("/nights/")
        assert "Zuid 3" not in text  # no league number: shown by the club only
    standings = client.get(pages[0], HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert ("Stand" if language == "nl" else "Standings") in standings
    night_page = client.get(pages[3], HTTP_ACCEPT_LANGUAGE=language).content.decode()
    club = "een speler van Zuid" if language == "nl" else "a player of Zuid"
    assert club in night_page


def test_an_unpublished_or_unmarked_night_is_a_404(client, league):
    s, day, unpublished = league
    slug = s.league.slug

    def status(name: str, *args: object) -> int:
        return client.get(reverse(f"leagues:{name}", args=[slug, *args])).status_code

    assert status("league_night_page", unpublished.pk) == 404
    nights = client.get(reverse("leagues:league_nights_page", args=[slug])).content.decode()
    assert "Geheim" not in nights and "Competitiedag" in nights
    assert status("league_night_page", 999999) == 404
    assert status("league_player_page", 99) == 404
    assert client.get(reverse("leagues:league_page", args=["nope"])).status_code == 404


def test_a_bad_season_parameter_is_a_clear_answer(client, league):
    s, _day, _ = league
    url = reverse("leagues:league_page", args=[s.league.slug])
    assert client.get(url + "?season=abc").status_code == 400
    assert client.get(url + "?season=424242").status_code == 404


def test_the_player_page_explains_each_session(client, league):
    s, _day, _ = league
    url = reverse("leagues:league_player_page", args=[s.league.slug, 1])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Competitiedag" in page and "Expected place" in page and "Noord" in page


def test_results_arriving_queue_the_clubs_leagues(django_capture_on_commit_callbacks, league):
    from ranking.ratings.services import ratings_update  # noqa: F401  (the club's task)
    from tournaments.tasks import enqueue_ratings

    s, day, _ = league
    day.sessions.update(revision=2)
    with django_capture_on_commit_callbacks(execute=True):
        enqueue_ratings(s.south.pk)
    assert s.league.versions.order_by("-number").first().reason == "correction"
