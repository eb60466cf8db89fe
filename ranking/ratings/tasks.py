"""The ratings' Celery tasks (queued by name: ``tournaments.tasks.enqueue_ratings``). The names
are the ones the tasks had in ``tournaments.tasks``, so queued tasks and beat go on."""

from celery import shared_task
from django.conf import settings
from django.db import OperationalError

from tournaments.tasks import RATINGS_TASK, task_started


@shared_task(
    name=RATINGS_TASK,
    acks_late=True,
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    retry_backoff_max=settings.DERIVED_WORK_RETRY_MAX,
    max_retries=8,
)
def ratings_update(club_id: int) -> dict[str, object]:
    """Bring a club's ratings up to date: append new sessions, or replay from a correction."""
    from ranking.ratings.services import ratings_update as update

    task_started("ratings", club_id)
    sync = update(club_id=club_id)
    return {"club": club_id, "mode": sync.mode, "sessions_rated": sync.sessions_rated}


@shared_task(name="tournaments.ratings_reconcile", acks_late=True)
def ratings_reconcile() -> dict[str, int]:
    """Queue an update for every club whose ratings are behind its complete sessions (or
    marked for a replay): what a lost task or a broker that was down left behind. Meant for
    Celery beat."""
    from ranking.ratings.selectors import stale_rating_pools

    stale = stale_rating_pools()
    for club_id in stale:
        ratings_update.delay(club_id)
    return {"ratings": len(stale)}
