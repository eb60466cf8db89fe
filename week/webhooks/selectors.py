"""Reads of a club's webhooks: a hook's deliveries in the order they were made, from a point
(the catch-up list a receiver reads what it missed from)."""

from __future__ import annotations

from week.webhooks.models import Delivery, Hook


def deliveries_after(*, hook: Hook, after: int, limit: int) -> list[Delivery]:
    """The hook's deliveries numbered after ``after`` (``Delivery.sequence``), oldest first, at
    most ``limit``. A delivery is numbered under the hook's lock, so none with a lower number
    is committed later: reading on from the last number seen misses nothing."""
    rows = Delivery.objects.filter(hook=hook, sequence__gt=after).order_by("sequence", "id")
    return list(rows[:limit])
