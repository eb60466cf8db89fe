"""Every task that a lower layer queues by name is registered in any process that starts
Django, not only in a worker that discovered it: a web process or a command that queues an
unknown name logs an error and the work is never done (the link previews were so)."""

import subprocess
import sys

from tests.conftest import ROOT

SCRIPT = """
import django
django.setup()
from celery import current_app
from core import after_commit, club_events
from tournaments import tasks
names = [tasks.STANDINGS_TASK, tasks.RATINGS_TASK, tasks.EVENING_TASK, tasks.PREVIEWS_TASK,
         club_events.FAN_OUT_TASK, after_commit.BATCH_TASK]
print(" ".join(name for name in names if name not in current_app.tasks))
"""


def test_every_task_queued_by_name_is_registered_when_django_starts():
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={"DJANGO_SETTINGS_MODULE": "config.settings", "PATH": "/usr/bin:/bin"},
        check=True,
    )
    assert done.stdout.strip() == "", f"not registered: {done.stdout.strip()}"
