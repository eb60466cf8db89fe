"""The API's throttles: DRF's, counting in ``core.shared_cache`` so that a cache that cannot be
reached counts nothing (every request is served, the failure is logged) instead of failing the
request."""

from __future__ import annotations

from rest_framework import throttling

from core.shared_cache import shared


class AnonRateThrottle(throttling.AnonRateThrottle):
    """Anonymous clients per address (``DEFAULT_THROTTLE_RATES["anon"]``), failing open."""

    cache = shared  # type: ignore[assignment]  # Django's get/set, failing open
