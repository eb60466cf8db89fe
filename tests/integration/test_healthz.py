"""``GET /healthz`` tells a load balancer or a monitor whether the database, Redis and a worker
are reachable and how far the derived work is behind."""

import time

import pytest
from django.db import OperationalError
from django.test import Client

from config.health import forget_answer
from tests.factories import EventFactory

pytestmark = [pytest.mark.django_db, pytest.mark.redis]


def test_in_process_tasks_need_no_broker_or_worker(settings):
    settings.CELERY_BROKER_URL = ""
    response = Client().get("/healthz")
    assert response.status_code == 200 and response["Cache-Control"] == "no-store"
    body = response.json()
    assert body == {
        "status": "ok",
        "database": True,
        "redis": None,
        "worker": None,
        "cache": None,
        "derived": {"stale_standings": 0, "stale_ratings": 0},
    }


def test_derived_work_behind_is_counted(settings):
    settings.CELERY_BROKER_URL = ""
    EventFactory(results_version=3)  # results the standings have not seen yet
    assert Client().get("/healthz").json()["derived"]["stale_standings"] == 1


def test_an_unreachable_broker_is_down(settings, celery_app_not_eager):
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"  # nothing listens there
    response = Client().get("/healthz")
    assert response.status_code == 503
    assert response.json()["status"] == "down" and response.json()["redis"] is False


def test_with_the_real_worker_everything_is_reachable(celery_worker):
    response = Client().get("/healthz")
    assert response.status_code == 200
    assert response.json()["status"] == "ok"
    assert (response.json()["redis"], response.json()["worker"]) == (True, True)


def test_the_database_down_is_a_503(monkeypatch):
    def refuse(*args, **kwargs):
        raise OperationalError("connection refused")

    monkeypatch.setattr("config.health.connection.cursor", refuse)
    response = Client().get("/healthz")
    assert response.status_code == 503
    assert response.json()["status"] == "down" and response.json()["database"] is False
    assert "derived" not in response.json()


def test_a_live_worker_answers_at_once_and_a_stopped_one_is_degraded(celery_worker):
    start = time.monotonic()
    assert Client().get("/healthz").json()["worker"] is True
    assert time.monotonic() - start < 0.9  # the first answer ends the ping (timeout 1 s)
    celery_worker.stop()
    forget_answer()  # the last answer is kept for two seconds
    try:
        response = Client().get("/healthz")
        assert response.status_code == 200  # results are still saved; derived work waits
        assert response.json()["status"] == "degraded" and response.json()["worker"] is False
    finally:
        celery_worker.start()


@pytest.fixture
def celery_app_not_eager():
    from config.celery import app

    before = app.conf.task_always_eager
    app.conf.task_always_eager = False
    yield
    app.conf.task_always_eager = before


def test_a_burst_of_checks_shares_one_answer(settings, monkeypatch):
    """Twelve clients asking at once made every answer run every check (a trivial GET went
    from 8-15 ms to 120-130 ms): the answer is computed once per two seconds per process."""
    settings.CELERY_BROKER_URL = ""
    from config import health

    computed = []
    real = health._checked
    monkeypatch.setattr(health, "_checked", lambda: computed.append(1) or real())
    answers = [Client(REMOTE_ADDR=f"10.0.0.{n}").get("/healthz") for n in range(12)]
    assert {a.status_code for a in answers} == {200} and len(computed) == 1
    monkeypatch.setattr(health._answer, "at", time.monotonic() - health.ANSWER_SECONDS)
    Client().get("/healthz")
    assert len(computed) == 2  # older than two seconds: computed afresh


def test_one_address_is_throttled(settings, monkeypatch):
    settings.CELERY_BROKER_URL = ""
    monkeypatch.setattr("config.health.HEALTHZ_PER_MINUTE", 5)
    codes = [Client(REMOTE_ADDR="10.0.0.1").get("/healthz").status_code for _ in range(6)]
    assert codes == [200] * 5 + [429]
    refused = Client(REMOTE_ADDR="10.0.0.1").get("/healthz")
    assert refused.status_code == 429 and refused["Retry-After"] == "60"
    assert refused.json()["errors"][0]["code"] == "too_many_health_checks"
    assert Client(REMOTE_ADDR="10.0.0.2").get("/healthz").status_code == 200  # another address
