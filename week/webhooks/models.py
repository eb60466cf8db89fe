"""A club's webhooks: the URLs its organizers registered for the kinds of club events they chose
(``core.club_events.KINDS``), and every delivery made to them (the log organizers read)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from core.names import NameField


class Hook(models.Model):
    """A URL that receives the club's events of the chosen kinds, signed with the hook's own
    secret. Switched off (``active`` False, ``disabled_at`` set) after too many deliveries in a
    row failed; an organizer switches it on again."""

    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="hooks"
    )
    url = models.URLField(_("URL"), max_length=500)
    description = NameField(
        _("description"),
        max_length=120,
        blank=True,
        default="",
        label=_("The webhook's description"),
    )
    kinds = models.JSONField(_("events"), default=list)
    # Signs every delivery; shown once, when it is made (created, or a new one).
    secret = models.CharField(_("secret"), max_length=64)
    # The secret before the last new one: until ``previous_secret_until`` deliveries carry its
    # signature too, so a receiver switches without losing one (emptied after that).
    previous_secret = models.CharField(_("previous secret"), max_length=64, blank=True, default="")
    previous_secret_until = models.DateTimeField(
        _("previous secret signs until"), null=True, blank=True
    )
    active = models.BooleanField(_("active"), default=True)
    # Deliveries in a row that failed (every attempt); a success sets it back to zero.
    failures = models.PositiveIntegerField(_("failed deliveries in a row"), default=0)
    disabled_at = models.DateTimeField(_("switched off at"), null=True, blank=True)
    # How many deliveries were made for the hook: the last one's ``sequence``.
    deliveries_made = models.PositiveBigIntegerField(_("deliveries made"), default=0)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("created by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    class Meta:
        ordering = ["club_id", "id"]
        verbose_name = _("webhook")
        verbose_name_plural = _("webhooks")

    def __str__(self) -> str:
        return self.url


class Delivery(models.Model):
    """One event sent to one hook: its payload, how many attempts it took, and the status the
    receiver answered last (and when). Attempts go on (with backoff) until one succeeds or
    ``WEBHOOKS_MAX_ATTEMPTS`` failed; a test ping (``kind`` ``ping``) is tried once.

    ``sequence`` numbers a hook's deliveries in the order they were made (1, 2, ...): it is
    taken from the hook's ``deliveries_made`` under the hook's row lock, so a delivery with a
    higher number is committed after every lower one, and a receiver catching up from the list
    after the last number it read misses none."""

    class Status(models.TextChoices):
        PENDING = "pending", _("waiting")
        SUCCEEDED = "succeeded", _("delivered")
        FAILED = "failed", _("failed")
        CANCELLED = "cancelled", _("not sent")

    hook = models.ForeignKey(
        Hook, verbose_name=_("webhook"), on_delete=models.CASCADE, related_name="deliveries"
    )
    sequence = models.PositiveBigIntegerField(_("number"), default=0)
    kind = models.CharField(_("event"), max_length=40)
    event_id = models.BigIntegerField(_("event id"), null=True, blank=True)
    payload = models.JSONField(_("payload"))
    status = models.CharField(
        _("status"), max_length=12, choices=Status.choices, default=Status.PENDING
    )
    attempts = models.PositiveSmallIntegerField(_("attempts"), default=0)
    # What the receiver answered is its status only: its body is never read or kept.
    status_code = models.PositiveSmallIntegerField(_("answer"), null=True, blank=True)
    error = models.CharField(_("error"), max_length=300, blank=True, default="")
    resent_from = models.ForeignKey(
        "self",
        verbose_name=_("sent again from"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    last_attempt_at = models.DateTimeField(_("last attempt"), null=True, blank=True)
    next_attempt_at = models.DateTimeField(_("next attempt"), null=True, blank=True)
    delivered_at = models.DateTimeField(_("delivered at"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["hook", "-created_at"]),
            models.Index(fields=["hook", "sequence"], name="webhooks_delivery_sequence"),
        ]
        verbose_name = _("delivery")
        verbose_name_plural = _("deliveries")

    def __str__(self) -> str:
        return f"{self.kind} → {self.hook_id} ({self.status})"
