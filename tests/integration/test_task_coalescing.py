"""A burst of results queues one recompute per event and one ratings update per club: a task
that waits in the queue will read every result committed before it starts. What a commit queued
goes to the broker as one message, and the worker runs it (``core.after_commit``)."""

import contextlib

import pytest
import redis
from django.conf import settings
from django.db import OperationalError, transaction

from config.celery import app as celery_app
from core import after_commit, club_events
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


@pytest.fixture
def sent(monkeypatch) -> list[tuple]:
    """What goes to the broker: (task, first argument, countdown); a batch as ("batch",
    countdown) followed by its items."""
    sent: list[tuple] = []

    def recorder(name: str):
        def apply_async(args, countdown=None):
            if name != after_commit.BATCH_TASK:
                sent.append((name, args[0], countdown))
                return
            sent.append(("batch", countdown))
            sent.extend((task, item_args[0], delay) for task, item_args, delay in args[0])

        return apply_async

    names = [after_commit.BATCH_TASK, tasks.STANDINGS_TASK, tasks.RATINGS_TASK, tasks.LEAGUES_TASK]
    for name in [*names, club_events.FAN_OUT_TASK, tasks.EVENING_TASK]:
        monkeypatch.setattr(celery_app.tasks[name], "apply_async", recorder(name))
    return sent


@pytest.mark.django_db
def test_a_burst_of_results_sends_one_task_until_it_starts(
    broker, sent, django_capture_on_commit_callbacks
):
    delay = settings.DERIVED_WORK_DELAY
    for _ in range(3):
        with django_capture_on_commit_callbacks(execute=True):
            tasks.enqueue_standings(41)
            tasks.enqueue_ratings(7)
    # The first commit's work as one message; the next two find it waiting and send nothing.
    assert sent == [
        ("batch", delay),
        (tasks.STANDINGS_TASK, 41, delay),
        (tasks.RATINGS_TASK, 7, delay),
        (tasks.LEAGUES_TASK, 7, delay),
    ]
    with django_capture_on_commit_callbacks(execute=True):
        tasks.enqueue_standings(42)  # another event has its own task, alone: not as a batch
    assert sent[4:] == [(tasks.STANDINGS_TASK, 42, delay)]

    tasks.task_started("standings", 41)  # what the task does first, before it reads anything
    with django_capture_on_commit_callbacks(execute=True):
        tasks.enqueue_standings(41)
        tasks.enqueue_ratings(7)  # the club's update has not started yet
    assert sent[5:] == [(tasks.STANDINGS_TASK, 41, delay)]
    assert 0 < broker.ttl("bonken:pending:ratings:7") <= tasks.PENDING_SECONDS


@pytest.mark.django_db
def test_a_commit_sends_what_it_queued_as_one_message_and_a_rollback_nothing(
    broker, sent, django_capture_on_commit_callbacks
):
    delay, evening = settings.DERIVED_WORK_DELAY, settings.EVENING_MAIL_DELAY
    with django_capture_on_commit_callbacks(execute=True):
        club_events.emit(club_events.NIGHT_PLANNED, club_id=7, payload={"night": 1})
        with contextlib.suppress(RuntimeError), transaction.atomic():
            tasks.enqueue_standings(45)  # a savepoint that rolls back takes its work with it
            raise RuntimeError
        tasks.enqueue_standings(46)
        tasks.enqueue_evening(46)
    assert sent == [
        ("batch", delay),  # the shortest delay asked for: the results arriving together share it
        (club_events.FAN_OUT_TASK, club_events.NIGHT_PLANNED, 0.0),
        (tasks.STANDINGS_TASK, 46, delay),
        (tasks.EVENING_TASK, 46, evening),
    ]
    assert not broker.exists("bonken:pending:standings:45")
    with django_capture_on_commit_callbacks(execute=True):
        club_events.emit(club_events.NIGHT_PLANNED, club_id=7, payload={"night": 2})
    assert sent[4:] == [(club_events.FAN_OUT_TASK, club_events.NIGHT_PLANNED, None)]  # at once


@pytest.mark.django_db
def test_a_send_that_fails_leaves_no_mark(
    broker, monkeypatch, caplog, django_capture_on_commit_callbacks
):
    def refuse(args, countdown=None) -> None:
        raise ConnectionError("broker down")

    monkeypatch.setattr(standings_tasks.standings_recompute, "apply_async", refuse)
    with django_capture_on_commit_callbacks(execute=True):
        tasks.enqueue_standings(43)
    assert not broker.exists("bonken:pending:standings:43")
    monkeypatch.setattr(celery_app.tasks[after_commit.BATCH_TASK], "apply_async", refuse)
    with django_capture_on_commit_callbacks(execute=True):
        tasks.enqueue_standings(43)
        tasks.enqueue_ratings(8)
    assert not set(broker.scan_iter("bonken:pending:*"))
    assert "could not queue standings for event 43" in caplog.text
    assert "could not queue ratings for club 8" in caplog.text


class Task:
    """A task the batch runs: what it was called with, an error it raises, the errors it retries
    on, and what was queued of it on its own."""

    def __init__(self, calls: list, error: Exception | None = None, retries_on=()) -> None:
        self.calls, self.error, self.autoretry_for = calls, error, retries_on

    def __call__(self, *args):
        self.calls.append(args)
        if self.error:
            raise self.error

    def apply_async(self, args, countdown=None):
        self.calls.append(("queued", args, countdown))


def test_the_worker_runs_a_batch_in_order_and_queues_what_waits_or_retries(monkeypatch):
    calls: list = []
    batch = {
        "fan_out": Task(calls),
        "standings": Task(calls, OperationalError("gone"), retries_on=(OperationalError,)),
        "broken": Task(calls, ValueError("bug")),
        "ratings": Task(calls),
        "evening": Task(calls),
    }
    for name, task in batch.items():
        monkeypatch.setitem(celery_app.tasks, f"test.{name}", task)
    done = after_commit.run_batch(
        [
            ["test.fan_out", [1], 0.0],
            ["test.standings", [2], 0.5],
            ["test.broken", [3], 0.5],
            ["test.ratings", [4], 0.5],
            ["test.evening", [2], 5.0],
        ]
    )
    assert calls == [
        ("queued", (2,), 4.5),  # the evening waits the rest of its delay
        (1,),
        (2,),
        ("queued", (2,), None),  # retried on its own, as the task would have been
        (3,),  # logged, as a task that fails is
        (4,),
    ]
    assert done == {"ran": 2, "queued": 2, "failed": 1}


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
