"""HTTP as it says: a stale If-Match is 412, If-None-Match gives 304, times in UTC with Z and
naive times refused; and every error's message_nl is Dutch."""

from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

from clubs.models import Role
from results.services import session_submit
from tests.documents import classic_document
from tests.factories import ClubFactory, EventFactory, api_client, seated_table, user_with_role

pytestmark = pytest.mark.django_db


@pytest.fixture
def played():
    table = seated_table(EventFactory())
    organizer = user_with_role(table.round.event.club, Role.ORGANIZER)
    session_submit(table=table, submitted_by=organizer, document=classic_document(2))
    return table, api_client(organizer)


def test_a_stale_if_match_is_412_and_a_stale_body_revision_409(played):
    table, api = played
    url = f"/api/v1/tables/{table.pk}/session/"
    stale = api.put(url, {"document": classic_document(3)}, format="json", HTTP_IF_MATCH='"7"')
    assert stale.status_code == 412
    assert stale.json()["errors"][0]["field"] == "If-Match"
    body = api.put(url, {"document": classic_document(3), "expected_revision": 7}, format="json")
    assert body.status_code == 409


@pytest.mark.parametrize(
    ("tail", "body"),
    [
        ("", {"document": classic_document(3)}),
        ("games/", {"part": classic_document(3)["games"][2]}),
        ("undo/", {}),
    ],
)
def test_a_weak_if_match_never_matches_a_write(played, tail, body):
    """If-Match compares strongly (RFC 9110): W/"1" names the current revision, yet the write
    fails its precondition and nothing is saved; "1" itself is taken."""
    table, api = played
    url = f"/api/v1/tables/{table.pk}/session/{tail}"
    weak = api.generic(
        "POST" if tail else "PUT",
        url,
        json.dumps(body),
        content_type="application/json",
        HTTP_IF_MATCH='W/"1"',
    )
    assert weak.status_code == 412, weak.content
    error = weak.json()["errors"][0]
    assert (error["code"], error["field"]) == ("precondition_failed", "If-Match")
    assert 'W/"1"' in error["message"] and 'W/"1"' in error["message_nl"]
    table.session.refresh_from_db()
    assert table.session.revision == 1
    strong = api.generic(
        "POST" if tail else "PUT",
        url,
        json.dumps(body),
        content_type="application/json",
        HTTP_IF_MATCH='"1"',
    )
    assert strong.status_code in (200, 201), strong.content


def test_if_none_match_answers_304_while_current(played):
    table, api = played
    url = f"/api/v1/tables/{table.pk}/session/"
    first = api.get(url)
    assert first.status_code == 200
    again = api.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again["ETag"] == first["ETag"]
    assert api.get(url, HTTP_IF_NONE_MATCH='"99"').status_code == 200


def test_times_are_answered_in_utc_with_z(played):
    table, api = played
    session = api.get(f"/api/v1/tables/{table.pk}/session/").json()
    assert session["updated_at"].endswith("Z"), session["updated_at"]


def test_a_naive_time_is_refused(played):
    _table, api = played
    naive = api.post(
        "/api/v1/tokens/", {"name": "app", "expires_at": "2030-01-01T20:00:00"}, format="json"
    )
    assert naive.status_code == 400
    assert naive.json()["errors"][0]["field"] == "expires_at"
    aware = api.post(
        "/api/v1/tokens/", {"name": "app", "expires_at": "2030-01-01T20:00:00+01:00"}, format="json"
    )
    assert aware.status_code == 201, aware.json()
    assert aware.json()["expires_at"] == "2030-01-01T19:00:00Z"


def _dutch(response):
    problem = response.json()["errors"][0]
    assert problem["message_nl"] != problem["message"], problem
    return problem


def test_every_message_nl_is_dutch(played):
    table, api = played
    club = ClubFactory()
    _dutch(api.get("/api/v1/events/999999/"))  # not found
    _dutch(api.delete("/api/v1/sessions/validate/"))  # 405
    _dutch(api.post("/api/v1/players/", "name", content_type="text/plain"))  # 415
    _dutch(APIClient().get("/api/v1/events/", HTTP_AUTHORIZATION="Token bogus"))  # bad token
    _dutch(
        api.put(
            f"/api/v1/tables/{table.pk}/session/",
            {"document": classic_document(3)},
            format="json",
            HTTP_IF_MATCH="xyz",
        )
    )  # invalid precondition
    _dutch(api.post("/api/v1/sessions/validate/", {"game": "chess"}, format="json"))
    _dutch(APIClient().get(f"/api/v1/clubs/{club.pk}/season-standings/?game=chess"))
    organizer = user_with_role(club, Role.ORGANIZER)
    clubs = api_client(organizer)
    player = clubs.post(
        "/api/v1/players/", {"name": "Twice", "club": club.pk}, format="json"
    ).json()
    again = clubs.post(
        "/api/v1/memberships/", {"club": club.pk, "player": player["id"]}, format="json"
    )
    assert again.status_code in (400, 409), again.json()
    _dutch(again)  # unique


def test_organizers_read_the_scoring_and_door_links_others_do_not(played):
    table, api = played
    event = table.round.event
    tables = api.get(f"/api/v1/tables/?round={table.round_id}").json()["results"]
    assert tables[0]["scoring_link"].endswith(f"/{table.scoring_token}/")
    assert (
        api.get(f"/api/v1/events/{event.pk}/").json()["door_link"].endswith(f"/{event.door_token}/")
    )
    event.published = True
    event.save(update_fields=["published"])
    public = APIClient()
    assert public.get(f"/api/v1/events/{event.pk}/").json()["door_link"] is None
    assert public.get(f"/api/v1/tables/{table.pk}/").json()["scoring_link"] is None
    member = api_client(user_with_role(event.club, Role.MEMBER))
    assert member.get(f"/api/v1/tables/{table.pk}/").json()["scoring_link"] is None


def test_an_unknown_ordering_is_refused_a_known_one_taken():
    api = APIClient()
    refused = api.get("/api/v1/players/?ordering=bogus")
    assert refused.status_code == 400
    problem = _dutch(refused)
    assert problem["code"] == "unknown_ordering" and problem["field"] == "ordering"
    assert api.get("/api/v1/players/?ordering=-name,created_at").status_code == 200
    assert api.get("/api/v1/entries/?ordering=id").status_code == 400  # takes no ordering


@pytest.mark.parametrize(
    "path",
    [
        "tables/{table}/substitute.json",
        "sessions/{session}/revisions.json",
        "events/{event}/standings.json",
        "events/{event}.json",
    ],
)
def test_no_format_suffix_routes_an_action_into_a_server_error(played, path):
    """An answer's format is ?format= or Accept: a suffix names no route (it used to hand an
    extra action a keyword it does not take, a 500)."""
    table, api = played
    url = "/api/v1/" + path.format(
        table=table.pk, session=table.session.pk, event=table.round.event_id
    )
    for method in ("get", "post"):
        response = getattr(api, method)(url)
        assert response.status_code == 404, (method, url, response.content)
