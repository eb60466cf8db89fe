"""Seating rounds through the API: preview, regenerate, swap, accept, manual, byes."""

import pytest
from rest_framework.test import APIClient

from clubs.models import Role
from tests.factories import EventFactory, PlayerFactory, user_with_role
from tournaments.models import Bye, EventPlayer, Round, Seat

pytestmark = pytest.mark.django_db


def event_with_players(count: int, planned_rounds: int = 3):
    event = EventFactory(planned_rounds=planned_rounds)
    players = PlayerFactory.create_batch(count)
    for player in players:
        EventPlayer.objects.create(event=event, player=player)
    client = APIClient()
    client.force_authenticate(user_with_role(event.club, Role.ORGANIZER))
    return event, players, client


def seated(round_id: int) -> list[int]:
    return list(Seat.objects.filter(round_id=round_id).values_list("player_id", flat=True))


def test_generate_preview_then_accept():
    event, players, client = event_with_players(16)
    response = client.post(f"/api/v1/events/{event.pk}/seating/", {"seed": 7}, format="json")
    assert response.status_code == 201, response.json()
    plan = response.json()
    assert plan["status"] == "planned" and plan["number"] == 1
    assert len(plan["tables"]) == 4 and all(len(t["seats"]) == 4 for t in plan["tables"])
    assert sorted(seated(plan["id"])) == sorted(p.pk for p in players)
    assert plan["quality"]["repeated_pairs"] == 0
    accepted = client.post(f"/api/v1/rounds/{plan['id']}/accept/")
    assert accepted.status_code == 200 and accepted.json()["status"] == "playing"


def test_three_balanced_rounds_of_sixteen_never_repeat_a_pair():
    event, _, client = event_with_players(16)
    for number in range(1, 4):
        plan = client.post(f"/api/v1/events/{event.pk}/seating/", {"seed": 3}, format="json").json()
        assert plan["number"] == number
        client.post(f"/api/v1/rounds/{plan['id']}/accept/")
    assert plan["quality"]["repeated_pairs"] == 0 and plan["quality"]["max_meetings"] == 1


def test_regenerate_replaces_the_preview_and_same_seed_gives_same_plan():
    event, _, client = event_with_players(12)
    first = client.post(
        f"/api/v1/events/{event.pk}/seating/", {"method": "random", "seed": 1}, format="json"
    ).json()
    again = client.post(
        f"/api/v1/rounds/{first['id']}/regenerate/", {"method": "random", "seed": 1}, format="json"
    ).json()
    assert again["id"] == first["id"]
    assert [t["seats"] for t in again["tables"]] != [] and Round.objects.count() == 1
    names = [[s["player"] for s in t["seats"]] for t in again["tables"]]
    assert names == [[s["player"] for s in t["seats"]] for t in first["tables"]]


def test_byes_when_the_count_is_not_a_multiple_of_four():
    event, players, client = event_with_players(23)
    plan = client.post(f"/api/v1/events/{event.pk}/seating/", {"seed": 5}, format="json").json()
    assert len(plan["tables"]) == 5 and len(plan["byes"]) == 3
    assert len(set(seated(plan["id"])) | {b["player"] for b in plan["byes"]}) == 23


def test_swap_two_players_and_a_player_with_a_bye():
    event, players, client = event_with_players(9)
    plan = client.post(f"/api/v1/events/{event.pk}/seating/", {"seed": 2}, format="json").json()
    a = plan["tables"][0]["seats"][0]["player"]
    b = plan["tables"][1]["seats"][3]["player"]
    bye = plan["byes"][0]["player"]
    response = client.post(
        f"/api/v1/rounds/{plan['id']}/swap/", {"player_a": a, "player_b": b}, format="json"
    )
    assert response.status_code == 200
    tables = response.json()["tables"]
    assert tables[0]["seats"][0]["player"] == b and tables[1]["seats"][3]["player"] == a
    response = client.post(
        f"/api/v1/rounds/{plan['id']}/swap/", {"player_a": a, "player_b": bye}, format="json"
    )
    assert response.status_code == 200
    assert Bye.objects.get(round_id=plan["id"]).player_id == a
    missing = client.post(
        f"/api/v1/rounds/{plan['id']}/swap/",
        {"player_a": a, "player_b": PlayerFactory().pk},
        format="json",
    )
    assert missing.status_code == 400 and missing.json()["errors"][0]["code"] == "not_in_round"


def test_manual_seating_is_checked():
    event, players, client = event_with_players(8)
    ids = [p.pk for p in players]
    bad = client.post(
        f"/api/v1/events/{event.pk}/seating/manual/",
        {"tables": [ids[:4], ids[3:7]], "byes": []},
        format="json",
    )
    assert bad.status_code == 400
    good = client.post(
        f"/api/v1/events/{event.pk}/seating/manual/", {"tables": [ids[:4], ids[4:]]}, format="json"
    )
    assert good.status_code == 201, good.json()
    assert good.json()["seating_method"] == "manual"


def test_too_few_players_and_non_organizers_are_refused():
    event, _, client = event_with_players(3)
    response = client.post(f"/api/v1/events/{event.pk}/seating/", {}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "too_few_players"
    scorer = APIClient()
    scorer.force_authenticate(user_with_role(event.club, Role.SCORER))
    assert scorer.post(f"/api/v1/events/{event.pk}/seating/", {}, format="json").status_code == 403


def test_checked_out_players_are_not_seated():
    event, players, client = event_with_players(9)
    EventPlayer.objects.filter(player=players[0]).update(present=False)
    plan = client.post(f"/api/v1/events/{event.pk}/seating/", {"seed": 1}, format="json").json()
    assert len(plan["tables"]) == 2 and plan["byes"] == []
    assert players[0].pk not in seated(plan["id"])
