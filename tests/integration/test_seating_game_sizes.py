"""Seating at the tables each game allows, through the API and the seating service: a Jonkler
night of 14 at 5 + 5 + 4 for three rounds, Bonanza Rummy at tables around five, Bonko and
Bonken keeping their tables of four with byes, and manual rounds checked against the game."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from rest_framework.test import APIClient

import seating
from clubs.models import Role
from tests.factories import EventFactory, PlayerFactory, user_with_role
from tournaments.models import Bye, EventPlayer, Round, Seat
from tournaments.rounds.services import round_accept, round_generate

pytestmark = pytest.mark.django_db


def event_of(game: str, ruleset: str, count: int, planned_rounds: int = 3):
    event = EventFactory(game=game, ruleset=ruleset, planned_rounds=planned_rounds)
    players = PlayerFactory.create_batch(count)
    for player in players:
        EventPlayer.objects.create(event=event, player=player)
    organizer = user_with_role(event.club, Role.ORGANIZER)
    client = APIClient()
    client.force_authenticate(organizer)
    return event, players, client, organizer


def table_sizes(round_id: int) -> list[int]:
    round_ = Round.objects.get(pk=round_id)
    return [table.seats.count() for table in round_.tables.order_by("number")]


def test_a_jonkler_night_of_fourteen_sits_five_five_four_for_three_rounds():
    event, players, client, _ = event_of("jonkler", "jonkler", 14)
    meetings: dict[tuple[int, int], int] = {}
    for number in range(1, 4):
        response = client.post(f"/api/v1/events/{event.pk}/seating/", {"seed": 5}, format="json")
        assert response.status_code == 201, response.json()
        plan = response.json()
        assert plan["number"] == number
        assert [len(t["seats"]) for t in plan["tables"]] == [5, 5, 4]
        assert plan["byes"] == []
        assert table_sizes(plan["id"]) == [5, 5, 4]
        for table in plan["tables"]:
            assert sorted(s["position"] for s in table["seats"]) == list(range(len(table["seats"])))
            ids = sorted(s["player"] for s in table["seats"])
            for pair in combinations(ids, 2):
                meetings[pair] = meetings.get(pair, 0) + 1
        seated = Seat.objects.filter(round_id=plan["id"]).values_list("player_id", flat=True)
        assert sorted(seated) == sorted(p.pk for p in players)
        assert client.post(f"/api/v1/rounds/{plan['id']}/accept/").status_code == 200
    quality = plan["quality"]
    assert quality["lower_bound"] == seating.lower_bound(14, 3, (3, 4, 5, 6), 4)
    assert quality["repeated_pairs"] == sum(m - 1 for m in meetings.values() if m > 1)
    assert quality["repeated_pairs"] <= quality["lower_bound"] + 2


def test_seven_jonkler_players_sit_four_and_three_and_two_are_too_few():
    event, players, client, organizer = event_of("jonkler", "jonkler", 7)
    round_ = round_generate(event=event, actor=organizer, method="random", seed=1)
    assert table_sizes(round_.pk) == [4, 3] and not Bye.objects.filter(round=round_).exists()
    small, _, small_client, _ = event_of("jonkler", "jonkler", 2)
    response = small_client.post(f"/api/v1/events/{small.pk}/seating/", {}, format="json")
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert error["code"] == "too_few_players" and "at least 3" in error["message"]


@pytest.mark.parametrize("method", ["balanced", "random", "swiss", "progressive"])
def test_a_bonanza_event_seats_every_method_at_tables_around_five(method):
    event, players, client, organizer = event_of("bonanza", "bonanza", 12)
    for _ in range(2):
        round_ = round_generate(event=event, actor=organizer, method=method, seed=3)
        assert table_sizes(round_.pk) == [6, 6]
        assert not Bye.objects.filter(round=round_).exists()
        round_accept(round_=round_, actor=organizer)
    EventPlayer.objects.filter(player=players[0]).update(present=False)
    round_ = round_generate(event=event, actor=organizer, method=method, seed=3)
    assert table_sizes(round_.pk) == [6, 5]


def test_bonken_and_bonko_keep_tables_of_four_with_byes():
    for game, ruleset in (("bonken", "classic"), ("bonko", "bonko")):
        event, _, client, _ = event_of(game, ruleset, 17)
        # Balanced seating (a Bonko night's own seating moves teams by their results).
        plan = client.post(
            f"/api/v1/events/{event.pk}/seating/", {"seed": 2, "method": "balanced"}, format="json"
        ).json()
        assert [len(t["seats"]) for t in plan["tables"]] == [4, 4, 4, 4]
        assert len(plan["byes"]) == 1


def test_manual_seating_takes_the_games_sizes():
    event, players, client, _ = event_of("jonkler", "jonkler", 7)
    ids = [p.pk for p in players]
    good = client.post(
        f"/api/v1/events/{event.pk}/seating/manual/", {"tables": [ids[:3], ids[3:]]}, format="json"
    )
    assert good.status_code == 201, good.json()
    assert table_sizes(good.json()["id"]) == [3, 4]
    bad = client.post(
        f"/api/v1/events/{event.pk}/seating/manual/", {"tables": [ids[:2], ids[2:]]}, format="json"
    )
    assert bad.status_code == 400
    assert "table 1 has 2 players" in bad.json()["errors"][0]["message"]
    bonken, bonken_players, bonken_client, _ = event_of("bonken", "classic", 8)
    ids = [p.pk for p in bonken_players]
    refused = bonken_client.post(
        f"/api/v1/events/{bonken.pk}/seating/manual/", {"tables": [ids[:3], ids[3:]]}, format="json"
    )
    assert refused.status_code == 400


def test_a_late_arrival_is_seated_at_the_next_round_of_the_jonkler_night():
    event, players, client, organizer = event_of("jonkler", "jonkler", 15)
    EventPlayer.objects.filter(player=players[-1]).update(present=False)
    first = round_generate(event=event, actor=organizer, seed=random.Random(1).randrange(99))
    assert table_sizes(first.pk) == [5, 5, 4]
    round_accept(round_=first, actor=organizer)
    EventPlayer.objects.filter(player=players[-1]).update(present=True)
    second = round_generate(event=event, actor=organizer)
    assert table_sizes(second.pk) == [4, 4, 4, 3]
    seated = Seat.objects.filter(round=second).values_list("player_id", flat=True)
    assert sorted(seated) == sorted(p.pk for p in players)
