"""The OpenAPI schema says exactly what the API does: every documented GET operation, called
with real objects, answers as its schema declares (a list where a list is declared, typed
fields, no pagination where none is given), and no description is an internal docstring."""

from __future__ import annotations

import functools
import json
import re
from typing import Any

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections

from clubs.access.tokens import api_token_create
from clubs.models import Role
from config.wsgi import application
from ranking.ratings.services import ratings_update
from ranking.standings.services import standings_recompute
from results.models import Session
from results.services import session_submit
from tests.documents import classic_document
from tests.factories import EventFactory, seated_table, user_with_role
from tests.integration.league_support import league_of_club
from week.mailings import links as mail_links
from week.planning.links import rsvp_link_issue


@functools.cache
def api_schema() -> Any:
    """The schema, read once by the test process that runs these tests (not at collection)."""
    return schemathesis.openapi.from_wsgi("/api/schema/", application)


CHECKS = [
    schemathesis.checks.not_a_server_error,
    schemathesis.checks.response_schema_conformance,
    schemathesis.checks.content_type_conformance,
]


@pytest.fixture
def keep_test_connection():
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def world(db, keep_test_connection) -> dict[str, int | str]:
    event = EventFactory(published=True)
    organizer = user_with_role(event.club, Role.ORGANIZER)
    table = seated_table(event)
    session_submit(table=table, submitted_by=organizer, document=classic_document())
    standings_recompute(event_id=event.pk)
    ratings_update(club_id=event.club_id)
    seat = table.seats.order_by("position").first()
    token, key = api_token_create(user=organizer, name="schema")
    # The seat's player has a personal link (GET .../personal-links/{player_id}/ reads it).
    rsvp_link_issue(club=event.club, player=seat.player, actor=organizer, renew=False)
    # A league of the club, addressed by the club's slug too (its feeds' {slug}).
    _league, season = league_of_club(event, organizer)
    return {
        "season": season.pk,
        "key": key,
        "event": event.pk,
        "club": event.club_id,
        "round": table.round_id,
        "table": table.pk,
        "session": Session.objects.get(table=table).pk,
        "player": seat.player_id,
        "seat": seat.pk,
        "token": token.pk,
        "membership": event.club.memberships.first().pk,
        "slug": event.club.slug,
        # A personal link's token (a player's e-mail settings), not an API token's id.
        "link": mail_links.token(seat.player_id, mail_links.PREFERENCES),
    }


PARAMETER = {"slug": "slug", "token": "link"}


def path_values(path: str, world: dict) -> dict[str, int]:
    values = {}
    for name in re.findall(r"{(\w+)}", path):
        if name in PARAMETER:
            values[name] = world[PARAMETER[name]]
        elif name.removesuffix("_id") in world:  # {event_id}, {session_id}, ...
            values[name] = world[name.removesuffix("_id")]
        else:
            return {}
    return values


def test_every_documented_read_answers_as_its_schema_says(world):
    checked = 0
    for result in api_schema().get_all_operations():
        operation = result.ok()
        if operation.method.upper() != "GET":
            continue
        values = path_values(operation.path, world)
        if re.search(r"{\w+}", operation.path) and not values:
            continue  # a path whose object this test does not make
        case = operation.Case(path_parameters=values)
        response = case.call(headers={"Authorization": f"Token {world['key']}"})
        assert response.status_code == 200, (operation.path, response.status_code)
        case.validate_response(response, checks=CHECKS)
        checked += 1
    assert checked >= 20


def test_no_description_is_an_internal_docstring():
    text = json.dumps(api_schema().raw_schema)
    for internal in (
        "plain CRUD",
        "actor's role",
        "ClubWriteMixin",
        "GuardedWriteMixin",
        "web.api.access.permissions",
    ):
        assert internal not in text


HOSTILE_BODIES = [
    "[" * 5000 + "]" * 5000,  # nested thousands deep
    json.dumps({"name": "x" * 1_000_000}),  # a huge string
    json.dumps({"number": 10**400, "planned_rounds": -(10**30), "position": 1e308}),
    json.dumps(
        {
            "name": "Ŝƥëĉïåĺ ²³ ٣ 🂡 \u202e\u0000",
            "date": "２０２６-11-24",
            "document": {"games": [{"contract": "\ud83c", "chooser": "٣"}]},
        }
    ),
    json.dumps([{"a": None}] * 1000),
    '{"unterminated": ',
]


def test_every_json_write_survives_hostile_bodies(world):
    """A fuzz of every operation that takes a JSON body: nested, huge and Unicode input is a
    4xx (or a valid write), never a 5xx."""
    checked = parse_errors = 0
    for result in api_schema().get_all_operations():
        operation = result.ok()
        if operation.method.upper() not in ("POST", "PUT", "PATCH"):
            continue
        values = path_values(operation.path, world)
        if re.search(r"{\w+}", operation.path) and not values:
            continue
        for body in HOSTILE_BODIES:
            case = operation.Case(path_parameters=values)
            response = case.call(
                headers={
                    "Authorization": f"Token {world['key']}",
                    "Content-Type": "application/json",
                },
                data=body.encode("utf-8", "surrogatepass"),
            )
            assert response.status_code < 500, (operation.path, body[:40], response.text[:200])
            checked += 1
            if body.startswith("[[[") and response.status_code == 400:
                parse_errors += response.json()["errors"][0]["code"] == "parse_error"
    assert checked >= 60
    assert parse_errors >= 10  # the bodies did reach the parser
