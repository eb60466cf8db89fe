"""Derived work for events and clubs: standings and ratings. Tasks take IDs, run after commit,
and are safe to run twice."""

import logging
from functools import cache
from typing import Any

import redis
from celery import current_app, shared_task
from django.conf import settings
from django.db import OperationalError, transaction

logger = logging.getLogger(__name__)

# A burst of results (a club night whose tables finish at once) needs one recompute, not one
# per result: a task that is queued and has not started yet will read every result committed
# before it starts. So a queued task leaves a mark in Redis; an enqueue that finds the mark
# sends nothing, and the task removes the mark as its first step, before it reads anything.
# A mark outlives a lost task by PENDING_SECONDS at most (and the reconcile jobs catch up); a
# task a dead worker had reserved comes back after the broker's visibility timeout
# (settings.CELERY_REDELIVERY_SECONDS), so either way derived work converges within it.
# A task starts settings.DERIVED_WORK_DELAY seconds after it is sent (half a second unless set),
# so that results arriving together share it even while the worker is idle: standings and
# ratings then trail a result by that delay plus the computation, and a busy evening computes
# each event's standings at most a few times a second however fast results come in.
PENDING_SECONDS = 30


def _marks() -> redis.Redis | None:
    """The broker's Redis, where queued tasks leave their mark; None without one (tasks then
    run in-process and there is nothing to coalesce)."""
    if current_app.conf.task_always_eager:
        return None
    return _redis(settings.CELERY_BROKER_URL)


@cache
def _redis(url: str) -> redis.Redis | None:
    if not url.startswith(("redis://", "rediss://")):
        return None
    return redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)


def _mark_key(task: str, object_id: int) -> str:
    return f"bonken:pending:{task}:{object_id}"


def _claim(task: str, object_id: int) -> bool:
    """Whether to send the task: False while an earlier one for the same object waits in the
    queue. A Redis that does not answer claims nothing and sends anyway."""
    marks = _marks()
    if marks is None:
        return True
    try:
        return bool(marks.set(_mark_key(task, object_id), 1, nx=True, ex=PENDING_SECONDS))
    except redis.RedisError:
        return True


def _send(task: Any, object_id: int) -> None:
    """Queue ``task`` for the object, to start after the coalescing delay."""
    task.apply_async((object_id,), countdown=settings.DERIVED_WORK_DELAY or None)


def _started(task: str, object_id: int) -> None:
    """The task runs (or could not be sent): from now on a new result needs a new task."""
    marks = _marks()
    if marks is not None:
        try:
            marks.delete(_mark_key(task, object_id))
        except redis.RedisError:
            pass  # the mark expires by itself


@shared_task(
    name="tournaments.standings_recompute",
    acks_late=True,
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    retry_backoff_max=settings.DERIVED_WORK_RETRY_MAX,
    max_retries=8,
)
def standings_recompute(event_id: int) -> int:
    """Recompute an event's standings; returns the results version they reflect."""
    from tournaments.services import standings_recompute as recompute

    _started("standings", event_id)
    return recompute(event_id=event_id)


@shared_task(name="tournaments.reconcile", acks_late=True)
def reconcile() -> dict[str, int]:
    """Queue a recompute for every event whose results changed after its standings were
    computed (or that never got them): what a lost task, a dead worker or a broker that was
    down left behind. Run periodically by Celery beat."""
    from tournaments.services import events_with_stale_standings

    stale = events_with_stale_standings()
    for event_id in stale:
        standings_recompute.delay(event_id)
    return {"standings": len(stale)}


def enqueue_standings(event_id: int) -> None:
    """Queue a standings recompute once the current transaction commits.

    A broker that is down must not turn a saved result into an error: the result is committed
    and the event's results version has moved on, so the standings are recomputed by the next
    submission or by the reconcile job that compares versions.
    """
    _enqueue_after_commit("standings", standings_recompute, event_id)


def _enqueue_after_commit(kind: str, task: Any, object_id: int) -> None:
    """After commit, send ``task`` for ``object_id`` unless one is already waiting (the mark
    in Redis); a broker failure is logged, never raised: the reconcile jobs catch up."""

    def send() -> None:
        try:
            if _claim(kind, object_id):
                _send(task, object_id)
        except Exception:  # noqa: BLE001 - any broker failure; the data is safe
            _started(kind, object_id)  # nothing waits in the queue: let the next one send
            what = {"standings": "event", "ratings": "club"}.get(kind, "object")
            logger.warning("could not queue %s for %s %s", kind, what, object_id, exc_info=True)

    transaction.on_commit(send)


@shared_task(
    name="tournaments.ratings_update",
    acks_late=True,
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    retry_backoff_max=settings.DERIVED_WORK_RETRY_MAX,
    max_retries=8,
)
def ratings_update(club_id: int) -> dict[str, object]:
    """Bring a club's ratings up to date: append new sessions, or replay from a correction."""
    from tournaments.ratings_db.services import ratings_update as update

    _started("ratings", club_id)
    sync = update(club_id=club_id)
    return {"club": club_id, "mode": sync.mode, "sessions_rated": sync.sessions_rated}


@shared_task(name="tournaments.ratings_reconcile", acks_late=True)
def ratings_reconcile() -> dict[str, int]:
    """Queue an update for every club whose ratings are behind its complete sessions (or
    marked for a replay): what a lost task or a broker that was down left behind. Meant for
    Celery beat."""
    from tournaments.ratings_db.selectors import stale_rating_pools

    stale = stale_rating_pools()
    for club_id in stale:
        ratings_update.delay(club_id)
    return {"ratings": len(stale)}


def enqueue_ratings(club_id: int) -> None:
    """Queue a ratings update for the club once the current transaction commits.

    A broker that is down must not turn a saved result into an error: the session is
    committed, and ``ratings_reconcile`` (or the next submission) finds the pool behind.
    """

    _enqueue_after_commit("ratings", ratings_update, club_id)
