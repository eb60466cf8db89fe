"""What a table played.

- session: one table's Bonken session, as the session document of BONKEN.md plus the engine's
  result; complete or in progress. One per table (a database constraint), never silently
  overwritten: every change is a new revision.
- revision: a saved version of a session's document with who, when and why.
- game: one contract played, stored as a row so statistics are plain queries.
- session seat: a seat's total and table placement in a session, what standings and ratings read.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.models import Player
from tournaments.models import Event, Table


class Session(models.Model):
    # Results are evidence: deleting the table, round or event a session was played at is
    # refused (ProtectedError, a 409 in the API) instead of taking the results along.
    table = models.OneToOneField(Table, on_delete=models.PROTECT, related_name="session")
    event = models.ForeignKey(Event, on_delete=models.PROTECT, related_name="sessions")
    ruleset = models.CharField(max_length=40)
    document = models.JSONField()
    result = models.JSONField()
    complete = models.BooleanField(default=False)
    revision = models.PositiveIntegerField(default=1)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["event_id", "table__round__number", "table__number"]
        verbose_name = _("session")
        verbose_name_plural = _("sessions")

    def __str__(self) -> str:
        return f"session of {self.table} (rev. {self.revision})"


class SessionRevision(models.Model):
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="revisions")
    number = models.PositiveIntegerField()
    document = models.JSONField()
    result = models.JSONField()
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    reason = models.CharField(max_length=500, blank=True)

    class Meta:
        ordering = ["session_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="revision_number_once"),
        ]

    def __str__(self) -> str:
        return f"revision {self.number} of session {self.session_id}"


class Part(models.Model):
    """One unit of play of a session, as the game scored it (``games.seam.Part``): a Bonken
    game, a Jonkler round, a Bonanza hand. ``kind`` is what was played (a Bonken contract),
    ``actor`` the seat that chose or dealt, ``data`` what was recorded (for Bonken the game's
    entry without contract and chooser: its counts, points or net, and its doubles) and
    ``points`` each seat's score for it. Written with the session, never by hand."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="parts")
    number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=40)
    actor = models.PositiveSmallIntegerField(null=True, blank=True)
    level = models.CharField(max_length=8, blank=True)
    data = models.JSONField(null=True, blank=True)
    points = models.JSONField(default=list)

    class Meta:
        ordering = ["session_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="part_number_once"),
        ]

    def __str__(self) -> str:
        return f"{self.number}: {self.kind}"


class SessionSeat(models.Model):
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="seat_results")
    position = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="session_results")
    total = models.IntegerField()
    placement = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["session_id", "position"]
        constraints = [
            models.UniqueConstraint(fields=["session", "position"], name="session_seat_once"),
            models.UniqueConstraint(fields=["session", "player"], name="session_player_once"),
        ]

    def __str__(self) -> str:
        return f"seat {self.position}: {self.total}"


class IdempotencyRecord(models.Model):
    """The answer given to a write that carried an Idempotency-Key, replayed on a retry."""

    key = models.CharField(max_length=200)
    # Whose key it is: "user:<id>" for a signed-in writer, "table:<id>" for a table's link.
    scope = models.CharField(max_length=60)
    request_hash = models.CharField(max_length=64)
    status_code = models.PositiveSmallIntegerField()
    response = models.JSONField()
    # The answer's headers a replay carries too (its ETag, Location).
    headers = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["scope", "key"], name="idempotency_key_once"),
        ]

    def __str__(self) -> str:
        return f"{self.key} ({self.status_code})"
