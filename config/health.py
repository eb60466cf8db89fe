"""``GET /healthz``: whether this web process can do its work, for a load balancer or a monitor.

    {"status": "ok" | "degraded" | "down",
     "database": true, "redis": true | null, "worker": true | false | null,
     "cache": true | false | null,
     "derived": {"stale_standings": 0, "stale_ratings": 0}}

``redis`` and ``worker`` are null where the deployment has none (tasks run in-process),
``cache`` where the cache is the process's own memory (no ``CACHE_URL``). The answer is 503
when the database or the broker cannot be reached (this process cannot save or queue
anything), 200 otherwise. A missing worker is ``degraded`` (results are still saved, and
derived work waits for a worker: ``derived`` says how many events' standings and clubs'
ratings are behind); so is a cache that cannot be reached: every request is still served
(``core.shared_cache`` fails open), but throttles count nothing until it is back, so a load
balancer keeps the process while a monitor should call someone.

The answer is computed at most once per ``ANSWER_SECONDS`` per process (the checks ping the
database, the broker, a worker and the cache; a burst of checks shares one answer), and one
address may ask ``HEALTHZ_PER_MINUTE`` times a minute (429 with ``Retry-After`` beyond that;
counted in the shared cache, so nothing is counted while it is down).
"""

from __future__ import annotations

import hashlib
import threading
import time
from typing import Any

from celery import current_app
from django.conf import settings
from django.core.signals import setting_changed
from django.db import connection
from django.dispatch import receiver
from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET

from clubs.access.throttle import client_address
from core.errors import problem
from core.shared_cache import cache_reachable, shared

PING_SECONDS = 1.0
ANSWER_SECONDS = 2.0
HEALTHZ_PER_MINUTE = int(getattr(settings, "HEALTHZ_PER_MINUTE", 120))


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
        return bool(
            redis.Redis.from_url(
                url, socket_timeout=PING_SECONDS, socket_connect_timeout=PING_SECONDS
            ).ping()
        )
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
    from ranking.ratings.selectors import stale_rating_pools
    from ranking.standings.services import events_with_stale_standings

    return {
        "stale_standings": len(events_with_stale_standings()),
        "stale_ratings": len(stale_rating_pools()),
    }


def _checked() -> tuple[dict[str, Any], int]:
    database, broker = _database(), _redis()
    worker = _worker(broker)
    cache = cache_reachable()
    body: dict[str, Any] = {"database": database, "redis": broker, "worker": worker, "cache": cache}
    if database:
        body["derived"] = _derived()
    down = not database or broker is False
    degraded = worker is False or cache is False
    body["status"] = "down" if down else ("degraded" if degraded else "ok")
    return body, 503 if down else 200


class _Answer:
    """This process's last answer and when it was computed (one computation at a time)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.reset()

    def reset(self) -> None:
        self.at = -ANSWER_SECONDS
        self.body: dict[str, Any] = {}
        self.status = 200

    def get(self) -> tuple[dict[str, Any], int]:
        with self.lock:
            if time.monotonic() - self.at >= ANSWER_SECONDS:
                self.body, self.status = _checked()
                self.at = time.monotonic()
            return self.body, self.status


_answer = _Answer()


@receiver(setting_changed)
def forget_answer(**kwargs: Any) -> None:
    """Compute the next answer afresh (a changed setting; tests)."""
    _answer.reset()


def _throttled(request: HttpRequest) -> bool:
    address = hashlib.sha256(client_address(request).encode()).hexdigest()[:32]
    return shared.count(f"healthz:ip:{address}", 60) > HEALTHZ_PER_MINUTE


@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    if _throttled(request):
        refused = JsonResponse(
            {
                "errors": [
                    problem(
                        "too_many_health_checks",
                        _("Too many health checks from this address; try again in a minute."),
                    )
                ]
            },
            status=429,
        )
        refused["Retry-After"] = "60"
        return refused
    body, status = _answer.get()
    response = JsonResponse(body, status=status)
    response["Cache-Control"] = "no-store"
    return response
