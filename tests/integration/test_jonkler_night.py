"""A Jonkler night through the API: an event of the game, tables of five and four, each table's
rounds entered one by one (the dealer's forbidden bid refused with the dealer's name), a session
validated without storing, and the standings by total points."""

from __future__ import annotations

import random

import pytest
from rest_framework.test import APIClient

from clubs.models import Membership, Role
from games.jonkler.rules import GAME
from games.jonkler.rules.sample import random_session
from ranking.standings.services import standings_recompute
from tests.factories import ClubFactory, PlayerFactory, user_with_role

pytestmark = pytest.mark.django_db


def test_a_jonkler_night_through_the_api():
    club = ClubFactory()
    api = APIClient()
    api.force_authenticate(user_with_role(club, Role.ORGANIZER))
    players = PlayerFactory.create_batch(9)
    for player in players:
        Membership.objects.create(club=club, player=player)
    event = api.post(
        "/api/v1/events/",
        {"club": club.pk, "name": "Jonkleravond", "date": "2026-11-24", "game": "jonkler"},
        format="json",
    ).json()
    assert (event["game"], event["ruleset"]) == ("jonkler", "jonkler")
    round_ = api.post("/api/v1/rounds/", {"event": event["id"]}, format="json").json()
    tables = []
    for number, seated in ((1, players[:5]), (2, players[5:])):
        table = api.post(
            "/api/v1/tables/", {"round": round_["id"], "number": number}, format="json"
        ).json()
        for position, player in enumerate(seated):
            answer = api.post(
                "/api/v1/seats/",
                {"table": table["id"], "position": position, "player": player.pk},
                format="json",
            )
            assert answer.status_code == 201, answer.json()
        tables.append((table, len(seated)))

    rng = random.Random(11)
    for table, seats in tables:
        document = random_session(rng, seats=seats, ruleset=GAME.rulesets["jonkler"])
        url = f"/api/v1/tables/{table['id']}/session/"
        first = {**document, "rounds": document["rounds"][:1]}
        assert api.put(url, {"document": first}, format="json").status_code == 201
        for played in document["rounds"][1:]:
            added = api.post(f"{url}games/", {"part": played}, format="json")
            assert added.status_code == 201, added.json()
        session = added.json()
        assert session["complete"] is True
        assert [seat["total"] for seat in session["seats"]] == GAME.score(document).totals

    # The hook: on a fresh table the dealer may not make the bids add up to the round's tricks.
    hooked = {
        "game": "jonkler",
        "seats": 4,
        "first_dealer": 0,
        "rounds": [{"bids": [0, 1, 0, 0], "tricks": [0, 1, 0, 0]}],
    }
    answer = api.post("/api/v1/sessions/validate/", hooked, format="json")
    assert answer.status_code == 400
    assert [error["code"] for error in answer.json()["errors"]] == ["hook_rule"]

    standings_recompute(event_id=event["id"])
    lines = api.get(f"/api/v1/events/{event['id']}/standings/").json()["results"]
    assert len(lines) == 9
    totals = [line["total"] for line in lines]
    assert totals == sorted(totals, reverse=True)
