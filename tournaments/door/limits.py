"""How often the door may be written to: per phone (its door id) and per address, counted in
Django's cache like the sign-in throttle (``clubs.access.throttle``), so all web processes share the
counts when ``CACHE_URL`` names Redis (through ``core.shared_cache``: a cache that is down
counts nothing and the door stays open).

A whole club shares one address on its wireless network, so the address's limit is generous
(``DOOR_ADDRESS_LIMIT`` writes per ``DOOR_WINDOW`` seconds, 120 per 10 minutes); one phone
gets ``DOOR_PHONE_LIMIT`` (10) per window: enough to check in, say "leaving" and take it back,
far too few to walk through the club's names.
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.http import HttpRequest

from clubs.access.throttle import client_address
from core.shared_cache import shared

DOOR_WINDOW = getattr(settings, "DOOR_WINDOW", 600)
DOOR_ADDRESS_LIMIT = getattr(settings, "DOOR_ADDRESS_LIMIT", 120)
DOOR_PHONE_LIMIT = getattr(settings, "DOOR_PHONE_LIMIT", 10)


def _key(kind: str, value: str) -> str:
    return f"door:{kind}:{hashlib.sha256(value.encode()).hexdigest()[:32]}"


def door_wait(request: HttpRequest, device: str) -> int:
    """Count one door write of this request; the seconds to wait if it is one too many (0: go
    ahead). A refused write is counted too, so hammering does not reset the window."""
    counted = [(_key("ip", client_address(request)), DOOR_ADDRESS_LIMIT)]
    if device:
        counted.append((_key("phone", device), DOOR_PHONE_LIMIT))
    over = False
    for key, limit in counted:
        # The window starts at the first write; a cache that is down counts nothing.
        over = shared.count(key, DOOR_WINDOW) > limit or over
    return DOOR_WINDOW if over else 0
