"""The documents in the schema match what the service stores: every game's stored sessions, as
the API answers them, validate against the schema's components (``Session`` with its game's
document, each game's ``...Document``); ``GameAppendRequest.part`` is each game's part; and
``ValidationResult`` takes every game's keys."""

from __future__ import annotations

import importlib
import json
import random
import re
from typing import Any

import jsonschema
import pytest
from django.core.management import call_command

from clubs.models import Role
from games.registry import games
from results.services import session_submit
from tests.documents import classic_document
from tests.factories import EventFactory, PlayerFactory, api_client, seated_table, user_with_role

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def schema(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    path = tmp_path_factory.mktemp("schema") / "schema.json"
    call_command("spectacular", "--file", str(path), "--format", "openapi-json")
    return json.loads(path.read_text())  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def components(schema: dict[str, Any]) -> dict[str, Any]:
    return _json_schema(schema["components"])


def test_one_name_per_path_parameter(schema: dict[str, Any]) -> None:
    """An event's id is {event_id} in every path, never {id} in some (the same for every
    resource)."""
    names: dict[str, set[str]] = {}
    slugs: set[str] = set()
    for path in schema["paths"]:
        for resource, name in re.findall(r"/([a-z]+)/\{(\w+)\}", path):
            if name == "slug":  # a club's or a league's slug (the public feeds): not an id
                slugs.add(resource)
                continue
            names.setdefault(resource, set()).add(name)
    assert all(len(found) == 1 for found in names.values()), names
    assert slugs <= {"clubs", "leagues"}, slugs
    assert names["events"] == {"event_id"} and names["entries"] == {"entry_id"}


def _json_schema(node: Any) -> Any:
    """OpenAPI 3.0's ``nullable`` as JSON Schema says it (null allowed as well)."""
    if isinstance(node, list):
        return [_json_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    node = {key: _json_schema(value) for key, value in node.items() if key != "discriminator"}
    if node.pop("nullable", False):
        if "enum" in node and None not in node["enum"]:
            node["enum"] = [*node["enum"], None]
        if "type" in node:
            node["type"] = [node["type"], "null"]
        else:
            node = {"anyOf": [node, {"type": "null"}]}
    return node


def _validate(components: dict[str, Any], name: str, value: Any) -> None:
    schema = {"$ref": f"#/components/schemas/{name}", "components": components}
    jsonschema.Draft202012Validator(schema).validate(value)


def _document(code: str, seats: int, rng: random.Random) -> dict[str, Any]:
    if code == "bonken":
        return classic_document()
    if code == "bonko":
        return {
            "game": "bonko",
            "set": 1,
            "round": 1,
            "bonkos": [0, 0, 0, 0],
            "teams": [
                {"seats": [0, 2], "score": 21, "rolloff": []},
                {"seats": [1, 3], "score": 9, "rolloff": []},
            ],
        }
    game = games()[code]
    sample = importlib.import_module(f"games.{code}.rules.sample")
    return sample.random_session(rng, seats=seats, ruleset=game.rulesets[game.default_ruleset])


def test_a_classic_bonken_session_fits_its_document(components: dict[str, Any]) -> None:
    document = classic_document()
    assert any(
        max(game["counts"]) > 3
        for game in document["games"]
        if isinstance(game.get("counts"), list)
    )
    _validate(components, "BonkenDocument", document)


@pytest.mark.parametrize("code", sorted(games()))
def test_stored_sessions_of_every_game_validate(components: dict[str, Any], code: str) -> None:
    seats = 5 if code == "bonanza" else 4
    event = EventFactory(game=code, ruleset=games()[code].default_ruleset)
    table = seated_table(event, players=PlayerFactory.create_batch(seats))
    organizer = user_with_role(event.club, Role.ORGANIZER)
    document = _document(code, seats, random.Random(3))
    session_submit(table=table, submitted_by=organizer, document=document)
    api = api_client(organizer)
    stored = api.get(f"/api/v1/tables/{table.pk}/session/").json()
    assert stored["game"] == code
    _validate(components, f"{code.capitalize()}Document", stored["document"])
    _validate(components, "Session", stored)
    listed = api.get(f"/api/v1/sessions/{stored['id']}/revisions/").json()
    _validate(components, "PaginatedSessionRevisionList", listed)
    checked = api.post("/api/v1/sessions/validate/", document, format="json")
    assert checked.status_code == 200, checked.json()
    _validate(components, "ValidationResult", checked.json())
    key = games()[code].parts_key
    if key:
        _validate(components, "GameAppendRequest", {"part": stored["document"][key][0]})


def test_a_part_of_the_wrong_shape_fails_the_schema(components: dict[str, Any]) -> None:
    with pytest.raises(jsonschema.ValidationError):
        _validate(components, "GameAppendRequest", {"part": "not a part"})


def test_games_seating_methods_and_statuses_are_enums(schema: dict[str, Any]) -> None:
    schemas = schema["components"]["schemas"]
    assert schemas["Event"]["properties"]["game"]["enum"] == sorted(games())
    assert schemas["Session"]["properties"]["game"]["enum"] == sorted(games())
    assert "swiss" in schemas["Event"]["properties"]["seating_method"]["enum"]
    assert "swiss" in schemas["PatchedEventRequest"]["properties"]["seating_method"]["enum"]
    status = schemas["Bell"]["properties"]["status"]
    assert status["allOf"] == [{"$ref": "#/components/schemas/RoundStatusEnum"}]
