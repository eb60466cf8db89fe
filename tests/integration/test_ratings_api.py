"""The ratings API: rating lists (filters, as of a date, CSV), a player's explained history,
status codes and fixed query counts."""

import csv
import datetime
import io

import pytest
from rest_framework.test import APIClient

from clubs.models import Player, Role
from ranking.ratings.models import PlayerRating, RatingHistory
from ranking.ratings.services import ratings_update
from tests.factories import ClubFactory, user_with_role
from tests.integration.ratings_support import club_with_history, correct, play
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def rated_club(players: int = 8, evenings: int = 3, seed: int = 21):
    club, people, sessions = club_with_history(seed=seed, players=players, evenings=evenings)
    ratings_update(club_id=club.pk)
    return club, people, sessions


def test_rating_list_is_ranked_by_rating():
    club, people, _ = rated_club()
    response = APIClient().get(f"/api/v1/clubs/{club.pk}/ratings/")
    assert response.status_code == 200
    body = response.json()
    assert body["count"] == len(people) and body["meta"]["as_of"] is None
    ratings = [row["rating"] for row in body["results"]]
    assert ratings == sorted(ratings, reverse=True)
    assert body["results"][0]["rank"] == 1
    stored = PlayerRating.objects.get(player_id=body["results"][0]["player"])
    assert body["results"][0]["rating"] == stored.ordinal
    assert {"mu", "sigma", "sessions_played", "provisional", "player_name"} <= set(
        body["results"][0]
    )


def test_equal_ratings_share_a_rank():
    club = ClubFactory()
    players = [Player.objects.create(name=f"Gelijk {i}") for i in range(4)]
    event = Event.objects.create(
        club=club, name="Eén avond", date=datetime.date(2026, 4, 1), published=True
    )
    play(event, 1, 1, players, [0, 0, 0, 0])
    ratings_update(club_id=club.pk)
    rows = APIClient().get(f"/api/v1/clubs/{club.pk}/ratings/").json()["results"]
    assert [(row["rank"], row["tied"]) for row in rows] == [(1, True)] * 4


def test_provisional_filter():
    club, people, _ = rated_club(players=8, evenings=2)  # 4 sessions each at most: provisional
    newcomers = APIClient().get(f"/api/v1/clubs/{club.pk}/ratings/?provisional=true").json()
    assert newcomers["count"] == len(people)
    assert all(row["provisional"] for row in newcomers["results"])
    regulars = APIClient().get(f"/api/v1/clubs/{club.pk}/ratings/?provisional=false").json()
    assert regulars["count"] == 0


def test_ratings_as_of_a_past_date():
    club, people, sessions = rated_club(evenings=3)
    first_day = sessions[0].event.date
    body = APIClient().get(f"/api/v1/clubs/{club.pk}/ratings/?as_of={first_day.isoformat()}").json()
    assert body["meta"]["as_of"] == first_day.isoformat()
    for row in body["results"]:
        last = (
            RatingHistory.objects.filter(player_id=row["player"], played_on__lte=first_day)
            .order_by("-position")
            .first()
        )
        assert row["rating"] == last.ordinal_after
        assert row["sessions_played"] == last.sessions_played
    before = APIClient().get(f"/api/v1/clubs/{club.pk}/ratings/?as_of=2000-01-01").json()
    assert before["count"] == 0


def test_bad_parameters_get_the_one_error_shape():
    club, _, _ = rated_club(evenings=1)
    response = APIClient().get(f"/api/v1/clubs/{club.pk}/ratings/?as_of=yesterday")
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert error["field"] == "as_of" and {"code", "message", "message_nl"} <= set(error)
    assert APIClient().get(f"/api/v1/clubs/{club.pk}/ratings/?provisional=maybe").status_code == 400
    assert APIClient().get("/api/v1/clubs/999999/ratings/").status_code == 404
    assert APIClient().get("/api/v1/players/999999/rating-history/").status_code == 404


def test_rating_list_as_csv():
    club, people, _ = rated_club()
    response = APIClient().get(f"/api/v1/clubs/{club.pk}/ratings/?format=csv&limit=2")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert len(rows) == len(people)  # the whole list, not a page
    assert rows[0]["rank"] == "1" and rows[0]["player_name"]
    assert float(rows[0]["rating"]) >= float(rows[-1]["rating"])


@pytest.mark.parametrize("players", [8, 24])
def test_rating_list_query_count_does_not_grow(players, django_assert_num_queries):
    club, _, _ = rated_club(players=players, evenings=2)
    with django_assert_num_queries(3):  # the club, its rated games, the ratings with names
        assert APIClient().get(f"/api/v1/clubs/{club.pk}/ratings/").status_code == 200
    with django_assert_num_queries(2):  # the club, the ratings of the game with names
        assert APIClient().get(f"/api/v1/clubs/{club.pk}/ratings/?game=bonken").status_code == 200
    with django_assert_num_queries(2):  # the club, the latest history rows with names
        assert (
            APIClient()
            .get(f"/api/v1/clubs/{club.pk}/ratings/?as_of=2026-01-06&game=bonken")
            .status_code
            == 200
        )


def test_history_explains_every_session():
    club, people, sessions = rated_club()
    player = people[0]
    response = APIClient().get(f"/api/v1/players/{player.pk}/rating-history/?club={club.pk}")
    assert response.status_code == 200
    body = response.json()
    rows = RatingHistory.objects.filter(player=player).order_by("position")
    assert body["count"] == rows.count() > 0
    for item, row in zip(body["results"], rows, strict=True):
        assert item["session"] == row.session_id
        assert item["rating_before"] == row.ordinal_before
        assert item["rating_after"] == row.ordinal_after
        assert item["rating_change"] == row.ordinal_after - row.ordinal_before
        assert item["expected_placement"] == row.expected_placement
        assert item["placement_gain"] == row.expected_placement - row.actual_placement
        assert item["verdict"] in {"better", "as_expected", "worse"}
        assert len(item["opponents"]) == 3 and all(o["player_name"] for o in item["opponents"])
        assert item["event_name"] and item["round_number"] and item["table_number"]
        # A Bonken pool is rated by points: the total against the total expected.
        assert item["rated_by"] == "points"
        assert item["points_gain"] == pytest.approx(item["total"] - item["expected_total"])
        assert item["opponents_rating"] == pytest.approx(
            sum(o["rating_before"] for o in item["opponents"]) / 3
        )


def test_history_hides_unpublished_events_from_strangers():
    club, people, sessions = rated_club(evenings=1)
    Event.objects.filter(club=club).update(published=False)
    url = f"/api/v1/players/{people[0].pk}/rating-history/"
    # Not even the figures: a session's total, place and opponents are its results.
    assert APIClient().get(url).json()["results"] == []
    member = APIClient()
    member.force_authenticate(user_with_role(club, Role.MEMBER))
    assert all(item["event_name"] for item in member.get(url).json()["results"])


@pytest.mark.parametrize("evenings", [1, 4])
def test_history_query_count_does_not_grow(evenings, django_assert_num_queries):
    club, people, _ = rated_club(evenings=evenings)
    # player, pools, history rows with names, where the sessions were played
    with django_assert_num_queries(4):
        response = APIClient().get(f"/api/v1/players/{people[0].pk}/rating-history/")
    assert response.status_code == 200


def test_history_as_csv_and_after_a_correction():
    club, people, sessions = rated_club(evenings=2)
    correct(sessions[0], [100, 50, -50, -100])
    ratings_update(club_id=club.pk)
    player = sessions[0].seat_results.get(position=0).player
    response = APIClient().get(f"/api/v1/players/{player.pk}/rating-history/?format=csv")
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    first = next(r for r in rows if r["session"] == str(sessions[0].pk))
    assert first["total"] == "100" and first["placement"] == "1"


def test_a_player_without_ratings_has_an_empty_history():
    player = Player.objects.create(name="Nog nooit gespeeld")
    body = APIClient().get(f"/api/v1/players/{player.pk}/rating-history/").json()
    assert body["count"] == 0 and body["results"] == []


def test_a_seat_changed_since_rating_waits_for_the_replay():
    """A player's rows are found through the seats: a seat given to someone else shows in
    neither player's history until the replay has rated the session again."""
    from results.models import SessionSeat

    club, people, sessions = rated_club(players=9, evenings=1)
    session = sessions[0]
    seat = session.seat_results.get(position=0)
    before, after = (
        seat.player,
        next(p for p in people if not session.seat_results.filter(player=p).exists()),
    )
    url = "/api/v1/players/{}/rating-history/"
    assert session.pk in [
        i["session"] for i in APIClient().get(url.format(before.pk)).json()["results"]
    ]
    SessionSeat.objects.filter(pk=seat.pk).update(player=after)
    for player in (before, after):
        shown = [i["session"] for i in APIClient().get(url.format(player.pk)).json()["results"]]
        assert session.pk not in shown
    session.revision += 1
    session.save(update_fields=["revision"])
    ratings_update(club_id=club.pk)
    shown = [i["session"] for i in APIClient().get(url.format(after.pk)).json()["results"]]
    assert session.pk in shown
