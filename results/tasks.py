"""Housekeeping of the session write path: stored Idempotency-Key answers are kept for
``IDEMPOTENCY_RETENTION_HOURS`` (24 by default; a client retries within minutes), then purged
by a beat task."""

from __future__ import annotations

import datetime

from celery import shared_task
from django.conf import settings
from django.utils import timezone

from results.models import IdempotencyRecord


def idempotency_purge(*, now: datetime.datetime | None = None) -> int:
    """Delete the stored answers older than the retention; returns how many."""
    hours = settings.IDEMPOTENCY_RETENTION_HOURS
    cutoff = (now or timezone.now()) - datetime.timedelta(hours=hours)
    deleted, _ = IdempotencyRecord.objects.filter(created_at__lt=cutoff).delete()
    return deleted


@shared_task(name="games.idempotency_purge", acks_late=True)
def purge_idempotency_records() -> dict[str, int]:
    return {"deleted": idempotency_purge()}
