"""GET /healthz: the database, Redis and a worker, and how far the derived work is behind.
200 while the database answers (``degraded`` when Redis or the workers do not), 503 when it
does not."""

import pytest
import redis
from django.conf import settings
from django.db import OperationalError
from django.test import Client

from config.celery import app as celery_app
from games.services import session_submit
from tests.conftest import needs, redis_available
from tests.documents import classic_document
from tests.factories import EventFactory, seated_table
from tournaments.tasks import PENDING_SECONDS


def health(expected: int) -> dict:
    response = Client().get("/healthz")
    assert response.status_code == expected, response.content
    assert response["Content-Type"] == "application/json"
    assert "no-cache" in response["Cache-Control"]
    return response.json()


@pytest.mark.services
def test_healthy_with_the_real_worker_and_degraded_without_it(celery_worker):
    body = health(200)
    assert body["status"] == "ok", body
    assert body["database"]["ok"] and body["redis"]["ok"] and body["worker"]["ok"]
    assert body["worker"]["answered"]
    assert body["derived_work"]["events_with_stale_standings"] == 0
    assert body["derived_work"]["queued_tasks"] == 0
    celery_worker.stop()
    try:
        body = health(200)  # still serving: results are saved and caught up later
        assert body["status"] == "degraded" and body["worker"]["ok"] is False
        assert body["worker"]["ms"] < 3000
    finally:
        celery_worker.start()


@pytest.mark.django_db
def test_the_database_down_is_a_503(monkeypatch):
    def refuse(*args, **kwargs):
        raise OperationalError("connection refused")

    monkeypatch.setattr("config.health.connection.cursor", refuse)
    body = health(503)
    assert body["status"] == "down"
    assert body["database"] == {"ok": False, "error": "OperationalError",
                                "ms": body["database"]["ms"]}
    assert "derived_work" not in body


@pytest.mark.django_db
def test_redis_down_is_degraded_not_down(settings):
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"  # nothing listens there
    celery_app.conf.task_always_eager = False
    body = health(200)
    assert body["status"] == "degraded"
    assert body["redis"]["ok"] is False and body["worker"]["ok"] is False
    assert body["database"]["ok"] and body["derived_work"]["ok"]


@pytest.mark.django_db
def test_it_says_how_far_the_derived_work_is_behind(django_capture_on_commit_callbacks):
    needs("Redis", redis_available())
    table = seated_table(EventFactory())
    with django_capture_on_commit_callbacks(execute=False):  # the queued tasks are "lost"
        session_submit(table=table, submitted_by=None, document=classic_document(),
                       table_token=table.scoring_token)
    broker = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    broker.set("bonken:pending:standings:999999", 1, ex=PENDING_SECONDS - 7)
    try:
        celery_app.conf.task_always_eager = False
        derived = health(200)["derived_work"]
    finally:
        broker.delete("bonken:pending:standings:999999")
    assert derived["events_with_stale_standings"] == 1
    assert 0 <= derived["oldest_uncounted_result_seconds"] < 60
    assert derived["clubs_with_stale_ratings"] == 1
    assert derived["queued_tasks"] == 1 and 7 <= derived["oldest_queued_seconds"] <= 9
