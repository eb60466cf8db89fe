"""The OpenAPI schema and the API's answers agree: what can come back is declared, and what
the schema forbids is refused (found by schemathesis --checks all; the fuzz test keeps it so)."""

import re

import pytest
from rest_framework.test import APIClient

from clubs.access.tokens import api_token_create
from clubs.models import Role
from tests.factories import EventFactory, api_client, user_with_role
from web.api.openapi.schema import NOT_BLANK

pytestmark = pytest.mark.django_db

WRITES = ("post", "put", "patch", "delete")


@pytest.fixture
def schema() -> dict:
    return APIClient().get("/api/schema/?format=json").json()


def operations(schema: dict):
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            yield path, method, operation


def test_every_operation_declares_its_error_answers_with_the_error_shape(schema):
    error = {"$ref": "#/components/schemas/ErrorResponse"}
    for path, method, operation in operations(schema):
        responses = operation["responses"]
        expected = {"400", "401", "403", "406", "414", "429"}
        if "{" in path:
            expected.add("404")
        if method in WRITES:
            expected.add("409")
        if "requestBody" in operation:
            expected |= {"413", "415"}
        assert expected <= set(responses), (method, path, sorted(expected - set(responses)))
        for status in expected - {"414"}:
            assert responses[status]["content"]["application/json"]["schema"] == error, (
                method,
                path,
                status,
            )
        assert "Retry-After" in responses["429"]["headers"]


def test_request_bodies_are_json_except_the_backup_upload(schema):
    for path, method, operation in operations(schema):
        if "requestBody" not in operation:
            continue
        media = set(operation["requestBody"]["content"])
        if path.endswith("/imports/sunmar/"):
            assert media == {"multipart/form-data"}
        else:
            assert media == {"application/json"}, (method, path, media)


def test_csv_answers_are_text_in_the_schema(schema):
    ratings = schema["paths"]["/api/v1/clubs/{club_id}/ratings/"]["get"]
    assert ratings["responses"]["200"]["content"]["text/csv"]["schema"] == {"type": "string"}
    assert "text/csv" in ratings["responses"]["400"]["content"]
    game = next(p for p in ratings["parameters"] if p["name"] == "game")
    assert set(game["schema"]["enum"]) >= {"bonken", "jonkler", "bonko", "bonanza"}


def test_page_parameters_are_bounded_in_the_schema(schema):
    parameters = {
        p["name"]: p["schema"] for p in schema["paths"]["/api/v1/events/"]["get"]["parameters"]
    }
    assert parameters["limit"] == {"type": "integer", "minimum": 1, "maximum": 200}
    assert parameters["offset"] == {"type": "integer", "minimum": 0}
    assert parameters["club"]["type"] == "integer"


@pytest.mark.parametrize(
    "query",
    [
        "offset=null&offset=null",
        "offset=1&offset=2",
        "limit=",
        "limit=abc",
        "limit=0",
        "limit=201",
        "offset=-1",
        "offset=1.5",
    ],
)
def test_bad_page_parameters_are_refused(query):
    response = APIClient().get(f"/api/v1/events/?{query}")
    assert response.status_code == 400, response.content
    problem = response.json()["errors"][0]
    assert problem["field"] in ("limit", "offset")
    assert problem["message_nl"] != problem["message"]


def test_good_page_parameters_are_taken():
    EventFactory.create_batch(3, published=True)
    body = APIClient().get("/api/v1/events/?limit=2&offset=1").json()
    assert body["count"] == 3 and len(body["results"]) == 2


@pytest.mark.parametrize(
    ("query", "code"),
    [
        ("limt=5", "unknown_parameter"),
        ("format=json", "unknown_parameter"),
        ("club=1&club=2", "repeated_parameter"),
        ("club=", "blank_parameter"),
        ("published=maybe", "invalid"),
        ("club=abc", "invalid_parameter"),
        ("club=0.0", "invalid_parameter"),
        ("club=1e3", "invalid_parameter"),
        ("club=%201", "invalid_parameter"),
        ("date=2026-1-7", "invalid"),
        ("date=07-01-2026", "invalid"),
    ],
)
def test_query_parameters_the_schema_does_not_allow_are_refused(query, code):
    response = APIClient().get(f"/api/v1/events/?{query}")
    assert response.status_code == 400, response.content
    assert response.json()["errors"][0]["code"] == code


def test_a_filter_on_an_id_that_names_nothing_answers_an_empty_list():
    event = EventFactory(published=True)
    client = APIClient()
    assert client.get("/api/v1/events/?club=999999").json()["count"] == 0
    assert client.get(f"/api/v1/events/?club={2**70}").json()["count"] == 0
    assert (
        client.get(
            f"/api/v1/events/?club={event.club_id}&published=true&date={event.date.isoformat()}"
        ).json()["count"]
        == 1
    )


@pytest.mark.parametrize(
    "path",
    [
        f"/api/v1/tables/{2**68}/session/",
        f"/api/v1/tables/{2**63}/session/games/",
        f"/api/v1/events/{2**63}/",
        f"/api/v1/events/{'9' * 5000}/",
    ],
)
def test_an_id_in_the_path_past_every_stored_id_names_nothing(path):
    """On SQLite as on PostgreSQL: a 404 in the error shape, never a refusal of its shape."""
    organizer = user_with_role(EventFactory().club, Role.ORGANIZER)
    for method in ("get", "put", "post"):
        response = api_client(organizer).generic(method.upper(), path, "{}", "application/json")
        assert response.status_code in (404, 405), (method, response.content)
        if response.status_code == 404:
            assert response.json()["errors"][0]["code"] == "not_found"


def test_an_unknown_api_path_answers_the_json_error_shape():
    response = APIClient().get("/api/v1/no-such-thing/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("application/json")
    assert response.json()["errors"][0]["code"] == "not_found"


def test_a_text_field_takes_text_only():
    event = EventFactory()
    user = user_with_role(event.club, Role.ORGANIZER)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {api_token_create(user=user, name='t')[1]}")
    response = client.post("/api/v1/clubs/", {"name": 12}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "name"


def test_rulesets_of_an_unknown_game_are_refused():
    event = EventFactory()
    client = APIClient()
    assert client.get(f"/api/v1/clubs/{event.club_id}/rulesets/?game=bonken").status_code == 200
    response = client.get(f"/api/v1/clubs/{event.club_id}/rulesets/?game=chess")
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "game"


def _organizer_client(event):
    client = APIClient()
    user = user_with_role(event.club, Role.ORGANIZER)
    client.credentials(HTTP_AUTHORIZATION=f"Token {api_token_create(user=user, name='t')[1]}")
    return client


@pytest.mark.parametrize(
    "body",
    [{"published": 0}, {"published": "true"}, {"published": None}],
)
def test_a_yes_no_field_takes_true_or_false_in_json(body):
    event = EventFactory()
    response = _organizer_client(event).post(
        f"/api/v1/events/{event.pk}/publish/", body, format="json"
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "published"


def test_a_form_still_sends_yes_no_as_text():
    event = EventFactory()
    response = _organizer_client(event).post(
        f"/api/v1/events/{event.pk}/publish/", {"published": "true"}, format="multipart"
    )
    assert response.status_code == 200, response.content


def test_a_number_field_takes_no_true_or_false():
    event = EventFactory()
    response = _organizer_client(event).put(
        f"/api/v1/events/{event.pk}/standings-config/",
        {
            "standings_order": ["total"],
            "points_per_place": [0],
            "bye_credit": "none",
            "bye_points": 0,
            "bye_placement_points": False,
        },
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "bye_placement_points"


def test_a_bare_json_value_is_no_body():
    event = EventFactory()
    response = _organizer_client(event).post(
        f"/api/v1/events/{event.pk}/close/", "null", content_type="application/json"
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "parse_error"


def test_the_schema_is_openapi_3_0(schema):
    """3.0.3 has no null type, and a default must be a valid value."""
    import json

    text = json.dumps(schema)
    assert '"type": "null"' not in text

    def walk(node):
        if isinstance(node, dict):
            if node.get("minLength", 0) >= 1:
                assert node.get("default") != "", node
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(schema)
    reason = schema["components"]["schemas"]["ReasonRequest"]["properties"]["reason"]
    assert reason["pattern"] == NOT_BLANK
    assert not re.search(NOT_BLANK, " \x1c\x85\u3000")
