"""``GET /healthz`` for a load balancer or a monitor: whether the database, Redis and a Celery
worker answer, and how far the derived work (standings, ratings) is behind.

200 while the database answers, also when Redis or the workers do not (results are still
saved and the reconcile jobs catch up later; ``status`` then says ``degraded``); 503 when the
database does not, since nothing works without it. Every check has a short timeout, so the
answer comes within about two seconds whatever is down."""

import logging
import time
from collections.abc import Callable
from typing import Any

import redis
from celery import current_app
from django.conf import settings
from django.db import connection
from django.db.models import F, Min, Q
from django.http import HttpRequest, JsonResponse
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

logger = logging.getLogger(__name__)

TIMEOUT = 1.0  # seconds for each of Redis and the worker ping
PENDING_PREFIX = "bonken:pending:"


def _timed(check: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    start = time.perf_counter()
    try:
        result = check()
    except Exception as exc:  # noqa: BLE001 - any failure is the answer "not reachable"
        logger.warning("health check %s failed", check.__name__, exc_info=True)
        result = {"ok": False, "error": type(exc).__name__}  # the details only in the log
    result["ms"] = round((time.perf_counter() - start) * 1000, 1)
    return result


def _database() -> dict[str, Any]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return {"ok": True}


def _redis_client(url: str) -> redis.Redis:
    return redis.Redis.from_url(url, socket_timeout=TIMEOUT, socket_connect_timeout=TIMEOUT)


def _broker() -> redis.Redis | None:
    url = settings.CELERY_BROKER_URL
    return _redis_client(url) if url.startswith(("redis://", "rediss://")) else None


def _redis_check() -> dict[str, Any]:
    broker = _broker()
    if broker is None:
        return {"ok": None, "detail": "no broker configured: tasks run in-process"}
    broker.ping()
    result: dict[str, Any] = {"ok": True}
    cache_url = settings.CACHES["default"].get("LOCATION")
    if settings.CACHES["default"]["BACKEND"].endswith("RedisCache") and cache_url:
        _redis_client(cache_url).ping()
        result["cache"] = True
    return result


def _worker_check() -> dict[str, Any]:
    if current_app.conf.task_always_eager:
        return {"ok": None, "detail": "no worker needed: tasks run in-process"}
    replies = current_app.control.ping(timeout=TIMEOUT, limit=1)
    if not replies:
        return {"ok": False, "error": f"no worker answered within {TIMEOUT} s"}
    return {"ok": True, "answered": sorted(name for reply in replies for name in reply)}


def _pending_marks() -> dict[str, Any]:
    """Queued standings and ratings tasks that have not started, and the oldest one's age."""
    broker = _broker()
    if broker is None or current_app.conf.task_always_eager:
        return {"queued_tasks": 0, "oldest_queued_seconds": None}
    from tournaments.tasks import PENDING_SECONDS

    ages = []
    for key in broker.scan_iter(match=PENDING_PREFIX + "*", count=500):
        ttl = broker.ttl(key)
        if ttl is not None and ttl >= 0:
            ages.append(max(0, PENDING_SECONDS - ttl))
    return {"queued_tasks": len(ages), "oldest_queued_seconds": max(ages) if ages else None}


def _derived_work(*, with_marks: bool) -> dict[str, Any]:
    from games.models import SessionRevision
    from tournaments.ratings_db.selectors import stale_rating_pools
    from tournaments.services import events_with_stale_standings

    stale_events = events_with_stale_standings()
    oldest = None
    if stale_events:
        oldest = (
            SessionRevision.objects.filter(session__event_id__in=stale_events)
            .filter(Q(session__event__computation__isnull=True)
                    | Q(created_at__gt=F("session__event__computation__computed_at")))
            .aggregate(oldest=Min("created_at"))["oldest"]
        )
    result: dict[str, Any] = {
        "ok": True,
        "events_with_stale_standings": len(stale_events),
        "oldest_uncounted_result_seconds": (
            round((timezone.now() - oldest).total_seconds(), 1) if oldest else None),
        "clubs_with_stale_ratings": len(stale_rating_pools()),
    }
    if with_marks:
        result.update(_pending_marks())
    return result


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    database = _timed(_database)
    redis_state = _timed(_redis_check)
    if redis_state["ok"] is False:
        worker = {"ok": False, "error": "the broker does not answer"}
    else:
        worker = _timed(_worker_check)
    body: dict[str, Any] = {"database": database, "redis": redis_state, "worker": worker}
    if database["ok"]:
        body["derived_work"] = _timed(
            lambda: _derived_work(with_marks=redis_state["ok"] is True))
    states = [database["ok"], redis_state["ok"], worker["ok"]]
    body = {"status": "down" if not database["ok"] else
            "ok" if False not in states else "degraded", **body}
    return JsonResponse(body, status=200 if database["ok"] else 503)

