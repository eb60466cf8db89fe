"""The webhooks' Celery tasks: the fan-out of a club event (queued by name from
``core.club_events.emit``), one delivery attempt, the sweep that sends deliveries whose
retry is due, and the log's daily purge."""

from typing import Any

from celery import shared_task

from core.club_events import FAN_OUT_TASK
from week.webhooks import sending


@shared_task(name=FAN_OUT_TASK, acks_late=True)
def fan_out(kind: str, club_id: int, event_id: int | None, payload: dict[str, Any]) -> int:
    return sending.fan_out(kind, club_id, event_id, payload)


@shared_task(name=sending.DELIVER_TASK, acks_late=True)
def deliver(delivery_id: int) -> str:
    return sending.attempt(delivery_id)


@shared_task(name="webhooks.retry_due", acks_late=True)
def retry_due() -> int:
    due = sending.due_deliveries()
    for delivery_id in due:
        deliver.delay(delivery_id)
    return len(due)


@shared_task(name="webhooks.purge", acks_late=True)
def purge() -> int:
    return sending.purge_log()
