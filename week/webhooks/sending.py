"""Deliveries: a club event fanned out to the hooks that asked for it, each delivery signed and
sent, retried with backoff, and a hook that keeps failing switched off (its organizers told).

The body is the JSON envelope ``{"id", "kind", "created_at", "club", "club_name", "club_slug",
"club_url", "data"}`` (``created_at`` in UTC, written with ``Z``); a test ping is the kind
``ping`` (``PING``), tried once. The headers
``X-Hook-Event`` (the kind), ``X-Hook-Delivery`` (the id, the same on every attempt),
``X-Hook-Timestamp`` (Unix seconds of the attempt) and ``X-Hook-Signature``:
``sha256=`` and the hex HMAC-SHA256, keyed with the hook's secret, of the timestamp, a dot and
the body; for a while after a new secret (``WEBHOOKS_SECRET_OVERLAP_HOURS``) also
``X-Hook-Signature-Previous``, the same keyed with the previous secret. A receiver recomputes
it with the secret it has, accepts either header, and refuses an old timestamp (a replay).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import time
from datetime import timedelta
from typing import Any

from celery import current_app
from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from clubs.audit import audit
from clubs.models import Club, Membership, Role
from core.club_events import KINDS, WHILE_UNPUBLISHED
from core.names import cleaned_name
from core.times import utc_z
from tournaments.models import Event
from week.webhooks import net
from week.webhooks.models import Delivery, Hook

logger = logging.getLogger(__name__)

DELIVER_TASK = "webhooks.deliver"
# A test ping an organizer sends: signed like every delivery, whatever kinds the hook chose.
PING = "ping"
DELIVERY_KINDS = (*KINDS, PING)


def signature(secret: str, timestamp: str, body: bytes) -> str:
    """``sha256=<hex>`` of HMAC-SHA256(secret, timestamp + "." + body)."""
    mac = hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256)
    return "sha256=" + mac.hexdigest()


def club_reference(club: Club) -> dict[str, Any]:
    """The club as the envelope names it, as the API names a player: ``club`` (the id),
    ``club_name``, ``club_slug`` (its public feeds' ``{slug}``) and ``club_url`` (its page)."""
    return {
        "club": club.pk,
        "club_name": club.name,
        "club_slug": club.slug,
        "club_url": settings.SITE_URL + reverse("clubs:club_page", args=[club.slug]),
    }


def body_of(delivery: Delivery, club: Club) -> bytes:
    envelope = {
        "id": delivery.pk,
        "kind": delivery.kind,
        "created_at": utc_z(delivery.created_at),
        **club_reference(club),
        "data": delivery.payload,
    }
    if delivery.resent_from_id:
        envelope["resent_from"] = delivery.resent_from_id
    return json.dumps(envelope, ensure_ascii=False, separators=(",", ":")).encode()


def _absolute(value: Any, key: str = "") -> Any:
    """Paths under keys ending in ``url`` become links on ``settings.SITE_URL``."""
    if isinstance(value, dict):
        return {name: _absolute(item, name) for name, item in value.items()}
    if isinstance(value, list):
        return [_absolute(item) for item in value]
    if isinstance(value, str) and key.endswith("url") and value.startswith("/"):
        return settings.SITE_URL + value
    return value


def _deliverable(kind: str, event_id: int | None) -> bool:
    """Whether a delivery of ``kind`` may go out now: a kind of an event only while the event
    is published (``event.withdrawn`` only while it is not)."""
    if event_id is None:
        return True
    published = Event.objects.filter(pk=event_id, published=True).exists()
    return not published if kind in WHILE_UNPUBLISHED else published


def delivery_make(
    hook: Hook,
    *,
    kind: str,
    payload: dict[str, Any],
    event_id: int | None = None,
    resent_from: Delivery | None = None,
) -> Delivery:
    """A new delivery to ``hook``, numbered next (``sequence``), sent after commit. The caller
    holds the hook's row lock (``select_for_update``) in its transaction: the numbers of a
    hook's deliveries are committed in their order."""
    hook.deliveries_made += 1
    Hook.objects.filter(pk=hook.pk).update(deliveries_made=hook.deliveries_made)
    delivery = Delivery.objects.create(
        hook=hook,
        sequence=hook.deliveries_made,
        kind=kind,
        event_id=event_id,
        payload=payload,
        resent_from=resent_from,
        next_attempt_at=timezone.now(),
    )
    send_after_commit(delivery.pk)
    return delivery


def send_after_commit(delivery_id: int, countdown: float = 0) -> None:
    def send() -> None:
        try:
            current_app.tasks[DELIVER_TASK].apply_async((delivery_id,), countdown=countdown or None)
        except Exception:  # noqa: BLE001 - the retry sweep sends it later
            logger.warning("could not queue delivery %s", delivery_id, exc_info=True)

    transaction.on_commit(send)


@transaction.atomic
def fan_out(kind: str, club_id: int, event_id: int | None, payload: dict[str, Any]) -> int:
    """A delivery per active hook of the club that asked for ``kind``; none for an event
    that is not published now (``event.withdrawn``: that is published again). The number of
    deliveries made."""
    if not _deliverable(kind, event_id):
        return 0
    hooks = [
        hook
        for hook in Hook.objects.select_for_update()
        .filter(club_id=club_id, active=True)
        .order_by("pk")
        if kind in hook.kinds
    ]
    data = _absolute(payload)
    for hook in hooks:
        delivery_make(hook, kind=kind, event_id=event_id, payload=data)
    return len(hooks)


def retry_wait(attempts: int) -> float:
    """Seconds before the next attempt after ``attempts`` failed ones: 10 s, 40 s, 160 s,
    ... with the default ``WEBHOOKS_RETRY_SECONDS``."""
    return float(settings.WEBHOOKS_RETRY_SECONDS) * 4 ** (attempts - 1)


def attempt(delivery_id: int) -> str:
    """One attempt of a delivery that is due; what became of it. Safe to run twice: a
    delivery another worker is sending, or that is done or not due yet, is left alone."""
    with transaction.atomic():
        delivery = (
            Delivery.objects.select_for_update(skip_locked=True, of=("self",))
            .select_related("hook", "hook__club")
            .filter(pk=delivery_id)
            .first()
        )
        if delivery is None or delivery.status != Delivery.Status.PENDING:
            return "done"
        now = timezone.now()
        if delivery.next_attempt_at and delivery.next_attempt_at > now + timedelta(seconds=1):
            return "not due"
        hook = delivery.hook
        if not hook.active or not _deliverable(delivery.kind, delivery.event_id):
            delivery.status = Delivery.Status.CANCELLED
            if not hook.active:
                delivery.error = "webhook switched off"
            elif delivery.kind in WHILE_UNPUBLISHED:
                delivery.error = "event published again"
            else:
                delivery.error = "event not published"
            delivery.next_attempt_at = None
            delivery.save(update_fields=["status", "error", "next_attempt_at"])
            return "cancelled"
        answer = _post(delivery, hook)
        delivery.attempts += 1
        delivery.last_attempt_at = timezone.now()
        delivery.status_code = answer.status
        delivery.error = answer.error
        if answer.ok:
            delivery.status = Delivery.Status.SUCCEEDED
            delivery.delivered_at, delivery.next_attempt_at = delivery.last_attempt_at, None
            Hook.objects.filter(pk=hook.pk).update(failures=0)
        elif delivery.kind == PING:  # a test: tried once, and no count towards switching off
            delivery.status, delivery.next_attempt_at = Delivery.Status.FAILED, None
        elif delivery.attempts >= settings.WEBHOOKS_MAX_ATTEMPTS:
            delivery.status, delivery.next_attempt_at = Delivery.Status.FAILED, None
            _failed(hook)
        else:
            wait = retry_wait(delivery.attempts)
            delivery.next_attempt_at = delivery.last_attempt_at + timedelta(seconds=wait)
            if wait <= settings.WEBHOOKS_COUNTDOWN_MAX:
                send_after_commit(delivery.pk, countdown=wait)
            # a longer wait is the sweep's (retry_due): a task held past the broker's
            # redelivery time would be handed out twice
        delivery.save()
        return delivery.status


def _post(delivery: Delivery, hook: Hook) -> net.Answer:
    body = body_of(delivery, hook.club)
    timestamp = str(int(time.time()))
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "ClubGames-Webhooks/1",
        "X-Hook-Event": delivery.kind,
        "X-Hook-Delivery": str(delivery.pk),
        "X-Hook-Timestamp": timestamp,
        "X-Hook-Signature": signature(hook.secret, timestamp, body),
    }
    if hook.previous_secret and signs_too(hook):  # a new secret's overlap: both sign
        headers["X-Hook-Signature-Previous"] = signature(hook.previous_secret, timestamp, body)
    try:
        return net.post(hook.url, body, headers)
    except net.Refused as refused:
        return net.Answer(None, f"refused: {refused}"[:300])


def signs_too(hook: Hook) -> bool:
    """Whether the hook's previous secret still signs deliveries (a new secret's overlap)."""
    until = hook.previous_secret_until
    return bool(hook.previous_secret) and until is not None and until > timezone.now()


def _failed(hook: Hook) -> None:
    """A delivery failed for good: one more in a row; too many and the hook is switched off."""
    hook = Hook.objects.select_for_update().select_related("club").get(pk=hook.pk)
    hook.failures += 1
    fields = ["failures"]
    if hook.active and hook.failures >= settings.WEBHOOKS_DISABLE_AFTER:
        hook.active, hook.disabled_at = False, timezone.now()
        fields += ["active", "disabled_at"]
        audit(
            None,
            "webhook.switched_off",
            hook,
            club_id=hook.club_id,
            label="webhooks",
            failures=hook.failures,
        )
        transaction.on_commit(lambda: _tell_organizers(hook))
    hook.save(update_fields=fields)


def _tell_organizers(hook: Hook) -> None:
    """An e-mail to the club's organizers who have an address (the hook's page shows it too)."""
    addresses = sorted(
        {
            email
            for email in Membership.objects.filter(
                club_id=hook.club_id, role=Role.ORGANIZER, player__user__isnull=False
            ).values_list("player__user__email", flat=True)
            if email
        }
    )
    if not addresses:
        return
    subject = f"[{cleaned_name(hook.club.name)}] Webhook switched off / Webhook uitgezet"
    text = (
        f"The webhook {hook.url} of {hook.club.name} was switched off after {hook.failures} "
        "deliveries in a row failed. Its delivery log says what the receiver answered; "
        "switch it on again on the club's webhooks page once the receiver works.\n\n"
        f"De webhook {hook.url} van {hook.club.name} is uitgezet nadat {hook.failures} "
        "afleveringen achter elkaar mislukten. Het logboek van de afleveringen laat zien wat "
        "de ontvanger antwoordde; zet hem weer aan op de webhookpagina van de club zodra de "
        "ontvanger werkt.\n"
    )
    try:
        send_mail(subject, text, None, addresses)
    except Exception:  # noqa: BLE001 - the page shows it all the same
        logger.warning("could not e-mail the organizers of club %s", hook.club_id, exc_info=True)


def due_deliveries(limit: int = 500) -> list[int]:
    """Pending deliveries whose attempt is due (longer waits, and tasks a broker lost)."""
    grace = timezone.now() - timedelta(seconds=5)
    return list(
        Delivery.objects.filter(status=Delivery.Status.PENDING, next_attempt_at__lte=grace)
        .order_by("next_attempt_at")
        .values_list("pk", flat=True)[:limit]
    )


def purge_log() -> int:
    """Delete deliveries older than ``WEBHOOKS_LOG_DAYS`` that are done (how many), and forget
    the previous secrets whose overlap is over."""
    now = timezone.now()
    Hook.objects.filter(previous_secret_until__lte=now).update(
        previous_secret="", previous_secret_until=None
    )
    before = now - timedelta(days=settings.WEBHOOKS_LOG_DAYS)
    old = Delivery.objects.filter(created_at__lt=before).exclude(status=Delivery.Status.PENDING)
    return old.delete()[0]
