"""Derived work for events and clubs: standings and ratings. Tasks take IDs, run after commit,
and are safe to run twice."""

import logging

from celery import shared_task
from django.db import OperationalError, transaction

logger = logging.getLogger(__name__)


@shared_task(
    name="tournaments.standings_recompute",
    acks_late=True,
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    max_retries=8,
)
def standings_recompute(event_id: int) -> int:
    """Recompute an event's standings; returns the results version they reflect."""
    from tournaments.services import standings_recompute as recompute

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

    def send() -> None:
        try:
            standings_recompute.delay(event_id)
        except Exception:  # noqa: BLE001 - any broker failure; the data is safe
            logger.warning("could not queue standings for event %s", event_id, exc_info=True)

    transaction.on_commit(send)


@shared_task(
    name="tournaments.ratings_update",
    acks_late=True,
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    max_retries=8,
)
def ratings_update(club_id: int) -> dict[str, object]:
    """Bring a club's ratings up to date: append new sessions, or replay from a correction."""
    from tournaments.ratings_db.services import ratings_update as update

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

    def send() -> None:
        try:
            ratings_update.delay(club_id)
        except Exception:  # noqa: BLE001 - any broker failure; the data is safe
            logger.warning("could not queue ratings for club %s", club_id, exc_info=True)

    transaction.on_commit(send)
