"""Derived work for events and clubs, queued by task name: standings and ratings. The tasks
themselves live above the sessions (``ranking.standings.tasks``, ``ranking.ratings.tasks``); they
take IDs, run after commit, and are safe to run twice. Every layer that changes results queues them
from here (``enqueue_standings``, ``enqueue_ratings``), without importing a higher app; they go
with everything else the transaction queued, as one message (``core.after_commit``)."""

from django.conf import settings

from core.after_commit import PENDING_SECONDS, queue, task_started

__all__ = ["PENDING_SECONDS", "task_started"]  # the tasks and the tests import them from here

# A burst of results (a club night whose tables finish at once) needs one recompute, not one
# per result: a task that is queued and has not started yet will read every result committed
# before it starts. So a queued task leaves a mark in Redis (its claim, ``core.after_commit``); an
# enqueue that finds the mark sends nothing, and the task removes the mark as its first step
# (``task_started``), before it reads anything. A task starts settings.DERIVED_WORK_DELAY seconds
# after it is sent (half a second unless set), so that results arriving together share it even
# while the worker is idle: standings and ratings then trail a result by that delay plus the
# computation, and a busy evening computes each event's standings at most a few times a second
# however fast results come in.

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


def enqueue_standings(event_id: int) -> None:
    """Queue a standings recompute once the current transaction commits.

    A broker that is down must not turn a saved result into an error: the result is committed
    and the event's results version has moved on, so the standings are recomputed by the next
    submission or by the reconcile job that compares versions.
    """
    _enqueue_after_commit("standings", STANDINGS_TASK, event_id)


def _enqueue_after_commit(kind: str, task: str, object_id: int) -> None:
    """After commit, send the task named ``task`` for ``object_id`` unless one is already
    waiting (its claim); a broker failure is logged, never raised: the reconcile jobs catch up."""
    what = {"standings": "event", "previews": "event"}.get(kind, "club")
    queue(
        task,
        (object_id,),
        delay=settings.DERIVED_WORK_DELAY,
        claim=kind,
        label=f"{kind} for {what} {object_id}",
    )


def enqueue_ratings(club_id: int) -> None:
    """Queue a ratings update for the club once the current transaction commits.

    A broker that is down must not turn a saved result into an error: the session is
    committed, and ``ratings_reconcile`` (or the next submission) finds the pool behind.
    """
    _enqueue_after_commit("ratings", RATINGS_TASK, club_id)
    # The leagues the club counts in follow its ratings (when the leagues are installed).
    _enqueue_after_commit("leagues", LEAGUES_TASK, club_id)


def enqueue_evening(event_id: int) -> None:
    """Queue the players' evening e-mails for a finished event once the current transaction
    commits (after its standings and ratings, which were queued first). The task sends each
    player's evening once per results version, and nothing for an unpublished event; without
    the e-mail app installed nothing is queued."""
    queue(
        EVENING_TASK,
        (event_id,),
        delay=settings.EVENING_MAIL_DELAY,
        label=f"the evening e-mails of event {event_id}",
    )


def enqueue_previews(event_id: int) -> None:
    """Queue the redrawing of an event's link previews once the current transaction commits
    (after its standings were computed). A broker that is down costs nothing but time: a
    picture whose standings changed is drawn anew when it is next asked for."""
    _enqueue_after_commit("previews", PREVIEWS_TASK, event_id)
