"""Event standings with the event's configuration: tie-break order (table wins, placement
points, head-to-head, average opponent rating), points per place, byes; and the endpoint
that changes the configuration."""

import datetime

import pytest
from rest_framework.test import APIClient

from clubs.models import Player, Role
from ranking.ratings.services import ratings_update
from ranking.standings.services import standings_recompute
from tests.factories import ClubFactory, user_with_role
from tests.integration.ratings_support import play
from tournaments.models import Bye, Event, Round, Standing, StandingsComputation

pytestmark = pytest.mark.django_db


def make_event(club=None, **config) -> Event:
    return Event.objects.create(
        club=club or ClubFactory(),
        name="Toernooi",
        date=datetime.date(2026, 5, 1),
        published=True,
        kind=Event.Kind.TOURNAMENT,
        **config,
    )


def people(*names: str) -> list[Player]:
    return [Player.objects.create(name=name) for name in names]


def ranking(event: Event) -> dict[str, Standing]:
    standings_recompute(event_id=event.pk, force=True)
    return {s.player.name: s for s in Standing.objects.filter(event=event).select_related("player")}


def test_default_order_total_then_table_wins_then_placement_points():
    event = make_event()
    a, b, c, d, e, f, g, h = people(*"ABCDEFGH")
    play(event, 1, 1, [a, c, d, e], [100, 0, -40, -60])  # A wins with 100
    play(event, 1, 2, [b, f, g, h], [60, 40, 0, -100])  # B wins with 60
    play(event, 2, 1, [a, b, g, h], [-20, 20, 10, -10])  # A 4th, B 1st: 80 each
    rows = ranking(event)
    assert rows["A"].total == rows["B"].total == 80
    assert rows["B"].table_wins == 2 and rows["A"].table_wins == 1
    assert (rows["B"].rank, rows["A"].rank) == (1, 2) and not rows["A"].tied
    assert rows["A"].placements == [1, 0, 0, 1] and rows["B"].placements == [2, 0, 0, 0]
    assert rows["B"].placement_points == 6 and rows["A"].placement_points == 3


def test_head_to_head_breaks_a_tie_among_the_tied_players_only():
    event = make_event(standings_order=["total", "head_to_head"])
    a, b, c, d = people(*"ABCD")
    play(event, 1, 1, [a, b, c, d], [50, 30, -30, -50])
    play(event, 2, 1, [a, b, c, d], [-30, 20, 40, -30])  # A 20, B 50, C 10, D -80
    play(event, 3, 1, [a, b, c, d], [30, 0, -10, -20])  # A 50, B 50
    rows = ranking(event)
    assert rows["A"].total == rows["B"].total == 50
    # A beat B twice out of three: head-to-head among A and B decides.
    assert rows["A"].rank == 1 and rows["B"].rank == 2
    assert rows["A"].head_to_head == 2 and rows["B"].head_to_head == 1
    assert rows["C"].head_to_head is None  # not tied with anyone


def test_average_opponent_rating_uses_the_ratings_before_the_event():
    club = ClubFactory()
    strong, weak, x1, x2, x3, x4, a, b = people("Sterk", "Zwak", "x1", "x2", "x3", "x4", "A", "B")
    earlier = Event.objects.create(
        club=club, name="Vorige maand", date=datetime.date(2026, 4, 1), published=True
    )
    for round_number in range(1, 4):
        play(earlier, round_number, 1, [strong, x1, x2, x3], [90, 0, -40, -50])
        play(earlier, round_number, 2, [x4, weak, a, b], [90, -90, 0, 0])
    ratings_update(club_id=club.pk)
    event = make_event(club, standings_order=["total", "avg_opponent_rating"])
    play(event, 1, 1, [a, strong, x1, x2], [40, 30, -30, -40])
    play(event, 1, 2, [b, weak, x3, x4], [40, 30, -30, -40])
    rows = ranking(event)
    assert rows["A"].total == rows["B"].total == 40
    assert rows["A"].avg_opponent_rating > rows["B"].avg_opponent_rating
    assert rows["A"].rank < rows["B"].rank
    # A rating from the event itself does not count: the ratings are those of before.
    ratings_update(club_id=club.pk)
    again = ranking(event)
    assert again["A"].avg_opponent_rating == rows["A"].avg_opponent_rating


@pytest.mark.parametrize(
    ("credit", "config", "expected_total", "expected_points"),
    [
        ("none", {}, 70, 3),
        ("average", {}, 70 + 70, 3 + 3),
        ("fixed", {"bye_points": 25, "bye_placement_points": 1.5}, 95, 4.5),
        ("middle_place", {}, 70, 3 + 1.5),
    ],
)
def test_byes_are_credited_as_configured(credit, config, expected_total, expected_points):
    event = make_event(bye_credit=credit, **config)
    a, b, c, d, e = people(*"ABCDE")
    play(event, 1, 1, [a, b, c, d], [70, 10, -30, -50])
    round_two = Round.objects.create(event=event, number=2)
    Bye.objects.create(round=round_two, player=a)
    play(event, 2, 1, [e, b, c, d], [10, 0, -5, -5])
    rows = ranking(event)
    assert rows["A"].byes == 1 and rows["A"].sessions == 1
    assert rows["A"].total == expected_total
    assert rows["A"].placement_points == expected_points


def test_an_average_bye_credit_can_be_fractional():
    event = make_event(bye_credit="average")
    a, b, c, d, e = people(*"ABCDE")
    play(event, 1, 1, [a, b, c, d], [35, 10, -20, -25])
    play(event, 2, 1, [a, b, c, e], [-10, 30, -10, -10])
    Bye.objects.create(round=Round.objects.create(event=event, number=3), player=a)
    rows = ranking(event)
    assert rows["A"].total == 25 + 12.5
    body = APIClient().get(f"/api/v1/events/{event.pk}/standings/").json()
    line = next(r for r in body["results"] if r["player_name"] == "A")
    assert line["total"] == 37.5 and line["byes"] == 1
    other = next(r for r in body["results"] if r["player_name"] == "B")
    assert other["total"] == 40 and isinstance(other["total"], int)  # whole stays whole


def test_configuration_endpoint_is_for_organizers_and_recomputes(
    django_capture_on_commit_callbacks,
):
    event = make_event()
    a, b, c, d = people(*"ABCD")
    play(event, 1, 1, [a, b, c, d], [50, 30, -30, -50])
    standings_recompute(event_id=event.pk)
    url = f"/api/v1/events/{event.pk}/standings-config/"
    assert APIClient().get(url).json() == {
        "standings_order": ["total", "table_wins", "placement_points"],
        "points_per_place": [3, 2, 1, 0],
        "bye_credit": "none",
        "bye_points": 0,
        "bye_placement_points": 0,
    }
    change = {"standings_order": ["placement_points", "total"], "points_per_place": [5, 3, 1, 0]}
    assert APIClient().put(url, change, format="json").status_code == 401
    scorer = APIClient()
    scorer.force_authenticate(user_with_role(event.club, Role.SCORER))
    assert scorer.put(url, change, format="json").status_code == 403
    organizer = APIClient()
    organizer.force_authenticate(user_with_role(event.club, Role.ORGANIZER))
    with django_capture_on_commit_callbacks(execute=True) as queued:
        response = organizer.put(url, change, format="json")
    assert response.status_code == 200, response.json()
    # The standings recompute is queued (its own work queues the previews and the webhooks).
    assert queued
    assert response.json()["points_per_place"] == [5, 3, 1, 0]
    event.refresh_from_db()
    assert event.standings_order == ["placement_points", "total"]
    assert StandingsComputation.objects.filter(event=event).exists()
    assert Standing.objects.get(event=event, player=a).placement_points == 5
    bad = organizer.put(
        url, {"standings_order": ["total", "total"], "bye_credit": "all"}, format="json"
    )
    assert bad.status_code == 400
    assert {e["field"] for e in bad.json()["errors"]} >= {"bye_credit"}


def test_a_repeated_criterion_is_refused_by_the_service():
    event = make_event()
    organizer = APIClient()
    organizer.force_authenticate(user_with_role(event.club, Role.ORGANIZER))
    response = organizer.put(
        f"/api/v1/events/{event.pk}/standings-config/",
        {"standings_order": ["total", "total"]},
        format="json",
    )
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert error["code"] == "invalid_standings_config" and error["field"] == "standings_order"
