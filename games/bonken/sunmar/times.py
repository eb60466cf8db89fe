"""The times of a backup: local times without a zone and the device's offset from UTC, read
only within what the service can represent (pure: no Django).

The app writes local times as ``toIso8601String()`` (no offset) and the offset as ``+01:00``.
An offset is read from -14:00 to +14:00 (every zone on earth lies within); a time from
``EARLIEST`` to ``LATEST``: the app was made long after the first, and the last leaves room
for any offset and for the evening's six hours without leaving the calendar.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any

OFFSET = re.compile(r"([+-])([0-9]{2}):([0-9]{2})")
MAX_OFFSET = timedelta(hours=14)
EARLIEST = datetime(2000, 1, 1)
LATEST = datetime(2100, 1, 1)  # not included
RANGE = "2000-01-01 – 2099-12-31"


def parse_offset(text: Any) -> timedelta | None:
    """The offset ``text`` gives (like ``+01:00``), or None if it is not one within range."""
    found = OFFSET.fullmatch(text) if isinstance(text, str) else None
    if found is None:
        return None
    sign, hours, minutes = found.groups()
    if int(minutes) >= 60:
        return None
    offset = timedelta(hours=int(hours), minutes=int(minutes))
    if offset > MAX_OFFSET:
        return None
    return -offset if sign == "-" else offset


def parse_local_time(value: Any) -> datetime | None:
    """The local time ``value`` gives (ISO 8601 without an offset), or None if it is not
    one."""
    if not isinstance(value, str) or not value.isascii():
        return None
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        return None
    return parsed if parsed.tzinfo is None else None


def in_range(moment: datetime) -> bool:
    return EARLIEST <= moment < LATEST
