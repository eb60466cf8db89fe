"""The Celery app. Without CELERY_BROKER_URL the settings make every task run eagerly."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("bonken")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
