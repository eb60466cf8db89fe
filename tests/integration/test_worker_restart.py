"""A worker killed with SIGKILL while it holds a standings task: once a worker runs again, the
broker hands the task out again after its visibility timeout (CELERY_REDELIVERY_SECONDS) plus
one sweep (CELERY_RESTORE_SECONDS), and the standings catch up without beat (no reconcile) and
without any new result."""

import os
import time

import psycopg
import pytest
import redis
from django.conf import settings

from clubs.access.tokens import api_token_create
from clubs.models import Role
from games.bonken.rules import score_session
from ranking.standings.services import STANDINGS_LOCK
from tests.documents import classic_document
from tests.factories import EventFactory, seated_table, user_with_role
from tests.integration.http import http, wait_for_standings

pytestmark = pytest.mark.services

# The restarted worker's visibility timeout, shorter than the configured one to keep the test
# short (its sweep is the configured one); test_the_configured_timeouts_bound_the_catch_up
# covers the configured values.
VISIBILITY = 15
SLACK = 15  # the sweep (5 s), the start delay and the recompute, on a busy machine


@pytest.fixture
def short_visibility(celery_worker, monkeypatch):
    monkeypatch.setenv("CELERY_REDELIVERY_SECONDS", str(VISIBILITY))
    yield celery_worker
    # Give the following tests a worker with the configured settings again.
    monkeypatch.undo()
    celery_worker.stop()
    celery_worker.start()


def wait_until_blocked(blocker: psycopg.Connection) -> None:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        waiting = blocker.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
            "AND query LIKE %s",
            ("%pg_advisory_xact_lock%",),
        ).fetchone()[0]
        if waiting:
            return
        time.sleep(0.05)
    raise AssertionError("the worker never started the recompute")


def test_a_killed_workers_task_runs_again_after_a_restart_without_beat(
    short_visibility, live_server
):
    event = EventFactory(published=True)
    table = seated_table(event)
    _, token = api_token_create(user=user_with_role(event.club, Role.SCORER), name="app")
    db = settings.DATABASES["default"]
    dsn = (
        f"host={db['HOST'] or '127.0.0.1'} port={db['PORT'] or 5432} user={db['USER']} "
        f"dbname={db['NAME']}"
    )
    broker = redis.Redis.from_url(settings.CELERY_BROKER_URL)
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
        wait_until_blocked(blocker)
        short_visibility.kill(drop_held=False)
        blocker.execute("SELECT pg_advisory_unlock(%s, %s)", (STANDINGS_LOCK, event.pk))
    assert broker.hlen("unacked") >= 1  # the killed worker's tasks, held for nobody

    assert os.environ["CELERY_REDELIVERY_SECONDS"] == str(VISIBILITY)
    short_visibility.start()
    standings = wait_for_standings(live_server.url, event.pk, timeout=VISIBILITY + SLACK)
    assert sorted(row["total"] for row in standings["results"]) == sorted(
        score_session(classic_document()).totals or []
    )
    # The ratings update the killed worker held runs again too: nothing stays held.
    assert short_visibility.wait_idle(timeout=VISIBILITY + SLACK)
    assert broker.hlen("unacked") == 0


def test_the_configured_timeouts_bound_the_catch_up():
    """With the configured values a killed worker's task runs again within two minutes of its
    death: visibility timeout plus one sweep; and no task holds its message that long (its
    start delay, its retries' waits, the hard time limit)."""
    options = settings.CELERY_BROKER_TRANSPORT_OPTIONS
    sweep = options["unacked_restore_interval"] * options["unacked_restore_throttle"]
    assert options["visibility_timeout"] + sweep <= 100
    assert settings.DERIVED_WORK_DELAY + settings.DERIVED_WORK_RETRY_MAX < (
        options["visibility_timeout"] / 2
    )
    assert settings.CELERY_TASK_TIME_LIMIT < options["visibility_timeout"]
    from ranking.ratings.tasks import ratings_update
    from ranking.standings.tasks import standings_recompute

    for task in (standings_recompute, ratings_update):
        assert task.acks_late and task.retry_backoff_max == settings.DERIVED_WORK_RETRY_MAX
