"""Derived work for events and clubs, queued by task name: standings and ratings. The tasks
themselves live above the sessions (``ranking.standings.tasks``, ``ranking.ratings.tasks``); they
take IDs, run after commit, and are safe to run twice. Every layer that changes results queues them
from here (``enqueue_standings``, ``enqueue_ratings``), without importing a higher app."""

import logging
from functools import cache

import redis
from celery import current_app
from django.conf import settings
from django.db import transaction

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

# The tasks' names: kept from when the tasks lived in this module, so that queued tasks and the
# beat schedule keep working.
STANDINGS_TASK = "tournaments.standings_recompute"
RATINGS_TASK = "tournaments.ratings_update"
# The leagues a club counts in, computed again after its results changed (``leagues.tasks``).
LEAGUES_TASK = "leagues.club_results"
# The players' evenings by e-mail (``week.mailings.tasks``), after an event closes or a correction.
EVENING_TASK = "mailings.evening"
# The link previews' pictures of an event, redrawn after its standings (``web.sharing.tasks``).
PREVIEWS_TASK = "sharing.previews_redraw"


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


def _send(task: str, object_id: int) -> None:
    """Queue the task named ``task`` for the object, to start after the coalescing delay."""
    current_app.tasks[task].apply_async((object_id,), countdown=settings.DERIVED_WORK_DELAY or None)


def task_started(task: str, object_id: int) -> None:
    """The task runs (or could not be sent): from now on a new result needs a new task."""
    marks = _marks()
    if marks is not None:
        try:
            marks.delete(_mark_key(task, object_id))
        except redis.RedisError:
            pass  # the mark expires by itself


def enqueue_standings(event_id: int) -> None:
    """Queue a standings recompute once the current transaction commits.

    A broker that is down must not turn a saved result into an error: the result is committed
    and the event's results version has moved on, so the standings are recomputed by the next
    submission or by the reconcile job that compares versions.
    """
    _enqueue_after_commit("standings", STANDINGS_TASK, event_id)


def _enqueue_after_commit(kind: str, task: str, object_id: int, *also: tuple[str, str]) -> None:
    """After commit, send the task named ``task`` for ``object_id`` unless one is already
    waiting (the mark in Redis), then each of ``also`` (kind, task) the same way; a broker
    failure is logged, never raised: the reconcile jobs catch up."""

    def send() -> None:
        for each_kind, each_task in ((kind, task), *also):
            _send_once(each_kind, each_task, object_id)

    transaction.on_commit(send)


def _send_once(kind: str, task: str, object_id: int) -> None:
    try:
        if _claim(kind, object_id):
            _send(task, object_id)
    except Exception:  # noqa: BLE001 - any broker failure; the data is safe
        task_started(kind, object_id)  # nothing waits in the queue: let the next one send
        what = {"standings": "event", "previews": "event"}.get(kind, "club")
        logger.warning("could not queue %s for %s %s", kind, what, object_id, exc_info=True)


def enqueue_ratings(club_id: int) -> None:
    """Queue a ratings update for the club once the current transaction commits.

    A broker that is down must not turn a saved result into an error: the session is
    committed, and ``ratings_reconcile`` (or the next submission) finds the pool behind.
    """

    # The leagues the club counts in follow its ratings (when the leagues are installed).
    leagues = [("leagues", LEAGUES_TASK)] if LEAGUES_TASK in current_app.tasks else []
    _enqueue_after_commit("ratings", RATINGS_TASK, club_id, *leagues)


def enqueue_evening(event_id: int) -> None:
    """Queue the players' evening e-mails for a finished event once the current transaction
    commits (after its standings and ratings, which were queued first). The task sends each
    player's evening once per results version, and nothing for an unpublished event; without
    the e-mail app installed nothing is queued."""

    def send() -> None:
        try:
            task = current_app.tasks.get(EVENING_TASK)
            if task is not None:
                task.apply_async((event_id,), countdown=settings.EVENING_MAIL_DELAY or None)
        except Exception:  # noqa: BLE001 - any broker failure; the results are safe
            logger.warning(
                "could not queue the evening e-mails of event %s", event_id, exc_info=True
            )

    transaction.on_commit(send)


def enqueue_previews(event_id: int) -> None:
    """Queue the redrawing of an event's link previews once the current transaction commits
    (after its standings were computed). A broker that is down costs nothing but time: a
    picture whose standings changed is drawn anew when it is next asked for."""
    _enqueue_after_commit("previews", PREVIEWS_TASK, event_id)
