"""Work queued by name once the current transaction commits, one broker message a commit.

A write that changes what others derive from it queues that work here, inside its transaction
(``queue``): a club event for the webhooks' fan-out (``core.club_events``), an event's standings,
a club's ratings and leagues, the players' evening e-mails, the link previews
(``tournaments.tasks``), a league's computation (``leagues.pending``). Nothing is sent if the
transaction rolls back, nor what a savepoint that rolled back queued. After the commit:

- the claims of the commit's items are taken in one round trip to the broker's Redis: an item
  that names a ``claim`` (a kind of work and the object it is for) is dropped while the same work
  for the same object waits in the queue, so that a burst of results needs one recompute; the
  task removes the mark as its first step (``task_started``), before it reads anything;
- what is left goes as one message: one item is sent as its own task, two or more as one batch
  (``BATCH_TASK``) that the worker runs in the order queued, each by calling its task. A task that
  fails in the batch with an error it retries on (its ``autoretry_for``) is queued on its own, to
  retry as it would have; an item with a longer delay than the batch's is queued on its own for
  the rest of its delay.

A broker that is down is logged, never raised: the data the write saved is safe, its claims are
released, and the reconcile jobs catch up. Without a broker (tasks run in-process) each item is
run as its own task at commit, as before, and nothing is claimed. Nothing here knows the apps
whose tasks it sends: a task whose app is not installed is not sent.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from functools import cache, partial
from typing import Any

import redis
from celery import current_app, shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import transaction

logger = logging.getLogger(__name__)

BATCH_TASK = "core.after_commit"
# A mark outlives a lost task by PENDING_SECONDS at most (and the reconcile jobs catch up); a
# task a dead worker had reserved comes back after the broker's visibility timeout
# (settings.CELERY_REDELIVERY_SECONDS), so either way derived work converges within it.
PENDING_SECONDS = 30


@dataclass(frozen=True)
class Item:
    """One task to send after commit: its name and arguments, the seconds it waits after the
    commit, the kind of work it claims for its first argument (or none), and how the log names
    it when it cannot be sent."""

    task: str
    args: tuple[Any, ...]
    delay: float = 0.0
    claim: str = ""
    label: str = ""

    def message(self) -> list[Any]:
        return [self.task, list(self.args), self.delay]


def queue(
    task: str, args: tuple[Any, ...], *, delay: float = 0.0, claim: str = "", label: str = ""
) -> None:
    """Send the task named ``task`` with ``args`` once the current transaction commits (at once
    outside one), ``delay`` seconds later, together with everything else the transaction queued.
    With ``claim`` (a kind of work, for the object ``args[0]``) it is not sent while an earlier
    one waits in the queue."""
    item = Item(task, tuple(args), float(delay or 0.0), claim, label or task)
    connection = transaction.get_connection()
    if not connection.in_atomic_block:
        _send([item])
        return
    state = _pending
    transaction.on_commit(partial(state.pending.append, item))
    # One flush after every item, which no savepoint's rollback drops (the items' own callbacks
    # are dropped with their savepoint; Django's list holds each callback with the savepoints it
    # belongs to, and whether it is robust): each later item adds a later flush, and only the
    # last one sends, so that the commit sends what survived at once.
    state.latest += 1
    connection.run_on_commit.append((set(), partial(_flush, state.latest), False))


class _Pending(threading.local):
    """This thread's items of the transaction being committed, and the number of its last
    flush."""

    def __init__(self) -> None:
        self.pending: list[Item] = []
        self.latest = 0


_pending = _Pending()


def _flush(number: int) -> None:
    state = _pending
    if number != state.latest:
        return  # a later flush follows: it sends this one's items too
    items, state.pending = state.pending, []
    if items:
        _send(items)


def _send(items: list[Item]) -> None:
    """Claim, then send ``items`` as one message (as their own tasks without a broker)."""
    items = [item for item in items if item.task in current_app.tasks]
    if current_app.conf.task_always_eager:
        for item in items:
            _send_one(item)
        return
    items = _claimed(items)
    if len(items) == 1:
        _send_one(items[0])
    elif items:
        try:
            countdown = batch_delay(items)
            current_app.tasks[BATCH_TASK].apply_async(
                ([item.message() for item in items],), countdown=countdown or None
            )
        except Exception:  # noqa: BLE001 - any broker failure; the data is safe
            for item in items:
                _not_sent(item)


def _send_one(item: Item, delay: float | None = None) -> None:
    try:
        countdown = item.delay if delay is None else delay
        current_app.tasks[item.task].apply_async(item.args, countdown=countdown or None)
    except Exception:  # noqa: BLE001 - any broker failure; the data is safe
        _not_sent(item)


def _not_sent(item: Item) -> None:
    if item.claim:
        task_started(item.claim, item.args[0])  # nothing waits in the queue: let the next send
    logger.warning("could not queue %s", item.label, exc_info=True)


def batch_delay(items: list[Item]) -> float:
    """When a batch runs: after the shortest delay any of its items asks for (none: at once).
    The items that ask for none run then too; those that ask for longer are queued again."""
    return min((item.delay for item in items if item.delay > 0), default=0.0)


# --- The claims: a mark in the broker's Redis while the work waits in the queue -------------


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


def mark_key(kind: str, object_id: int) -> str:
    return f"bonken:pending:{kind}:{object_id}"


def _claimed(items: list[Item]) -> list[Item]:
    """The items to send: those without a claim, and those whose claim this commit took (one
    round trip for all). A Redis that does not answer claims nothing and sends everything."""
    claiming = [item for item in items if item.claim]
    marks = _marks()
    if not claiming or marks is None:
        return items
    try:
        pipeline = marks.pipeline(transaction=False)
        for item in claiming:
            pipeline.set(mark_key(item.claim, item.args[0]), 1, nx=True, ex=PENDING_SECONDS)
        taken = dict(zip(map(id, claiming), pipeline.execute(), strict=True))
    except Exception:  # noqa: BLE001 - any Redis failure: send, the task is safe to run twice
        return items
    return [item for item in items if not item.claim or taken[id(item)]]


def task_started(kind: str, object_id: int) -> None:
    """The task runs (or could not be sent): from now on a new change needs a new task."""
    marks = _marks()
    if marks is not None:
        try:
            marks.delete(mark_key(kind, object_id))
        except redis.RedisError:
            pass  # the mark expires by itself


# --- The worker's side ----------------------------------------------------------------------


@shared_task(name=BATCH_TASK, acks_late=True)
def run_batch(messages: list[list[Any]]) -> dict[str, int]:
    """Run what one commit queued, in its order: each item by calling its task, one that asks
    for a longer delay than the batch waited queued for the rest of it, one that fails with an
    error its task retries on queued on its own (to retry as it would have)."""
    items = [Item(task, tuple(args), float(delay)) for task, args, delay in messages]
    waited = batch_delay(items)
    now = [item for item in items if item.delay <= waited]
    for item in items:
        if item.delay > waited:
            _send_one(item, item.delay - waited)
    done = {"ran": 0, "queued": len(items) - len(now), "failed": 0}
    for position, item in enumerate(now):
        task = current_app.tasks.get(item.task)
        try:
            if task is None:
                raise LookupError(f"no task named {item.task}")
            task(*item.args)
            done["ran"] += 1
        except SoftTimeLimitExceeded:
            for rest in now[position:]:
                _send_one(rest, 0)  # out of time: the rest on their own
            raise
        except tuple(getattr(task, "autoretry_for", ())):
            logger.warning("%s%s failed in a batch; queued on its own", item.task, item.args)
            _send_one(item, 0)
            done["queued"] += 1
        except Exception:
            logger.exception("%s%s failed in a batch", item.task, item.args)
            done["failed"] += 1
    return done
