"""A moment as every client of the service reads one (the API's answers, the webhooks, the
public feeds): RFC 3339 in UTC, ``Z`` at the end, never ``+00:00`` or a local offset."""

from __future__ import annotations

import datetime


def utc_z(moment: datetime.datetime) -> str:
    """``2026-11-27T19:00:00Z`` (with its microseconds when it has them)."""
    return moment.astimezone(datetime.UTC).isoformat().replace("+00:00", "Z")
