"""The session documents the schema and docs/api.md show, one per game and table size: each is
accepted as it is, by the validation endpoint and by a table of that size of its game (the
table's first round: a Bonko example is the first round's), and the first part of a game filled
part by part is accepted as a table's first part."""

from __future__ import annotations

import pytest

from clubs.models import Role
from games.registry import games
from results.models import Session
from tests.factories import EventFactory, PlayerFactory, api_client, seated_table, user_with_role
from web.api.openapi.examples import document_examples, part_examples

pytestmark = pytest.mark.django_db

EXAMPLES = document_examples()


def _table(name: str):
    example = EXAMPLES[name]["value"]
    game = games()[example["game"]]
    seats = int(name.rsplit("_", 2)[1])
    event = EventFactory(game=game.code, ruleset=game.default_ruleset)
    players = [PlayerFactory(name=f"Speler {n}") for n in range(1, seats + 1)]
    table = seated_table(event, players=players)
    return table, api_client(user_with_role(event.club, Role.ORGANIZER))


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_each_example_is_valid_as_it_is(name):
    response = api_client().post(
        "/api/v1/sessions/validate/", EXAMPLES[name]["value"], format="json"
    )
    assert response.status_code == 200, response.content
    assert response.json()["valid"] is True, response.json()


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_each_example_is_stored_by_a_table_of_its_size(name):
    table, api = _table(name)
    response = api.put(
        f"/api/v1/tables/{table.pk}/session/", {"document": EXAMPLES[name]["value"]}, format="json"
    )
    assert response.status_code == 201, response.content
    assert Session.objects.get(table=table).complete


@pytest.mark.parametrize("name", sorted(part_examples()))
def test_each_first_part_starts_a_table(name):
    table, api = _table(name)
    body = part_examples()[name]["value"]
    example = EXAMPLES[name]["value"]
    if "first_dealer" in example:  # Jonkler and Bonanza: the first part says who dealt it
        body = {**body, "first_dealer": example["first_dealer"]}
    response = api.post(f"/api/v1/tables/{table.pk}/session/games/", body, format="json")
    assert response.status_code == 201, response.content


def test_the_bonko_example_belongs_to_the_first_round_and_says_so():
    example = EXAMPLES["bonko_4_seats"]["value"]
    assert (example["set"], example["round"]) == (1, 1) and not example.get("king")
    event = EventFactory(game="bonko", ruleset="bonko")
    seated_table(event, round_number=1)
    table = seated_table(event, round_number=2)
    api = api_client(user_with_role(event.club, Role.ORGANIZER))
    url = f"/api/v1/tables/{table.pk}/session/"
    refused = api.put(url, {"document": example}, format="json")
    assert refused.status_code == 400
    assert refused.json()["errors"][0]["code"] == "round_mismatch"
    bare = {key: value for key, value in example.items() if key not in ("set", "round")}
    refused = api.put(url, {"document": bare}, format="json")
    assert refused.status_code == 400
    assert "rolls_sum" in {error["code"] for error in refused.json()["errors"]}
