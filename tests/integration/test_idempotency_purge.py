"""Stored answers to writes with an Idempotency-Key are purged after the retention
(IDEMPOTENCY_RETENTION_HOURS, 24 by default) by a task on Celery beat's schedule."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from config.celery import app
from games.models import IdempotencyRecord
from games.tasks import idempotency_purge

pytestmark = pytest.mark.django_db


def record(key: str, age: timedelta) -> IdempotencyRecord:
    row = IdempotencyRecord.objects.create(key=key, scope="user:1", request_hash="0",
                                           status_code=201, response={})
    IdempotencyRecord.objects.filter(pk=row.pk).update(created_at=timezone.now() - age)
    return row


def kept() -> set[str]:
    return set(IdempotencyRecord.objects.values_list("key", flat=True))


def test_records_older_than_a_day_are_purged():
    assert settings.IDEMPOTENCY_RETENTION_HOURS == 24
    record("fresh", timedelta(minutes=5))
    record("a-day-less-a-minute", timedelta(hours=24) - timedelta(minutes=1))
    record("a-day-and-a-minute", timedelta(hours=24, minutes=1))
    record("a-week", timedelta(days=7))
    assert idempotency_purge.delay().get() == {"idempotency_records": 2}
    assert kept() == {"fresh", "a-day-less-a-minute"}
    assert idempotency_purge.delay().get() == {"idempotency_records": 0}


def test_the_retention_is_a_setting(settings, monkeypatch):
    settings.IDEMPOTENCY_RETENTION_HOURS = 1
    monkeypatch.setattr("games.tasks.PURGE_BATCH", 2)  # several batches
    for n in range(5):
        record(f"old-{n}", timedelta(hours=2))
    record("recent", timedelta(minutes=30))
    assert idempotency_purge.delay().get() == {"idempotency_records": 5}
    assert kept() == {"recent"}


def test_beat_runs_the_purge():
    entry = settings.CELERY_BEAT_SCHEDULE["idempotency-purge"]
    assert entry["task"] == "games.idempotency_purge" in app.tasks
    assert entry["schedule"] <= 3600
