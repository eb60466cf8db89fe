"""``GET /healthz``: whether this web process can do its work, for a load balancer or a monitor.

    {"status": "ok" | "degraded" | "down",
     "database": true, "redis": true | null, "worker": true | false | null,
     "derived": {"stale_standings": 0, "stale_ratings": 0}}

``redis`` and ``worker`` are null where the deployment has none (tasks run in-process). The
answer is 503 when the database or the broker cannot be reached (this process cannot save or
queue anything), 200 otherwise; a missing worker is ``degraded`` (results are still saved, and
derived work waits for a worker: ``derived`` says how many events' standings and clubs'
ratings are behind).
"""

from __future__ import annotations

from typing import Any

from celery import current_app
from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_GET

PING_SECONDS = 1.0


def _database() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        return True
    except Exception:  # noqa: BLE001 - any failure means: not reachable
        return False


def _redis() -> bool | None:
    url = getattr(settings, "CELERY_BROKER_URL", "") or ""
    if not url.startswith(("redis://", "rediss://")):
        return None
    import redis

    try:
        return bool(redis.Redis.from_url(url, socket_timeout=PING_SECONDS,
                                         socket_connect_timeout=PING_SECONDS).ping())
    except redis.RedisError:
        return False


def _worker(broker: bool | None) -> bool | None:
    if current_app.conf.task_always_eager:
        return None
    if broker is False:
        return False
    try:
        # The first answer is enough: without a limit the ping always waits its whole timeout.
        return bool(current_app.control.ping(timeout=PING_SECONDS, limit=1))
    except Exception:  # noqa: BLE001 - a broker error: no worker can be reached
        return False


def _derived() -> dict[str, int]:
    from ratings.selectors import stale_rating_pools
    from standings.services import events_with_stale_standings

    return {"stale_standings": len(events_with_stale_standings()),
            "stale_ratings": len(stale_rating_pools())}


@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    database, broker = _database(), _redis()
    worker = _worker(broker)
    body: dict[str, Any] = {"database": database, "redis": broker, "worker": worker}
    if database:
        body["derived"] = _derived()
    down = not database or broker is False
    body["status"] = "down" if down else ("degraded" if worker is False else "ok")
    response = JsonResponse(body, status=503 if down else 200)
    response["Cache-Control"] = "no-store"
    return response
