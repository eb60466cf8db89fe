"""The timing that makes derived work converge after a worker is killed, without beat: a task
a dead worker had reserved is handed out again after the broker's visibility timeout, which
must come after any task's hard time limit (else a running task would run twice at once) and
within two minutes; a queued task's mark expires before it."""

from django.conf import settings

from tournaments.tasks import PENDING_SECONDS


def test_a_killed_workers_task_comes_back_within_two_minutes():
    timeout = settings.CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"]
    assert timeout <= 120
    assert settings.CELERY_TASK_SOFT_TIME_LIMIT < settings.CELERY_TASK_TIME_LIMIT < timeout
    assert settings.CELERY_TASK_REJECT_ON_WORKER_LOST
    assert PENDING_SECONDS < timeout
    assert settings.DERIVED_WORK_DELAY < timeout
