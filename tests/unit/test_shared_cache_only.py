"""Every use of Django's cache goes through ``core.shared_cache`` (which fails open when the
cache cannot be reached), and every DRF throttle counts there: a module that used the cache
directly would answer 500 while the cache is down."""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = (
    "config",
    "core",
    "clubs",
    "tournaments",
    "results",
    "ranking",
    "web/pages",
    "web/api",
    "bench",
    "games/bonken/imports",
)
DIRECT = re.compile(r"from django\.core\.cache import (cache|caches)\b")


def test_no_module_but_the_shared_cache_uses_django_s_cache():
    offenders = [
        path.relative_to(ROOT).as_posix()
        for package in PACKAGES
        for path in (ROOT / package).rglob("*.py")
        if DIRECT.search(path.read_text())
    ]
    assert offenders == ["core/shared_cache.py"]


def test_every_drf_throttle_counts_in_the_shared_cache():
    from django.utils.module_loading import import_string

    from core.shared_cache import shared
    from web.api.views.night.sessions import ValidateThrottle

    classes = [import_string(name) for name in settings.REST_FRAMEWORK["DEFAULT_THROTTLE_CLASSES"]]
    assert all(cls.cache is shared for cls in [*classes, ValidateThrottle])
