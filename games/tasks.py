"""Housekeeping of the session write path: stored answers to idempotent writes are kept for
``IDEMPOTENCY_RETENTION_HOURS`` (24 by default) and then purged by Celery beat. A retry that
comes later than that is treated as a new write."""

from datetime import timedelta

from celery import shared_task
from django.conf import settings
from django.utils import timezone

from games.models import IdempotencyRecord

# Rows deleted per statement, so a large backlog never holds long locks.
PURGE_BATCH = 5000


def purge_idempotency_records(*, hours: float | None = None) -> int:
    """Delete the stored answers older than ``hours`` (the setting by default); returns how
    many went."""
    retention = settings.IDEMPOTENCY_RETENTION_HOURS if hours is None else hours
    cutoff = timezone.now() - timedelta(hours=retention)
    old = IdempotencyRecord.objects.filter(created_at__lt=cutoff)
    purged = 0
    while True:
        batch = list(old.values_list("pk", flat=True)[:PURGE_BATCH])
        if not batch:
            return purged
        purged += IdempotencyRecord.objects.filter(pk__in=batch).delete()[0]


@shared_task(name="games.idempotency_purge", acks_late=True)
def idempotency_purge() -> dict[str, int]:
    """Run by Celery beat every hour."""
    return {"idempotency_records": purge_idempotency_records()}
