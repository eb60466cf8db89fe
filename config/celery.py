"""The Celery app. Without CELERY_BROKER_URL the settings make every task run eagerly.

Database connections in a worker live as in a web process: kept between tasks for
``CONN_MAX_AGE`` seconds and replaced when broken (Django's ``close_old_connections`` around
each task, as around each request). Celery's own Django fixup would otherwise close them after
every task, so that every task paid for a new PostgreSQL backend; ``CELERY_DB_REUSE_MAX`` in the
settings turns that off.
"""

import os
from typing import Any

from celery import Celery, signals

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("bonken")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@signals.task_prerun.connect
@signals.task_postrun.connect
def _close_old_connections(sender: Any = None, **_: Any) -> None:
    if getattr(getattr(sender, "request", None), "is_eager", False):
        return  # runs inside a request (or a test): its connection is not the task's to close
    from django.db import close_old_connections

    close_old_connections()
