"""Faults with the real services: a worker killed mid-recompute, Redis down during a
submission, the same session sent twice at once, two scorers editing one session.
Nothing lost, nothing doubled, standings right at the end."""

import subprocess
import threading
import time
from urllib.parse import urlparse

import psycopg
import pytest
import redis
from django.conf import settings
from django.db import connection

from clubs.access.tokens import api_token_create
from clubs.models import Role
from ranking.standings.services import STANDINGS_LOCK
from ranking.standings.tasks import reconcile
from results.models import Session, SessionRevision
from tests.documents import classic_document
from tests.factories import EventFactory, seated_table, user_with_role
from tests.integration.http import http, wait_for_standings
from tournaments.models import StandingsComputation

pytestmark = pytest.mark.services


def scored_table(*, published: bool = True):
    event = EventFactory(published=published)
    table = seated_table(event)
    _, token = api_token_create(user=user_with_role(event.club, Role.SCORER), name="app")
    return event, table, token


def expected_totals() -> list[int]:
    from games.bonken.rules import score_session

    return sorted(score_session(classic_document()).totals or [])


def test_worker_killed_in_the_middle_of_a_recompute(celery_worker, live_server):
    event, table, token = scored_table()
    db = settings.DATABASES["default"]
    dsn = (
        f"host={db['HOST'] or '127.0.0.1'} port={db['PORT'] or 5432} user={db['USER']} "
        f"dbname={db['NAME']}"
    )
    with psycopg.connect(dsn, autocommit=True) as blocker:
        # Hold the event's standings lock so the worker's recompute waits inside the task.
        blocker.execute("SELECT pg_advisory_lock(%s, %s)", (STANDINGS_LOCK, event.pk))
        status, _ = http(
            "PUT",
            f"{live_server.url}/api/v1/tables/{table.pk}/session/",
            token,
            {"document": classic_document()},
        )
        assert status == 201
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            waiting = blocker.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                "AND query LIKE %s",
                ("%pg_advisory_xact_lock%",),
            ).fetchone()[0]
            if waiting:
                break
            time.sleep(0.05)
        assert waiting, "the worker never started the recompute"
        celery_worker.kill()
        blocker.execute("SELECT pg_advisory_unlock(%s, %s)", (STANDINGS_LOCK, event.pk))
    assert not StandingsComputation.objects.filter(event=event).exists()

    celery_worker.start()
    reconcile.delay()
    standings = wait_for_standings(live_server.url, event.pk)
    assert sorted(row["total"] for row in standings["results"]) == expected_totals()
    assert Session.objects.count() == 1 and SessionRevision.objects.count() == 1


def start_redis(port: int) -> None:
    subprocess.run(
        [
            "redis-server",
            "--daemonize",
            "yes",
            "--bind",
            "127.0.0.1",
            "--port",
            str(port),
            "--save",
            "",
            "--appendonly",
            "no",
        ],
        check=True,
        capture_output=True,
    )
    client = redis.Redis(port=port)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            if client.ping():
                return
        except redis.ConnectionError:
            time.sleep(0.1)
    raise AssertionError("Redis did not come back")


def test_submission_while_redis_is_down_reaches_the_standings_once_it_is_back(
    celery_worker, live_server
):
    event, table, token = scored_table()
    url = urlparse(settings.CELERY_BROKER_URL)
    client = redis.Redis(host=url.hostname, port=url.port or 6379)
    try:
        try:
            client.shutdown(nosave=True)
        except redis.ConnectionError:
            pass  # the server went away while answering
        status, body = http(
            "PUT",
            f"{live_server.url}/api/v1/tables/{table.pk}/session/",
            token,
            {"document": classic_document()},
        )
        assert status == 201, body  # the result is saved although nothing could be queued
        assert Session.objects.filter(table=table, complete=True).exists()
    finally:
        start_redis(url.port or 6379)
    _, standings = http("GET", f"{live_server.url}/api/v1/events/{event.pk}/standings/")
    assert standings["meta"]["up_to_date"] is False
    reconcile.delay()
    standings = wait_for_standings(live_server.url, event.pk)
    assert sorted(row["total"] for row in standings["results"]) == expected_totals()


def at_once(*calls):
    """Run the calls in threads released at the same moment; return their results."""
    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def run(index: int, call) -> None:
        barrier.wait()
        results[index] = call()
        connection.close()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


@pytest.mark.parametrize("key", [None, "same-key"])
def test_the_same_session_sent_twice_at_the_same_moment(celery_worker, live_server, key):
    event, table, token = scored_table()
    headers = {"Idempotency-Key": key} if key else {}
    url = f"{live_server.url}/api/v1/tables/{table.pk}/session/"

    def send():
        return http("PUT", url, token, {"document": classic_document()}, headers)

    results = at_once(send, send)
    assert {status for status, _ in results} <= {200, 201}, results
    assert Session.objects.count() == 1 and SessionRevision.objects.count() == 1
    assert results[0][1]["revision"] == results[1][1]["revision"] == 1
    standings = wait_for_standings(live_server.url, event.pk)
    assert sorted(row["total"] for row in standings["results"]) == expected_totals()


def test_two_scorers_edit_the_same_session(celery_worker, live_server):
    event, table, token = scored_table()
    _, other = api_token_create(user=user_with_role(event.club, Role.SCORER), name="other")
    url = f"{live_server.url}/api/v1/tables/{table.pk}/session/"
    http("PUT", url, token, {"document": classic_document()})
    first, second = classic_document(), classic_document()
    first["games"][4]["counts"] = [0, 4, 5, 4]
    second["games"][4]["counts"] = [2, 2, 5, 4]
    results = at_once(
        lambda: http("PUT", url, token, {"document": first, "expected_revision": 1}),
        lambda: http("PUT", url, other, {"document": second, "expected_revision": 1}),
    )
    assert sorted(status for status, _ in results) == [200, 409], results
    winner = next(body for status, body in results if status == 200)
    session = Session.objects.get(table=table)
    assert session.revision == 2 and session.document["games"][4] == winner["document"]["games"][4]
    loser = next(body for status, body in results if status == 409)
    assert loser["errors"][0]["code"] == "revision_conflict"
    standings = wait_for_standings(live_server.url, event.pk)
    assert sorted(r["total"] for r in standings["results"]) == sorted(winner["result"]["totals"])
