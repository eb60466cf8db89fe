"""Django's cache for throttle counts and short-lived shared answers, failing open.

Every count and every cached answer goes through :data:`shared` (the sign-in and code guards
of ``clubs.access.throttle``, the door's limits, the API's throttles, the room's screen,
``/healthz``). The cache is a help, never a condition: when its backend cannot be reached
(``CACHE_URL`` names a Redis that is down) a read finds nothing, a write is dropped, a count counts
nothing and an ``add`` reports success, so every request is served as if nothing had been counted
yet. The failure is logged (logger ``core.shared_cache``) at most once per ``LOG_SECONDS`` with how
many calls failed since, and for ``RETRY_SECONDS`` after a failure this process does not try
the backend again, so a cache that is down costs one refused connection per few seconds, not
one per call. ``/healthz`` reports the cache (:func:`cache_reachable`).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterable
from typing import Any

from django.core.cache import caches
from django.core.signals import setting_changed
from django.dispatch import receiver

log = logging.getLogger(__name__)

LOG_SECONDS = 60.0
RETRY_SECONDS = 5.0
PROCESS_LOCAL = ("LocMemCache", "DummyCache")  # not shared between processes


def _backend_errors() -> tuple[type[BaseException], ...]:
    errors: tuple[type[BaseException], ...] = (OSError,)
    try:
        import redis
    except ImportError:  # pragma: no cover - redis is a dependency
        return errors
    return (*errors, redis.RedisError)


BACKEND_ERRORS = _backend_errors()


class _State:
    """This process's memory of the backend's failures."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.reset()

    def reset(self) -> None:
        self.down_until = 0.0
        self.logged_at = -LOG_SECONDS
        self.failures = 0


_state = _State()


def reset() -> None:
    """Forget past failures (tests, or a changed ``CACHES`` setting)."""
    with _state.lock:
        _state.reset()


@receiver(setting_changed)
def _caches_changed(*, setting: str, **kwargs: Any) -> None:
    if setting == "CACHES":
        reset()


def _failed(operation: str, exc: BaseException) -> None:
    now = time.monotonic()
    with _state.lock:
        _state.down_until = now + RETRY_SECONDS
        _state.failures += 1
        if now - _state.logged_at < LOG_SECONDS:
            return
        failures, _state.failures, _state.logged_at = _state.failures, 0, now
    log.warning(
        "The cache cannot be reached (%s: %s); throttles count nothing and cached answers "
        "are computed afresh until it is back (%d failed calls since the last report).",
        operation,
        exc,
        failures,
    )


def _skipping() -> bool:
    return time.monotonic() < _state.down_until


class SharedCache:
    """The default cache's calls that throttles and shared answers need, each failing open.
    Its ``get`` and ``set`` match Django's, so DRF's throttles may use it as their cache."""

    def get(self, key: str, default: Any = None) -> Any:
        if _skipping():
            return default
        try:
            return caches["default"].get(key, default)
        except BACKEND_ERRORS as exc:
            _failed("get", exc)
            return default

    def get_many(self, keys: Iterable[str]) -> dict[str, Any]:
        if _skipping():
            return {}
        try:
            return caches["default"].get_many(list(keys))
        except BACKEND_ERRORS as exc:
            _failed("get_many", exc)
            return {}

    def set(self, key: str, value: Any, timeout: float | None = None) -> None:
        if _skipping():
            return
        try:
            caches["default"].set(key, value, timeout)
        except BACKEND_ERRORS as exc:
            _failed("set", exc)

    def add(self, key: str, value: Any, timeout: float | None = None) -> bool:
        """Whether the key was added; True when the cache cannot be reached (nothing is
        held against anyone)."""
        if _skipping():
            return True
        try:
            return bool(caches["default"].add(key, value, timeout))
        except BACKEND_ERRORS as exc:
            _failed("add", exc)
            return True

    def count(self, key: str, window: float) -> int:
        """Add one to the count at ``key`` (its window starting at the first) and return it;
        0 when the cache cannot be reached (nothing was counted)."""
        if _skipping():
            return 0
        cache = caches["default"]
        try:
            cache.add(key, 0, timeout=window)
            try:
                return int(cache.incr(key))
            except ValueError:  # expired between the two calls
                cache.set(key, 1, timeout=window)
                return 1
        except BACKEND_ERRORS as exc:
            _failed("count", exc)
            return 0

    def incr(self, key: str, delta: int = 1) -> int:
        """Django's ``incr`` (ValueError for a missing key); 0 when the cache cannot be
        reached."""
        if _skipping():
            return 0
        try:
            return int(caches["default"].incr(key, delta))
        except BACKEND_ERRORS as exc:
            _failed("incr", exc)
            return 0

    def decr(self, key: str, delta: int = 1) -> int:
        """Django's ``decr`` (ValueError for a missing key); 0 when the cache cannot be
        reached."""
        if _skipping():
            return 0
        try:
            return int(caches["default"].decr(key, delta))
        except BACKEND_ERRORS as exc:
            _failed("decr", exc)
            return 0

    def touch(self, key: str, timeout: float | None = None) -> bool:
        if _skipping():
            return False
        try:
            return bool(caches["default"].touch(key, timeout))
        except BACKEND_ERRORS as exc:
            _failed("touch", exc)
            return False

    def delete_many(self, keys: Iterable[str]) -> None:
        if _skipping():
            return
        try:
            caches["default"].delete_many(list(keys))
        except BACKEND_ERRORS as exc:
            _failed("delete_many", exc)


shared = SharedCache()


def cache_reachable() -> bool | None:
    """Whether the shared cache answers now (tried even while calls are being skipped); None
    when the cache is this process's own memory (nothing shared to reach)."""
    cache = caches["default"]
    if type(cache).__name__ in PROCESS_LOCAL:
        return None
    try:
        cache.get("healthz:probe")
    except BACKEND_ERRORS as exc:
        _failed("get", exc)
        return False
    with _state.lock:
        _state.down_until = 0.0  # back: count again at once
    return True
