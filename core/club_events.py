"""What happened in a club, told to the outside (the club's webhooks).

A lower layer that changes something a club may want to hear about (a round seated, a result
saved, the standings moved, an event published) calls ``emit`` inside its transaction; after
commit a Celery task named ``FAN_OUT_TASK`` (``week.webhooks.tasks``) is queued by name, in one
message with whatever else the transaction queued (``core.after_commit``), which hands the
event to every active hook of the club that asked for its kind. Nothing here knows the webhooks
app: with it absent, emitting does nothing.

A kind that belongs to an event (``event_id`` given) is delivered only while that event is
published: the fan-out reads the event when it runs (and every delivery attempt again), so a
payload of an unpublished event never leaves the service. ``EVENT_WITHDRAWN`` is the other way
round (``WHILE_UNPUBLISHED``): it says a published event was unpublished or deleted, and is
delivered only while the event is not published (a withdrawal taken back before it went out is
not sent). The calendar's nights (``NIGHT_PLANNED``, ``NIGHT_CHANGED``, ``NIGHT_CANCELLED``)
have no event and are delivered as they are emitted:
``emit(NIGHT_PLANNED, club_id=club.pk, payload={...})``.

Each kind is emitted by the one service that makes the change, once per change; the shape of
each payload is declared in the API's schema (``web.api.openapi.webhooks``).
"""

from typing import Any

from core.after_commit import queue

FAN_OUT_TASK = "webhooks.fan_out"

NIGHT_PLANNED = "night.planned"
NIGHT_CHANGED = "night.changed"
NIGHT_CANCELLED = "night.cancelled"
ROUND_SEATED = "round.seated"
RESULT_SAVED = "result.saved"
RESULT_CORRECTED = "result.corrected"
STANDINGS_CHANGED = "standings.changed"
EVENT_PUBLISHED = "event.published"
EVENT_CHANGED = "event.changed"
EVENT_WITHDRAWN = "event.withdrawn"

KINDS = (
    NIGHT_PLANNED,
    NIGHT_CHANGED,
    NIGHT_CANCELLED,
    ROUND_SEATED,
    RESULT_SAVED,
    RESULT_CORRECTED,
    STANDINGS_CHANGED,
    EVENT_PUBLISHED,
    EVENT_CHANGED,
    EVENT_WITHDRAWN,
)
# Kinds of an event delivered only while it is not published (the others: only while it is).
WHILE_UNPUBLISHED = frozenset({EVENT_WITHDRAWN})


def emit(kind: str, *, club_id: int, payload: dict[str, Any], event_id: int | None = None) -> None:
    """Queue ``kind`` with its JSON ``payload`` for the club's hooks once the current
    transaction commits (nothing is sent if it rolls back). Paths in the payload (values of
    keys ending in ``url`` that start with ``/``) become absolute links when delivered. A
    broker that is down is logged, never raised: the write it reports is saved."""
    if kind not in KINDS:
        raise ValueError(f"unknown club event kind {kind!r}")
    queue(
        FAN_OUT_TASK,
        (kind, club_id, event_id, payload),
        label=f"{kind} for club {club_id}",
    )
