"""The ratings pages: the club's rating list, a player's chart and explained sessions, season
standings with their form; in both languages, nothing fetched from elsewhere."""

import re

import pytest
from django.test import Client

from clubs.models import Player
from ranking.ratings.chart import rating_chart
from ranking.ratings.models import PlayerRating
from ranking.ratings.services import ratings_update
from tests.integration.ratings_support import club_with_history

pytestmark = pytest.mark.django_db


@pytest.fixture
def rated():
    club, people, sessions = club_with_history(seed=51, players=8, evenings=3)
    ratings_update(club_id=club.pk)
    return club, people, sessions


def english() -> Client:
    client = Client()
    client.cookies["django_language"] = "en"
    return client


def no_external_resources(html: str) -> bool:
    return not re.search(r'(src|href)="(https?:)?//', html)


def test_rating_list_page(rated, django_assert_max_num_queries):
    club, people, _ = rated
    with django_assert_max_num_queries(4):
        response = english().get(f"/clubs/{club.slug}/ratings/")
    assert response.status_code == 200
    html = response.content.decode()
    best = PlayerRating.objects.filter(pool__club=club).order_by("-ordinal").first()
    assert html.index(best.player.name) < min(
        html.index(p.name) for p in people if p.pk != best.player_id
    )
    assert "provisional" in html and f"/api/v1/clubs/{club.pk}/ratings/?" in html
    assert "format=csv" in html and no_external_resources(html)


def test_rating_list_filters_and_as_of(rated):
    club, _, sessions = rated
    established = english().get(f"/clubs/{club.slug}/ratings/?show=established")
    assert "No rated sessions yet." in established.content.decode()  # everyone is provisional
    day = sessions[0].event.date.isoformat()
    past = english().get(f"/clubs/{club.slug}/ratings/?as_of={day}")
    assert past.status_code == 200 and "Ratings as they stood" in past.content.decode()
    assert english().get(f"/clubs/{club.slug}/ratings/?as_of=gisteren").status_code == 400
    assert english().get("/clubs/no-such-club/ratings/").status_code == 404


def test_the_page_speaks_dutch_by_default(rated):
    club, _, _ = rated
    html = Client().get(f"/clubs/{club.slug}/ratings/").content.decode()
    assert 'lang="nl"' in html


def test_player_page_has_a_chart_and_explains_every_session(rated):
    club, people, _ = rated
    player = people[0]
    response = english().get(f"/players/{player.pk}/ratings/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "<svg" in html and "<polyline" in html and no_external_resources(html)
    played = PlayerRating.objects.get(player=player).sessions_played
    assert html.count("<circle") == played
    # Each session's explanation is in its column and in the line a phone shows under the
    # event instead (one of the two is shown).
    assert html.count("than expected") + html.count("as expected") == 2 * played
    assert "Expected place" in html and "/api/v1/players/" in html
    # Bonken is rated by its points: every session says how many against expectation.
    assert "Expected points" in html
    assert html.count("points against expectation; opponents rated") == 2 * played
    dutch = Client().get(f"/players/{player.pk}/ratings/").content.decode()
    assert "Verwachte punten" in dutch and "t.o.v. de verwachting" in dutch


def test_player_page_without_ratings():
    player = Player.objects.create(name="Nieuwkomer")
    response = english().get(f"/players/{player.pk}/ratings/")
    assert response.status_code == 200 and "No rated sessions yet." in response.content.decode()
    assert english().get("/players/999999/ratings/").status_code == 404


def test_season_page(rated):
    club, people, _ = rated
    response = english().get(
        f"/clubs/{club.slug}/season/",
        {
            "start": "2026-01-01",
            "end": "2026-12-31",
            "rank_by": "average",
            "then_by": "total",
            "min_sessions": "2",
            "best": "2",
        },
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert all(p.name in html for p in people)
    assert "rank_by=average%2Ctotal" in html and "format=csv" in html
    bad = english().get(f"/clubs/{club.slug}/season/", {"start": "2026-13-01"})
    assert bad.status_code == 400 and "is not a date" in bad.content.decode()


def test_chart_geometry():
    from datetime import date

    chart = rating_chart(
        [
            (date(2026, 1, 1), 1000.0, True),
            (date(2026, 1, 8), 1130.0, True),
            (date(2026, 2, 1), 1090.0, False),
        ]
    )
    assert chart is not None and len(chart.points) == 3
    xs = [float(p.x) for p in chart.points]
    assert xs == sorted(xs) and xs[0] == chart.left and xs[-1] == float(chart.right)
    ys = {p.rating: float(p.y) for p in chart.points}
    assert ys[1130.0] < ys[1090.0] < ys[1000.0]  # higher rating, higher on the page
    labels = [int(g.label) for g in chart.gridlines]
    assert labels[0] <= 1000 and labels[-1] >= 1130
    assert rating_chart([]) is None
    single = rating_chart([(date(2026, 1, 1), 1000.0, True)])
    assert single is not None and len(single.gridlines) >= 2
