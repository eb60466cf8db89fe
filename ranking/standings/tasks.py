"""The standings' Celery tasks (queued by name: ``tournaments.tasks.enqueue_standings``). The
names are the ones the tasks had in ``tournaments.tasks``, so queued tasks and beat go on."""

from celery import shared_task
from django.conf import settings
from django.db import OperationalError

from tournaments.tasks import STANDINGS_TASK, enqueue_previews, task_started


@shared_task(
    name=STANDINGS_TASK,
    acks_late=True,
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    retry_backoff_max=settings.DERIVED_WORK_RETRY_MAX,
    max_retries=8,
)
def standings_recompute(event_id: int) -> int:
    """Recompute an event's standings; returns the results version they reflect. The event's
    link previews are redrawn after them."""
    from ranking.standings.services import standings_recompute as recompute

    task_started("standings", event_id)
    version = recompute(event_id=event_id)
    enqueue_previews(event_id)
    return version


@shared_task(name="tournaments.reconcile", acks_late=True)
def reconcile() -> dict[str, int]:
    """Queue a recompute for every event whose results changed after its standings were
    computed (or that never got them): what a lost task, a dead worker or a broker that was
    down left behind. Run periodically by Celery beat."""
    from ranking.standings.services import events_with_stale_standings

    stale = events_with_stale_standings()
    for event_id in stale:
        standings_recompute.delay(event_id)
    return {"standings": len(stale)}
