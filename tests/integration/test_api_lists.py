"""One way of listing: every list of the API answers the same page, ``{"count", "next",
"previous", "results"}`` (plus ``meta`` where the list says what it is of), takes ``limit`` (1
to the documented largest page) and ``offset``, and refuses a page size that is not a number,
a filter it does not know and an ordering it does not know with a 400 naming the parameter,
never ignoring them."""

from __future__ import annotations

import datetime
import json
import re
from typing import Any

import pytest
from django.core.management import call_command
from django.utils import timezone

from clubs.access.tokens import api_token_create
from clubs.models import Role
from ranking.ratings.services import ratings_update
from ranking.standings.services import standings_recompute
from results.models import Dispute, Session
from results.services import session_submit
from tests.documents import classic_document
from tests.factories import EventFactory, api_client, seated_table, user_with_role
from tests.integration.league_support import league_of_club
from tournaments.events.scorers import event_scorer_add
from tournaments.models import EventTeam
from week.webhooks.models import Hook

pytestmark = pytest.mark.django_db
ENVELOPE = {"count", "next", "previous", "results"}
LARGEST_PAGE = 200
# The lists that answered a bare array, or a shape of their own, before they were pages.
ONCE_OTHER_SHAPES = {
    "/api/v1/sessions/{session_id}/revisions/",
    "/api/v1/events/{event_id}/scorers/",
    "/api/v1/events/{event_id}/teams/",
    "/api/v1/clubs/{club_id}/rulesets/",
    "/api/v1/tables/{table_id}/session/disputes/",
    "/api/v1/clubs/{club_id}/nights/",
    "/api/v1/nights/{night_id}/rsvps/",
    "/api/v1/events/{event_id}/standings/",
    "/api/v1/clubs/{club_id}/season-standings/",
    "/api/v1/clubs/{club_id}/ratings/",
    "/api/v1/players/{player_id}/rating-history/",
    # The public feeds, which named their rows each in their own way (events, standings,
    # games, nights) beside what they are of (now their meta).
    "/api/v1/feeds/clubs/{slug}/events/",
    "/api/v1/feeds/events/{event_id}/standings/",
    "/api/v1/feeds/clubs/{slug}/ratings/",
    "/api/v1/feeds/clubs/{slug}/nights/",
    # The league feeds, which wrapped their rows (leagues, standings, ratings, nights) beside
    # the league and its season (now their meta).
    "/api/v1/feeds/leagues/",
    "/api/v1/feeds/leagues/{slug}/standings/",
    "/api/v1/feeds/leagues/{slug}/seasons/{season_id}/standings/",
    "/api/v1/feeds/leagues/{slug}/ratings/",
    "/api/v1/feeds/leagues/{slug}/nights/",
}


@pytest.fixture(scope="module")
def schema(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    path = tmp_path_factory.mktemp("schema") / "schema.json"
    call_command("spectacular", "--file", str(path), "--format", "openapi-json")
    return json.loads(path.read_text())  # type: ignore[no-any-return]


def _lists(schema: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Every GET operation whose answer is a list of rows (a page of them, or a bare array):
    {path: operation}."""
    found = {}
    for path, item in schema["paths"].items():
        operation = item.get("get")
        if operation is None:
            continue
        answer = operation["responses"]["200"]["content"]["application/json"]["schema"]
        name = answer.get("$ref", "").rsplit("/", 1)[-1]
        if answer.get("type") == "array" or re.fullmatch(r"Paginated\w+List", name):
            found[path] = operation
    return found


@pytest.fixture
def world() -> dict[str, Any]:
    event = EventFactory(published=True)
    organizer = user_with_role(event.club, Role.ORGANIZER)
    table = seated_table(event)
    session_submit(table=table, submitted_by=organizer, document=classic_document())
    standings_recompute(event_id=event.pk)
    ratings_update(club_id=event.club_id)
    seat = table.seats.order_by("position").first()
    scorer = user_with_role(event.club, Role.MEMBER)
    event_scorer_add(event=event, actor=organizer, player=scorer.player)
    session = Session.objects.get(table=table)
    seated = [s.player for s in table.seats.order_by("position")]
    Dispute.objects.create(
        session=session, revision=1, player=seated[1], reason="a count", at=timezone.now()
    )
    EventTeam.objects.create(event=event, first=seated[0], second=seated[2])
    client = api_client(organizer)
    planned = client.post(
        f"/api/v1/clubs/{event.club_id}/nights/",
        {
            "starts_at": (timezone.now() + datetime.timedelta(days=30)).isoformat(),
            "game": "bonken",
            "place": "De Zwaan",
        },
        format="json",
    )
    assert planned.status_code == 201, planned.json()
    night = planned.json()[0]["id"]
    client.post(f"/api/v1/nights/{night}/rsvps/", {"answer": "yes"}, format="json")
    hook = Hook.objects.create(
        club=event.club, url="https://93.184.216.34/hook", kinds=["result.saved"], secret="s" * 48
    )
    _token, key = api_token_create(user=organizer, name="lists")
    _league, season = league_of_club(event, organizer)  # addressed by the club's {slug} too
    return {
        "client": client,
        "event_id": event.pk,
        "club_id": event.club_id,
        "slug": event.club.slug,
        "table_id": table.pk,
        "session_id": session.pk,
        "player_id": seat.player_id,
        "night_id": night,
        "hook_id": hook.pk,
        "token": key,
        "season_id": season.pk,
    }


def _url(path: str, world: dict[str, Any]) -> str:
    return re.sub(r"\{(\w+)\}", lambda m: str(world[m.group(1)]), path)


def test_no_list_is_a_bare_array_in_the_schema(schema: dict[str, Any]) -> None:
    lists = _lists(schema)
    assert ONCE_OTHER_SHAPES <= set(lists), ONCE_OTHER_SHAPES - set(lists)
    for path, operation in lists.items():
        answer = operation["responses"]["200"]["content"]["application/json"]["schema"]
        assert "$ref" in answer, path  # never a bare array
        page = schema["components"]["schemas"][answer["$ref"].rsplit("/", 1)[-1]]
        assert set(page["properties"]) in (ENVELOPE, ENVELOPE | {"meta"}), path
        assert set(page["required"]) >= ENVELOPE, path
        assert page["properties"]["results"]["type"] == "array", path
        assert f"at most {LARGEST_PAGE} rows" in page["description"], path
        query = {p["name"]: p["schema"] for p in operation["parameters"] if p["in"] == "query"}
        assert query["limit"] == {"type": "integer", "minimum": 1, "maximum": LARGEST_PAGE}, path
        assert query["offset"] == {"type": "integer", "minimum": 0}, path


def test_every_list_answers_the_one_page_shape(schema: dict[str, Any], world) -> None:
    for path in _lists(schema):
        response = world["client"].get(_url(path, world))
        assert response.status_code == 200, (path, response.content)
        body = response.json()
        assert isinstance(body, dict), path
        assert set(body) in (ENVELOPE, ENVELOPE | {"meta"}), (path, set(body))
        assert isinstance(body["results"], list) and body["count"] >= len(body["results"]), path


@pytest.mark.parametrize("path", sorted(ONCE_OTHER_SHAPES))
def test_the_lists_that_were_arrays_are_pages(path: str, world) -> None:
    client = world["client"]
    whole = client.get(_url(path, world)).json()
    assert whole["count"] >= 1, (path, whole)  # the world gives every list a row
    first = client.get(_url(path, world), {"limit": 1}).json()
    assert len(first["results"]) == 1 and first["count"] == whole["count"]
    assert first["results"][0] == whole["results"][0]
    assert (first["next"] is None) == (whole["count"] == 1)


def test_ratings_and_standings_say_what_they_are_of_in_meta(world) -> None:
    client = world["client"]
    ratings = client.get(f"/api/v1/clubs/{world['club_id']}/ratings/").json()
    assert ratings["meta"] == {"club": world["club_id"], "game": "bonken", "as_of": None}
    assert {"rank", "player", "player_name", "rating"} <= set(ratings["results"][0])
    standings = client.get(f"/api/v1/events/{world['event_id']}/standings/").json()
    assert standings["meta"]["event"] == world["event_id"]
    assert standings["meta"]["up_to_date"] is True and standings["count"] == 4
    season = client.get(f"/api/v1/clubs/{world['club_id']}/season-standings/").json()
    assert season["meta"]["game"] == "bonken" and season["count"] == 4
    answers = client.get(f"/api/v1/nights/{world['night_id']}/rsvps/").json()
    assert answers["meta"]["coming"] == 1 and answers["count"] == 1


@pytest.mark.parametrize(
    ("query", "field", "code"),
    [
        ("limit=abc", "limit", "invalid_parameter"),
        (f"limit={LARGEST_PAGE + 1}", "limit", "invalid_parameter"),
        ("offset=-1", "offset", "invalid_parameter"),
        ("colour=red", "colour", "unknown_parameter"),
        ("ordering=colour", "ordering", None),
    ],
)
def test_every_list_refuses_what_it_cannot_answer(
    schema: dict[str, Any], world, query: str, field: str, code: str | None
) -> None:
    for path in _lists(schema):
        response = world["client"].get(f"{_url(path, world)}?{query}")
        assert response.status_code == 400, (path, query, response.content)
        problem = response.json()["errors"][0]
        assert problem["field"] == field, (path, problem)
        if code is None:  # a list with orderings names the unknown one; any other, the parameter
            assert problem["code"] in ("unknown_ordering", "unknown_parameter"), (path, problem)
        else:
            assert problem["code"] == code, (path, problem)
        assert problem["message_nl"] and problem["message_nl"] != problem["message"]
