"""One rule for every date-time the API is sent (``web.api.strict``): it carries its offset, and a
time without one is a 400 ``naive`` naming the field, in English and Dutch, never read as UTC
or as Amsterdam time. The cases are every date-time of every request body the schema declares
(a new one fails ``test_every_date_time_of_the_schema_is_tried`` until it is tried here) and
every ``DateTimeField`` of every serializer the API has."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

import pytest
from rest_framework import serializers
from rest_framework.test import APIClient

from clubs.models import ApiToken, Role
from tests.factories import ClubFactory, api_client, user_with_role
from week.planning.models import PlannedNight

pytestmark = pytest.mark.django_db

NAIVE = "2028-07-01T19:30:00"
SUMMER = "2028-07-01T19:30:00+02:00"  # Amsterdam's summer time: 17:30 UTC
AS_STORED = datetime.datetime(2028, 7, 1, 17, 30, tzinfo=datetime.UTC)


def _schema() -> dict[str, Any]:
    return APIClient().get("/api/schema/?format=json").json()


def _resolve(schema: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        node = schema["components"]["schemas"][node["$ref"].rsplit("/", 1)[1]]
    return node


def schema_date_times() -> set[tuple[str, str, str]]:
    """(method, path, field) of every date-time a request body of the schema sends."""
    schema = _schema()
    found = set()
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            body = operation.get("requestBody", {}).get("content", {}).get("application/json")
            if body is None:
                continue
            for name, field in _resolve(schema, body["schema"]).get("properties", {}).items():
                if field.get("format") == "date-time" and not field.get("readOnly"):
                    found.add((method.upper(), path, name))
    return found


@pytest.fixture
def world() -> dict[str, Any]:
    club = ClubFactory()
    organizer = user_with_role(club, Role.ORGANIZER)
    organizer.save()
    night = PlannedNight.objects.create(
        club=club,
        starts_at=datetime.datetime(2028, 6, 1, 18, 0, tzinfo=datetime.UTC),
        ends_at=datetime.datetime(2028, 6, 1, 22, 0, tzinfo=datetime.UTC),
        game="bonken",
    )
    return {"club": club, "night": night, "api": api_client(organizer)}


def _night_times(field: str, value: str) -> dict[str, str]:
    """``value`` as the night's ``field``, the other end of the night given with its offset."""
    if field == "starts_at":
        return {"starts_at": value, "ends_at": "2028-07-01T23:30:00+02:00"}
    return {"starts_at": "2028-07-01T15:30:00+02:00", "ends_at": value}


def _night_planned(world: dict[str, Any], field: str, value: str) -> Any:
    body = {"game": "bonken", **_night_times(field, value)}
    return world["api"].post(f"/api/v1/clubs/{world['club'].pk}/nights/", body, format="json")


def _night_changed(world: dict[str, Any], field: str, value: str) -> Any:
    body = _night_times(field, value)
    return world["api"].patch(f"/api/v1/nights/{world['night'].pk}/", body, format="json")


def _token_made(world: dict[str, Any], field: str, value: str) -> Any:
    return world["api"].post("/api/v1/tokens/", {"name": "app", field: value}, format="json")


def _stored_night(world: dict[str, Any], field: str) -> datetime.datetime:
    return getattr(PlannedNight.objects.order_by("-pk").first(), field)


def _stored_token(world: dict[str, Any], field: str) -> datetime.datetime:
    return getattr(ApiToken.objects.order_by("-pk").first(), field)


Send = Callable[[dict[str, Any], str, str], Any]
Stored = Callable[[dict[str, Any], str], datetime.datetime]

# Every date-time a request sends: how to send it, and where it is stored.
CASES: dict[tuple[str, str, str], tuple[Send, Stored]] = {
    ("POST", "/api/v1/clubs/{club_id}/nights/", "starts_at"): (_night_planned, _stored_night),
    ("POST", "/api/v1/clubs/{club_id}/nights/", "ends_at"): (_night_planned, _stored_night),
    ("PATCH", "/api/v1/nights/{night_id}/", "starts_at"): (_night_changed, _stored_night),
    ("PATCH", "/api/v1/nights/{night_id}/", "ends_at"): (_night_changed, _stored_night),
    ("POST", "/api/v1/tokens/", "expires_at"): (_token_made, _stored_token),
}


def test_every_date_time_of_the_schema_is_tried():
    assert schema_date_times() == set(CASES)


@pytest.mark.parametrize("case", sorted(CASES), ids=lambda case: f"{case[0]} {case[1]} {case[2]}")
def test_a_time_without_its_offset_is_a_400_naming_the_field(world, case):
    send, stored = CASES[case]
    field = case[2]
    nights, tokens = PlannedNight.objects.count(), ApiToken.objects.count()
    for naive in (NAIVE, "2028-07-01T19:30", "2028-07-01 19:30:00"):
        refused = send(world, field, naive)
        assert refused.status_code == 400, (naive, refused.json())
        [problem] = refused.json()["errors"]
        assert problem["code"] == "naive" and problem["field"] == field
        assert "offset" in problem["message"]
        assert "afwijking van UTC" in problem["message_nl"]
    other_digits = SUMMER.replace("2028", "٢٠٢٨")  # Arabic-Indic digits: not read as 2028
    refused = send(world, field, other_digits)
    assert refused.status_code == 400
    assert [(p["code"], p["field"]) for p in refused.json()["errors"]] == [("invalid", field)]
    assert (PlannedNight.objects.count(), ApiToken.objects.count()) == (nights, tokens)
    assert _night_unchanged(world)
    saved = send(world, field, SUMMER)
    assert saved.status_code in (200, 201), saved.json()
    assert stored(world, field) == AS_STORED


def _night_unchanged(world: dict[str, Any]) -> bool:
    night = PlannedNight.objects.get(pk=world["night"].pk)
    return night.starts_at == world["night"].starts_at and night.ends_at == world["night"].ends_at


def _serializers() -> list[type[serializers.Serializer]]:
    import web.api.urls  # noqa: F401  (every view and its serializers)

    found, todo = [], [serializers.Serializer]
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if cls.__module__.startswith(("web.api.", "week.webhooks.", "week.planning.", "clubs.")):
            found.append(cls)
    return found


def test_every_date_time_field_of_every_serializer_refuses_a_naive_time():
    """Not only those the schema shows: a serializer a view reads by hand too."""
    tried = 0
    for cls in _serializers():
        try:
            fields = cls().fields
        except Exception:  # a serializer that needs its context to be made
            continue
        for name, field in fields.items():
            if isinstance(field, serializers.DateTimeField) and not field.read_only:
                tried += 1
                with pytest.raises(serializers.ValidationError) as refused:
                    field.run_validation(NAIVE)
                assert refused.value.get_codes() == ["naive"], (cls, name)
                with pytest.raises(serializers.ValidationError):
                    field.run_validation(SUMMER.replace("2028", "٢٠٢٨"))
                assert field.run_validation(SUMMER) == AS_STORED
    assert tried >= len(CASES)
