"""End to end through the real services: HTTP in, Redis, a Celery worker process, standings out."""

import pytest

from clubs.access.tokens import api_token_create
from clubs.models import Role
from tests.documents import classic_document
from tests.factories import EventFactory, seated_table, user_with_role
from tests.integration.http import http, wait_for_standings
from tournaments.models import StandingsComputation

pytestmark = pytest.mark.services


def test_submission_over_http_updates_standings_through_the_worker(celery_worker, live_server):
    event = EventFactory()
    table = seated_table(event)
    _, token = api_token_create(user=user_with_role(event.club, Role.SCORER), name="app")
    base = live_server.url

    status, _ = http("GET", f"{base}/api/v1/events/{event.pk}/standings/")
    assert status == 200
    assert not StandingsComputation.objects.filter(event=event).exists()

    status, session = http(
        "PUT", f"{base}/api/v1/tables/{table.pk}/session/", token, {"document": classic_document()}
    )
    assert status == 201, session
    standings = wait_for_standings(base, event.pk)
    totals = session["result"]["totals"]
    assert sorted(r["total"] for r in standings["results"]) == sorted(totals)
    assert standings["results"][0]["total"] == max(totals)

    # A correction moves the standings again, through the same worker.
    corrected = classic_document()
    corrected["games"][4]["counts"] = [0, 4, 5, 4]
    status, body = http(
        "PUT",
        f"{base}/api/v1/tables/{table.pk}/session/",
        token,
        {"document": corrected, "expected_revision": 1, "reason": "recount"},
    )
    assert status == 200, body
    standings = wait_for_standings(base, event.pk)
    assert sorted(r["total"] for r in standings["results"]) == sorted(body["result"]["totals"])
    assert standings["meta"]["results_version"] == 2
