"""A burst of results queues one recompute per event and one ratings update per club: a task
that waits in the queue will read every result committed before it starts."""

import pytest
import redis
from django.conf import settings

from config.celery import app as celery_app
from ranking.ratings import tasks as ratings_tasks
from ranking.standings import tasks as standings_tasks
from tests.conftest import needs, redis_available
from tournaments import tasks

pytestmark = pytest.mark.redis


@pytest.fixture
def eager():
    """Set whether tasks run in-process, for one test."""
    before = celery_app.conf.task_always_eager

    def set_eager(value: bool) -> None:
        celery_app.conf.task_always_eager = value

    yield set_eager
    celery_app.conf.task_always_eager = before


@pytest.fixture
def broker(eager):
    needs("Redis", redis_available())
    eager(False)
    marks = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    for key in marks.scan_iter("bonken:pending:*"):
        marks.delete(key)
    yield marks
    for key in marks.scan_iter("bonken:pending:*"):
        marks.delete(key)


@pytest.mark.django_db
def test_a_burst_of_results_sends_one_task_until_it_starts(
    broker, monkeypatch, django_capture_on_commit_callbacks
):
    sent: list[tuple[str, int]] = []
    delays: set[float | None] = set()

    def queue(kind: str):
        def apply_async(args, countdown=None):
            sent.append((kind, args[0]))
            delays.add(countdown)

        return apply_async

    monkeypatch.setattr(standings_tasks.standings_recompute, "apply_async", queue("s"))
    monkeypatch.setattr(ratings_tasks.ratings_update, "apply_async", queue("r"))
    for _ in range(3):
        with django_capture_on_commit_callbacks(execute=True):
            tasks.enqueue_standings(41)
            tasks.enqueue_ratings(7)
    with django_capture_on_commit_callbacks(execute=True):
        tasks.enqueue_standings(42)  # another event has its own task
    assert sent == [("s", 41), ("r", 7), ("s", 42)]
    assert delays == {settings.DERIVED_WORK_DELAY}  # results arriving together share a task

    tasks.task_started("standings", 41)  # what the task does first, before it reads anything
    with django_capture_on_commit_callbacks(execute=True):
        tasks.enqueue_standings(41)
        tasks.enqueue_ratings(7)  # the club's update has not started yet
    assert sent[3:] == [("s", 41)]
    assert 0 < broker.ttl("bonken:pending:ratings:7") <= tasks.PENDING_SECONDS


@pytest.mark.django_db
def test_a_send_that_fails_leaves_no_mark(broker, monkeypatch, django_capture_on_commit_callbacks):
    def refuse(args, countdown=None) -> None:
        raise ConnectionError("broker down")

    monkeypatch.setattr(standings_tasks.standings_recompute, "apply_async", refuse)
    with django_capture_on_commit_callbacks(execute=True):
        tasks.enqueue_standings(43)
    assert not broker.exists("bonken:pending:standings:43")


@pytest.mark.django_db
def test_in_process_tasks_are_never_held_back(
    eager, monkeypatch, django_capture_on_commit_callbacks
):
    eager(True)
    sent: list[int] = []
    monkeypatch.setattr(
        standings_tasks.standings_recompute,
        "apply_async",
        lambda args, countdown=None: sent.append(args[0]),
    )
    for _ in range(2):
        with django_capture_on_commit_callbacks(execute=True):
            tasks.enqueue_standings(44)
    assert sent == [44, 44]
