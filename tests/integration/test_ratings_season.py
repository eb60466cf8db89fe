"""Season standings over a date range: minimum sessions, best N evenings, placement points;
through the API (JSON and CSV) and the parameters' errors."""

import csv
import datetime
import io

import pytest
from rest_framework.test import APIClient

from clubs.models import Player
from core.errors import ServiceError
from ranking.ratings.season import club_season_standings, parse_season_params
from tests.factories import ClubFactory
from tests.integration.ratings_support import play
from tournaments.models import Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def season():
    """Three evenings, four sessions; D plays only the first evening."""
    club = ClubFactory()
    a, b, c, d, e = (Player.objects.create(name=name) for name in "ABCDE")
    days = [datetime.date(2026, 1, 10), datetime.date(2026, 2, 10), datetime.date(2026, 3, 10)]
    events = [
        Event.objects.create(club=club, name=f"Avond {i}", date=day, published=True)
        for i, day in enumerate(days, start=1)
    ]
    play(events[0], 1, 1, [a, b, c, d], [100, 50, -50, -100])
    play(events[1], 1, 1, [a, b, c, e], [100, 100, -100, -100])  # A and B share first place
    play(events[2], 1, 1, [b, a, c, e], [200, -40, -60, -100])
    play(events[2], 2, 1, [a, b, c, e], [30, 10, -10, -30])
    return club, {p.name: p for p in (a, b, c, d, e)}, days


def standings(club, **params):
    rules = parse_season_params({k: str(v) for k, v in params.items()})
    return {line.player_name: line for line in club_season_standings(club_id=club.pk, rules=rules)}


def test_total_points_over_the_whole_season(season):
    club, _, _ = season
    lines = standings(club)
    assert lines["B"].total == 50 + 100 + 200 + 10 and lines["B"].rank == 1
    assert lines["A"].total == 100 + 100 - 40 + 30 and lines["A"].rank == 2
    assert lines["A"].sessions == 4 and lines["A"].rounds == 3
    assert [line.rank for line in lines.values()] == [1, 2, 3, 4, 5]


def test_a_date_range_keeps_the_sessions_inside_it(season):
    club, _, days = season
    lines = standings(club, start=days[1], end=days[1])
    assert set(lines) == {"A", "B", "C", "E"}
    assert lines["A"].total == lines["B"].total == 100 and lines["A"].sessions == 1
    assert lines["A"].rank == lines["B"].rank == 1 and lines["A"].tied
    assert lines["C"].rank == 3


def test_average_with_a_minimum_number_of_sessions(season):
    club, _, _ = season
    lines = standings(club, rank_by="average", min_sessions=2)
    assert lines["D"].rank is None and lines["D"].average == -100  # one session only
    ranked = sorted((line for line in lines.values() if line.rank), key=lambda line: line.rank)
    assert [line.player_name for line in ranked] == ["B", "A", "C", "E"]
    assert lines["B"].average == 360 / 4


def test_best_evenings(season):
    club, _, _ = season
    lines = standings(club, rank_by="best_rounds", best=2)
    # A's evenings: 100, 100, -10 -> best two 200; B's: 50, 100, 210 -> 310
    assert lines["A"].best_rounds_total == 200 and lines["B"].best_rounds_total == 310
    assert lines["B"].rank == 1 and lines["A"].rank == 2


def test_placement_points_with_configured_points_per_place(season):
    club, _, _ = season
    lines = standings(club, rank_by="placement_points", points_per_place="5,3,1,0")
    # A: 1st (5), shared 1st-2nd ((5+3)/2), 2nd (3), 1st (5)
    assert lines["A"].placement_points == 5 + 4 + 3 + 5
    assert lines["B"].placement_points == 3 + 4 + 5 + 3
    assert lines["A"].rank == 1 and lines["A"].table_wins == 3


def test_parameters_are_checked_all_at_once():
    with pytest.raises(ServiceError) as caught:
        parse_season_params(
            {
                "start": "2026-02-30",
                "min_sessions": "-1",
                "best": "0",
                "rank_by": "total,wins",
                "points_per_place": "3,x",
            }
        )
    fields = {error["field"] for error in caught.value.errors}
    assert fields == {"start", "min_sessions", "best", "rank_by", "points_per_place"}
    with pytest.raises(ServiceError):
        parse_season_params({"start": "2026-05-01", "end": "2026-04-01"})


def test_api_json_and_csv(season, django_assert_num_queries):
    club, _, days = season
    url = f"/api/v1/clubs/{club.pk}/season-standings/"
    with django_assert_num_queries(4):  # the club, the games it plays, the seats, the names
        response = APIClient().get(url, {"rank_by": "total,table_wins", "min_sessions": 2})
    assert response.status_code == 200
    body = response.json()
    assert body["meta"]["rank_by"] == ["total", "table_wins"] and body["meta"]["min_sessions"] == 2
    first = body["results"][0]
    assert first["player_name"] == "B" and first["rank"] == 1 and first["total"] == 360
    assert body["results"][-1]["rank"] is None  # D: one session
    csv_response = APIClient().get(url, {"format": "csv", "start": days[0].isoformat()})
    assert csv_response["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(csv_response.content.decode())))
    assert {row["player_name"] for row in rows} == set("ABCDE")
    assert "best_evenings_total" in rows[0]
    bad = APIClient().get(url, {"best": "none"})
    assert bad.status_code == 400 and bad.json()["errors"][0]["field"] == "best"


def test_unpublished_events_count_for_members_only(season):
    club, _, _ = season
    Event.objects.filter(club=club, name="Avond 1").update(published=False)
    public = APIClient().get(f"/api/v1/clubs/{club.pk}/season-standings/").json()
    assert "D" not in {row["player_name"] for row in public["results"]}
