"""One name per idea in the API, read from the published schema: a path parameter is named
after its resource (``{event_id}``), a player's name beside their id is ``player_name``,
``game`` is always a game's code (a game's number in a document is ``game_number``, one
Bonken game a ``part``), and games, seating methods, a bell's status and contract codes are
enums a generated client types."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from clubs.models import Role
from games.registry import games
from tests.documents import classic_document
from tests.factories import EventFactory, api_client, seated_table, user_with_role

pytestmark = pytest.mark.django_db
SINGULAR = {"entries": "entry", "deliveries": "delivery", "sunmar": "upload"}
# Path parameters that are not an id: a door's, an answer link's or a personal link's token
# (a player's e-mail settings), a club's or a league's slug in the public feeds (a backup upload
# is under the importer's name: /imports/sunmar/{upload_id}/).
NOT_IDS = {
    ("door", "token"),
    ("rsvp", "token"),
    ("mail-settings", "token"),
    ("clubs", "slug"),
    ("leagues", "slug"),
}
# An event's scorer is one of its players: removed by the player's id; a player's personal link
# at a club is read, renewed and switched off by the player's id.
BY_PLAYER = {("scorers", "player_id"), ("personal-links", "player_id")}


@pytest.fixture(scope="module")
def schema(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    path = tmp_path_factory.mktemp("schema") / "schema.json"
    call_command("spectacular", "--file", str(path), "--format", "openapi-json")
    return json.loads(path.read_text())  # type: ignore[no-any-return]


def _objects(node: Any, where: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every object schema with properties, nested ones too: (where, its properties)."""
    if isinstance(node, dict):
        if isinstance(node.get("properties"), dict):
            yield where, node["properties"]
        for key, value in node.items():
            yield from _objects(value, f"{where}/{key}")
    elif isinstance(node, list):
        for value in node:
            yield from _objects(value, where)


def test_a_path_parameter_is_named_after_its_resource(schema: dict[str, Any]) -> None:
    for path, item in schema["paths"].items():
        for resource, name in re.findall(r"/([a-z-]+)/\{(\w+)\}", path):
            if (resource, name) in NOT_IDS | BY_PLAYER:
                continue
            singular = SINGULAR.get(resource, resource.removesuffix("s"))
            assert name == f"{singular}_id", (path, name)
        declared = {
            p["name"]
            for operation in item.values()
            if isinstance(operation, dict)
            for p in operation.get("parameters", [])
            if p["in"] == "path"
        }
        assert declared == set(re.findall(r"\{(\w+)\}", path)), path


def test_a_players_name_beside_their_id_is_player_name(schema: dict[str, Any]) -> None:
    answers = {
        name: component
        for name, component in schema["components"]["schemas"].items()
        if not name.endswith("Request")  # a request names a player by id only
    }
    for where, properties in _objects(answers):
        assert "player_id" not in properties, where  # a player's id is ``player``
        if "player" in properties and properties["player"].get("type") == "integer":
            assert "name" not in properties, where  # the player's name is player_name
        if "player_name" in properties:
            assert "player" in properties, where


def test_game_is_always_a_games_code(schema: dict[str, Any]) -> None:
    codes = set(games())
    for where, properties in _objects(schema["components"]["schemas"]):
        game = properties.get("game")
        if game is not None:
            assert game.get("type") == "string", where
            assert set(game["enum"]) - {None} <= codes and game["enum"], where
    schemas = schema["components"]["schemas"]
    assert set(schemas["Problem"]["properties"]) == {
        "code",
        "message",
        "message_nl",
        "game_number",
        "field",
    }
    assert set(schemas["GameAppendRequest"]["properties"]) == {"part", "expected_revision"}
    assert schemas["GameAppendRequest"]["required"] == ["part"]
    assert schemas["StatsContract"]["properties"]["played"]["type"] == "integer"
    assert "games" not in schemas["StatsContract"]["properties"]
    for path, item in schema["paths"].items():
        for operation in item.values():
            for parameter in operation.get("parameters", []) if isinstance(operation, dict) else []:
                if parameter["name"] == "game":
                    assert set(parameter["schema"]["enum"]) - {""} == codes, path


def test_games_seating_methods_statuses_and_contracts_are_enums(schema: dict[str, Any]) -> None:
    schemas = schema["components"]["schemas"]
    for name in ("Event", "Session", "Night", "Ruleset", "RatingsMeta", "SeasonMeta"):
        assert set(schemas[name]["properties"]["game"]["enum"]) == set(games()), name
    assert "swiss" in schemas["Event"]["properties"]["seating_method"]["enum"]
    assert schemas["Bell"]["properties"]["status"]["allOf"] == [
        {"$ref": "#/components/schemas/RoundStatusEnum"}
    ]
    part = schemas["BonkenPart"]["properties"]["contract"]["anyOf"]
    assert "hearts" in part[0]["enum"] and "king_of_hearts" in part[0]["enum"]
    assert part[1]["pattern"]  # a house ruleset's own contracts
    stats = schemas["StatsContract"]["properties"]["contract"]["anyOf"]
    assert stats[0]["enum"] == part[0]["enum"]


def test_an_error_names_the_games_number_as_game_number() -> None:
    document = classic_document()
    document["games"][1]["chooser"] = 5
    response = APIClient().post("/api/v1/sessions/validate/", document, format="json")
    assert response.status_code == 400
    problem = response.json()["errors"][0]
    assert problem["game_number"] == 2 and "game" not in problem
    missing = APIClient().get("/api/v1/no-such-thing/").json()["errors"][0]
    assert missing["code"] == "not_found" and "game" not in missing
    assert missing["game_number"] is None


def test_the_next_part_is_sent_as_part_only() -> None:
    event = EventFactory()
    table = seated_table(event)
    client = api_client(user_with_role(event.club, Role.ORGANIZER))
    url = f"/api/v1/tables/{table.pk}/session/games/"
    part = classic_document()["games"][0]
    refused = client.post(url, {"game": part}, format="json")
    assert refused.status_code == 400
    assert refused.json()["errors"][0]["field"] == "part"
    added = client.post(url, {"part": part}, format="json")
    assert added.status_code == 201, added.content


def test_a_renamed_error_answer_is_sent_whole() -> None:
    """The numbering is written after the framework counted the answer's length: the length
    sent is the body's own, so a client reads the whole answer (a Dutch message included)."""
    document = classic_document()
    document["games"][1]["chooser"] = 5
    response = APIClient().post("/api/v1/sessions/validate/", document, format="json")
    assert response.status_code == 400
    assert response["Content-Length"] == str(len(response.content))
    problem = json.loads(response.content)["errors"][0]
    assert problem["game_number"] == 2 and problem["message_nl"]
