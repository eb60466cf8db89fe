"""Every whole-number query parameter's bounds in the schema are the ones the server keeps: the
schema's ``minimum`` and ``maximum`` are accepted and one past them is a 400 naming the
parameter; where the schema declares no bound, a value far past where one would be is
accepted. (``top`` of a club's ratings feed was refused at 0 while the schema allowed it.)
Each operation and parameter comes from the schema, so a new one is checked too."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from clubs.models import Membership, Role
from results.services import session_submit
from tests.documents import classic_document
from tests.factories import EventFactory, RoundFactory, api_client, seated_table
from tests.integration.league_support import league_of_club
from week.planning.models import PlannedNight
from week.webhooks.models import Hook

pytestmark = pytest.mark.django_db

FAR = 10**18  # past any bound the server might keep, within what a column holds
# A bound of the data, not of the number, that the schema cannot state: ?set= names a set the
# event has begun (the world's event has begun set 1 only).
DATA_BOUNDS = {("/api/v1/events/{event_id}/standings/", "set", "maximum")}
# What an operation needs besides the parameter tried (the world's club plays two games).
CONTEXT = {"/api/v1/clubs/{club_id}/season-standings/": {"game": "bonken"}}


def _schema() -> dict[str, Any]:
    return APIClient().get("/api/schema/?format=json").json()


def whole_number_parameters() -> list[tuple[str, str, dict[str, Any]]]:
    """(path, name, schema) of every integer query parameter of every operation."""
    found = []
    for path, operations in _schema()["paths"].items():
        for method, operation in operations.items():
            for parameter in operation.get("parameters", []):
                kind = parameter.get("schema", {})
                if parameter["in"] == "query" and kind.get("type") == "integer":
                    assert method == "get", (method, path)
                    found.append((path, parameter["name"], kind))
    return found


@pytest.fixture
def world() -> dict[str, Any]:
    event = EventFactory(game="bonko", ruleset="bonko", published=True)
    RoundFactory(event=event, number=1)  # set 1 has begun
    club = event.club
    user = User.objects.create_superuser("root", password="secret")
    table = seated_table(EventFactory(club=club))
    session = session_submit(table=table, submitted_by=user, document=classic_document(2))
    player = table.seats.first().player
    Membership.objects.get_or_create(club=club, player=player, defaults={"role": Role.MEMBER})
    starts = datetime.datetime(2030, 1, 1, 19, 0, tzinfo=datetime.UTC)
    night = PlannedNight.objects.create(
        club=club, starts_at=starts, ends_at=starts + datetime.timedelta(hours=4), game="bonken"
    )
    hook = Hook.objects.create(club=club, url="https://example.org/hook", secret="s" * 32)
    _, season = league_of_club(table.round.event, user)  # the leagues' feeds, by the slug too
    return {
        "client": api_client(user),
        "{club_id}": club.pk,
        "{slug}": club.slug,
        "{event_id}": event.pk,
        "{player_id}": player.pk,
        "{session_id}": session.pk,
        "{table_id}": table.pk,
        "{night_id}": night.pk,
        "{hook_id}": hook.pk,
        "{season_id}": season.pk,
    }


def _get(world: dict[str, Any], path: str, name: str, value: int) -> Any:
    url = path
    for key, given in world.items():
        if key.startswith("{"):
            url = url.replace(key, str(given))
    assert "{" not in url, f"the test's world has no {url}: add it"
    return world["client"].get(url, {**CONTEXT.get(path, {}), name: str(value)})


def _names(response: Any, name: str) -> bool:
    return response.status_code == 400 and any(
        problem.get("field") == name for problem in response.json()["errors"]
    )


def test_every_query_bound_is_the_servers(world):
    wrong = []
    parameters = whole_number_parameters()
    assert ("/api/v1/feeds/clubs/{slug}/ratings/", "top") in {(p, n) for p, n, _ in parameters}
    for path, name, kind in parameters:
        low, high = kind.get("minimum"), kind.get("maximum")
        accepted = [v for v in (low, high) if v is not None]
        refused = []
        if low is not None:
            refused.append(low - 1)
        else:
            accepted.append(-1)
        if high is not None:
            refused.append(high + 1)
        elif (path, name, "maximum") not in DATA_BOUNDS:
            accepted.append(FAR)
        for value in accepted:
            response = _get(world, path, name, value)
            if response.status_code != 200:
                wrong.append(f"{path}?{name}={value}: {response.status_code}, declared {kind}")
        for value in refused:
            response = _get(world, path, name, value)
            if not _names(response, name):
                wrong.append(
                    f"{path}?{name}={value}: {response.status_code} accepted, declared {kind}"
                )
    assert not wrong, "\n".join(wrong)
