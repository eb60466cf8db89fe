"""An event's people: the players entered for it (checked in or not, and how) and the players
who may enter its results.

The entries are written by ``tournaments.events.services`` and ``tournaments.door.services``,
the scorers by ``tournaments.events.scorers``.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _


class EventPlayer(models.Model):
    """A player registered for an event; ``present`` means checked in and to be seated."""

    event = models.ForeignKey(
        "tournaments.Event",
        verbose_name=_("event"),
        on_delete=models.CASCADE,
        related_name="entries",
    )
    player = models.ForeignKey(
        "clubs.Player",
        verbose_name=_("player"),
        on_delete=models.CASCADE,
        related_name="entries",
    )
    present = models.BooleanField(_("present"), default=True)
    # Checked in at the door by the player (``tournaments.door``): when, and a digest of the
    # phone's door id for a check-in without signing in (one name per phone); ``door_undone``:
    # the organizer took that check-in back, so the door does not check the name in again.
    # ``door_address``: a digest of the address a check-in without signing in came from (an
    # address checks in at most ``DOOR_NAMES_PER_ADDRESS`` names per event).
    door_at = models.DateTimeField(_("checked in at the door"), null=True, blank=True)
    door_device = models.CharField(_("door phone"), max_length=64, blank=True, default="")
    door_address = models.CharField(_("door address"), max_length=64, blank=True, default="")
    door_undone = models.BooleanField(_("door check-in taken back"), default=False)
    # "I'm leaving after this round": the round after which the player goes home. The next
    # round's seating checks them out and leaves them out.
    leaving_after = models.PositiveSmallIntegerField(
        _("leaving after round"), null=True, blank=True
    )

    class Meta:
        ordering = ["event_id", "player__name"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="entry_once_per_event"),
        ]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")

    def __str__(self) -> str:
        return f"{self.player} @ {self.event}"


class EventScorer(models.Model):
    """A player who may enter results for this one event (a scorer for the night)."""

    event = models.ForeignKey(
        "tournaments.Event",
        verbose_name=_("event"),
        on_delete=models.CASCADE,
        related_name="scorers",
    )
    player = models.ForeignKey(
        "clubs.Player",
        verbose_name=_("player"),
        on_delete=models.CASCADE,
        related_name="scoring_events",
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="event_scorer_once"),
        ]
        verbose_name = _("event scorer")
        verbose_name_plural = _("event scorers")

    def __str__(self) -> str:
        return f"{self.player} scores {self.event}"
