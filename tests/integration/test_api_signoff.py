"""Table sign-off through the API: the state, signing with a code on the table's link, a stale
revision (409), wrong codes (400, then 429 with Retry-After), signing as oneself, disputes and
their resolution, and the event's setting."""

from __future__ import annotations

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from clubs.access.codes import player_code_issue
from clubs.models import Role
from results.models import Dispute
from results.services import session_submit
from tests.documents import classic_document
from tests.factories import ClubFactory, EventFactory, api_client, seated_table, user_with_role

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    event = EventFactory(published=True)
    organizer = user_with_role(event.club, Role.ORGANIZER)
    table = seated_table(event)
    session_submit(table=table, submitted_by=organizer, document=classic_document())
    players = [s.player for s in table.seats.order_by("position")]
    codes = [player_code_issue(actor=organizer, player=p) for p in players]
    link = APIClient()
    link.credentials(HTTP_X_TABLE_TOKEN=table.scoring_token)
    return {
        "event": event,
        "organizer": organizer,
        "table": table,
        "players": players,
        "codes": codes,
        "link": link,
        "url": f"/api/v1/tables/{table.pk}/session/signatures/",
    }


def sign(world, seat: int, code: str | None = None, revision: int = 1):
    return world["link"].post(
        world["url"],
        {
            "method": "code",
            "revision": revision,
            "player": world["players"][seat].pk,
            "code": code or world["codes"][seat],
        },
        format="json",
    )


def test_the_table_signs_on_its_link_and_reads_where_it_stands(world):
    state = world["link"].get(world["url"]).json()
    assert state["revision"] == 1 and not state["signed"]
    assert [p["signed"] for p in state["players"]] == [False] * 4
    assert sign(world, 0).status_code == 201
    assert sign(world, 0).status_code == 200  # the same signature again
    for seat in (1, 2, 3):
        response = sign(world, seat)
    state = response.json()
    assert response.status_code == 201 and state["signed"] and state["signed_at"]
    assert {p["method"] for p in state["players"]} == {"code"}


def test_a_stale_revision_is_a_409_in_the_one_error_shape(world):
    session_submit(
        table=world["table"], submitted_by=world["organizer"], document=classic_document(11)
    )
    session_submit(
        table=world["table"], submitted_by=world["organizer"], document=classic_document()
    )
    response = sign(world, 0, revision=1)
    assert response.status_code == 409
    error = response.json()["errors"][0]
    assert error["code"] == "revision_moved" and error["field"] == "revision"
    assert error["message_nl"]  # Dutch once the catalogue has it


def test_wrong_codes_then_429_with_retry_after(world):
    wrong = "0000" if world["codes"][0] != "0000" else "1111"
    for _attempt in range(10):
        response = sign(world, 0, code=wrong)
        assert response.status_code == 400
        assert response.json()["errors"][0]["field"] == "code"
    response = sign(world, 0)
    assert response.status_code == 429 and int(response["Retry-After"]) > 0


def test_a_player_signs_and_disputes_as_themselves_and_the_organizer_resolves(world):
    own = user_with_role(world["event"].club, Role.MEMBER)
    seat = world["table"].seats.get(position=1)
    seat.player = own.player
    seat.save()
    client = api_client(own)
    response = client.post(world["url"], {"method": "account", "revision": 1}, format="json")
    assert response.status_code == 201
    disputes = f"/api/v1/tables/{world['table'].pk}/session/disputes/"
    response = client.post(disputes, {"player": own.player.pk, "reason": "game 2"}, format="json")
    assert response.status_code == 201
    dispute = response.json()
    assert dispute["player_name"] == own.player.name and not dispute["resolved"]
    state = client.get(world["url"]).json()
    assert not state["players"][1]["signed"] and state["players"][1]["disputed"]
    refused = client.post(f"/api/v1/disputes/{dispute['id']}/resolve/", {}, format="json")
    assert refused.status_code == 403
    response = api_client(world["organizer"]).post(
        f"/api/v1/disputes/{dispute['id']}/resolve/", {"resolution": "sheet checked"}, format="json"
    )
    assert response.status_code == 200 and response.json()["resolved"]
    assert api_client(world["organizer"]).get(disputes).json()["results"][0]["resolution"] == (
        "sheet checked"
    )


def test_the_organizer_signs_for_a_player_with_a_reason(world):
    client = api_client(world["organizer"])
    payload = {"method": "organizer", "revision": 1, "player": world["players"][2].pk}
    response = client.post(world["url"], payload, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "reason"
    response = client.post(world["url"], {**payload, "reason": "left early"}, format="json")
    assert response.status_code == 201
    assert response.json()["players"][2]["reason"] == "left early"


def test_the_event_setting_through_the_api(world):
    client = api_client(world["organizer"])
    url = f"/api/v1/events/{world['event'].pk}/"
    response = client.patch(url, {"standings_count": "signed"}, format="json")
    assert response.status_code == 200 and response.json()["standings_count"] == "signed"
    response = client.patch(url, {"standings_count": "often"}, format="json")
    assert response.status_code == 400


def test_another_clubs_dispute_answers_like_a_missing_one(world):
    """Resolving a dispute of a club one has no role in: 404, as for an id that does not exist
    (its existence is not told); a member of the club who is not an organizer: 403."""
    own = world["players"][1]
    dispute = Dispute.objects.create(
        session=world["table"].session, revision=1, player=own, reason="game 2", at=timezone.now()
    )
    outsider = api_client(user_with_role(ClubFactory(), Role.ORGANIZER))
    missing = outsider.post("/api/v1/disputes/999999/resolve/", {}, format="json")
    other = outsider.post(f"/api/v1/disputes/{dispute.pk}/resolve/", {}, format="json")
    assert (missing.status_code, other.status_code) == (404, 404)
    assert missing.json()["errors"][0]["code"] == other.json()["errors"][0]["code"]
    member = api_client(user_with_role(world["event"].club, Role.MEMBER))
    assert (
        member.post(f"/api/v1/disputes/{dispute.pk}/resolve/", {}, format="json").status_code == 403
    )
    dispute.refresh_from_db()
    assert dispute.resolved_at is None
