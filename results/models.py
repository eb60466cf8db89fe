"""What a table played.

- session: one table's Bonken session, as the session document of BONKEN.md plus the engine's
  result; complete or in progress. One per table (a database constraint), never silently
  overwritten: every change is a new revision.
- revision: a saved version of a session's document with who, when and why.
- game: one contract played, stored as a row so statistics are plain queries.
- session seat: a seat's total and table placement in a session, what standings and ratings read.
"""

from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.models import Player
from tournaments.models import Event, Table


class Session(models.Model):
    # Results are evidence: deleting the table, round or event a session was played at is
    # refused (ProtectedError, a 409 in the API) instead of taking the results along.
    table = models.OneToOneField(
        Table,
        verbose_name=_("table"),
        on_delete=models.PROTECT,
        related_name="session",
    )
    event = models.ForeignKey(
        Event,
        verbose_name=_("event"),
        on_delete=models.PROTECT,
        related_name="sessions",
    )
    ruleset = models.CharField(verbose_name=_("ruleset"), max_length=40)
    document = models.JSONField(verbose_name=_("document"))
    result = models.JSONField(verbose_name=_("result"))
    complete = models.BooleanField(verbose_name=_("complete"), default=False)
    revision = models.PositiveIntegerField(verbose_name=_("revision"), default=1)
    created_at = models.DateTimeField(verbose_name=_("created at"), auto_now_add=True)
    updated_at = models.DateTimeField(verbose_name=_("updated at"), auto_now=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("updated by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    # When every player at the table had confirmed this revision, no dispute open (None: not
    # signed). Every write of the session empties it with the signatures (results.signoff).
    signed_at = models.DateTimeField(verbose_name=_("signed at"), null=True, blank=True)
    # Set by the session write, not stored: whether the write created the session (the API
    # answers 201), and Django's cache of the per-seat rows it has just saved.
    created_now: bool
    _prefetched_objects_cache: dict[str, Any]

    class Meta:
        ordering = ["event_id", "table__round__number", "table__number"]
        verbose_name = _("session")
        verbose_name_plural = _("sessions")

    def __str__(self) -> str:
        return f"session of {self.table} (rev. {self.revision})"


class SessionRevision(models.Model):
    session = models.ForeignKey(
        Session,
        verbose_name=_("session"),
        on_delete=models.CASCADE,
        related_name="revisions",
    )
    number = models.PositiveIntegerField(verbose_name=_("number"))
    document = models.JSONField(verbose_name=_("document"))
    result = models.JSONField(verbose_name=_("result"))
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("created by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(verbose_name=_("created at"), auto_now_add=True)
    reason = models.CharField(verbose_name=_("reason"), max_length=500, blank=True)

    class Meta:
        ordering = ["session_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="revision_number_once"),
        ]
        verbose_name = _("session revision")
        verbose_name_plural = _("session revisions")

    def __str__(self) -> str:
        return f"revision {self.number} of session {self.session_id}"


class Part(models.Model):
    """One unit of play of a session, as the game scored it (``games.seam.Part``): a Bonken
    game, a Jonkler round, a Bonanza hand. ``kind`` is what was played (a Bonken contract),
    ``actor`` the seat that chose or dealt, ``data`` what was recorded (for Bonken the game's
    entry without contract and chooser: its counts, points or net, and its doubles) and
    ``points`` each seat's score for it. Written with the session, never by hand."""

    session = models.ForeignKey(
        Session,
        verbose_name=_("session"),
        on_delete=models.CASCADE,
        related_name="parts",
    )
    number = models.PositiveSmallIntegerField(verbose_name=_("number"))
    kind = models.CharField(verbose_name=_("what was played"), max_length=40)
    actor = models.PositiveSmallIntegerField(
        verbose_name=_("chose or dealt (seat)"),
        null=True,
        blank=True,
    )
    level = models.CharField(verbose_name=_("level"), max_length=8, blank=True)
    data = models.JSONField(verbose_name=_("data"), null=True, blank=True)
    points = models.JSONField(verbose_name=_("points"), default=list)

    class Meta:
        ordering = ["session_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="part_number_once"),
        ]
        verbose_name = _("part")
        verbose_name_plural = _("parts")

    def __str__(self) -> str:
        return f"{self.number}: {self.kind}"


class SessionSeat(models.Model):
    session = models.ForeignKey(
        Session,
        verbose_name=_("session"),
        on_delete=models.CASCADE,
        related_name="seat_results",
    )
    position = models.PositiveSmallIntegerField(verbose_name=_("seat"))
    player = models.ForeignKey(
        Player,
        verbose_name=_("player"),
        on_delete=models.PROTECT,
        related_name="session_results",
    )
    total = models.IntegerField(verbose_name=_("total"))
    placement = models.PositiveSmallIntegerField(verbose_name=_("placement"), null=True, blank=True)

    class Meta:
        ordering = ["session_id", "position"]
        constraints = [
            models.UniqueConstraint(fields=["session", "position"], name="session_seat_once"),
            models.UniqueConstraint(fields=["session", "player"], name="session_player_once"),
        ]
        verbose_name = _("session seat")
        verbose_name_plural = _("session seats")

    def __str__(self) -> str:
        return f"seat {self.position}: {self.total}"


class Signature(models.Model):
    """A player's confirmation of one revision of their table's session (``results.signoff``):
    with their personal code on the scorer's phone, from their own signed-in phone, or by an
    organizer for them with a reason. A write of the session deletes its signatures."""

    class Method(models.TextChoices):
        CODE = "code", _("personal code on the scorer's phone")
        ACCOUNT = "account", _("own signed-in phone")
        ORGANIZER = "organizer", _("organizer, with a reason")

    session = models.ForeignKey(
        Session,
        verbose_name=_("session"),
        on_delete=models.CASCADE,
        related_name="signatures",
    )
    revision = models.PositiveIntegerField(verbose_name=_("revision"))
    player = models.ForeignKey(
        Player,
        verbose_name=_("player"),
        on_delete=models.CASCADE,
        related_name="signatures",
    )
    method = models.CharField(verbose_name=_("how"), max_length=12, choices=Method.choices)
    reason = models.CharField(verbose_name=_("reason"), max_length=200, blank=True)
    signed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("signed by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    at = models.DateTimeField(verbose_name=_("when"))

    class Meta:
        ordering = ["session_id", "at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["session", "player"], name="signature_once"),
        ]
        verbose_name = _("signature")
        verbose_name_plural = _("signatures")

    def __str__(self) -> str:
        return f"{self.player_id} signed revision {self.revision} of session {self.session_id}"


class Dispute(models.Model):
    """A player's objection to their table's result, with a short reason: the table is flagged
    for the organizer until they resolve it."""

    session = models.ForeignKey(
        Session,
        verbose_name=_("session"),
        on_delete=models.CASCADE,
        related_name="disputes",
    )
    revision = models.PositiveIntegerField(verbose_name=_("revision"))
    player = models.ForeignKey(
        Player,
        verbose_name=_("player"),
        on_delete=models.CASCADE,
        related_name="disputes",
    )
    reason = models.CharField(verbose_name=_("reason"), max_length=300)
    at = models.DateTimeField(verbose_name=_("when"))
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("resolved by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    resolved_at = models.DateTimeField(verbose_name=_("resolved at"), null=True, blank=True)
    resolution = models.CharField(verbose_name=_("resolution"), max_length=300, blank=True)

    class Meta:
        ordering = ["session_id", "at", "id"]
        verbose_name = _("dispute")
        verbose_name_plural = _("disputes")

    def __str__(self) -> str:
        return f"dispute by {self.player_id} of session {self.session_id}"


class IdempotencyRecord(models.Model):
    """The answer given to a write that carried an Idempotency-Key, replayed on a retry."""

    key = models.CharField(verbose_name=_("key"), max_length=200)
    # Whose key it is: "user:<id>" for a signed-in writer, "table:<id>" for a table's link.
    scope = models.CharField(verbose_name=_("scope"), max_length=60)
    request_hash = models.CharField(verbose_name=_("request hash"), max_length=64)
    status_code = models.PositiveSmallIntegerField(verbose_name=_("status code"))
    response = models.JSONField(verbose_name=_("response"))
    # The answer's headers a replay carries too (its ETag, Location).
    headers = models.JSONField(verbose_name=_("headers"), default=dict, blank=True)
    created_at = models.DateTimeField(verbose_name=_("created at"), auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["scope", "key"], name="idempotency_key_once"),
        ]
        verbose_name = _("idempotency record")
        verbose_name_plural = _("idempotency records")

    def __str__(self) -> str:
        return f"{self.key} ({self.status_code})"
