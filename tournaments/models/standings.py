"""An event's standings as stored: one line per player and when they were last computed.

Derived rows: ``ranking.standings.services.standings_recompute`` writes them, never a person. They
are models of ``tournaments`` (the table names say so) because this layer reads them: a swiss round
is seated by the stored totals (``tournaments.rounds.services``) and the webhooks' payloads name
them (``tournaments.announce``); the ``standings`` app above computes them.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.standings_rules import PointsField


class Standing(models.Model):
    """One player's line in an event's standings (derived)."""

    event = models.ForeignKey(
        "tournaments.Event",
        verbose_name=_("event"),
        on_delete=models.CASCADE,
        related_name="standings",
    )
    player = models.ForeignKey(
        "clubs.Player",
        verbose_name=_("player"),
        on_delete=models.CASCADE,
        related_name="standings",
    )
    rank = models.PositiveIntegerField(verbose_name=_("rank"))
    tied = models.BooleanField(verbose_name=_("tied"), default=False)
    # Session totals plus bye credit (whole unless a credited average is not).
    total = PointsField(verbose_name=_("total"), default=0)
    sessions = models.PositiveIntegerField(verbose_name=_("sessions"), default=0)
    table_wins = models.PositiveIntegerField(verbose_name=_("table wins"), default=0)
    # Counts of 1st, 2nd, 3rd and 4th table places.
    placements = models.JSONField(verbose_name=_("placements"), default=list)
    byes = models.PositiveIntegerField(verbose_name=_("byes"), default=0)
    placement_points = PointsField(verbose_name=_("placement points"), default=0)
    # Only computed for players still tied when head-to-head is applied.
    head_to_head = models.FloatField(verbose_name=_("head to head"), null=True, blank=True)
    # Mean rating of the opponents faced, as their ratings stood before the event.
    avg_opponent_rating = models.FloatField(
        verbose_name=_("average opponent rating"),
        null=True,
        blank=True,
    )
    # The game's own per-seat figures summed (Bonko: wins, bonkos, and losses).
    stats = models.JSONField(verbose_name=_("figures"), default=dict, blank=True)

    class Meta:
        ordering = ["event_id", "rank", "player__name"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="standing_once_per_player"),
        ]
        verbose_name = _("standing")
        verbose_name_plural = _("standings")

    def __str__(self) -> str:
        return f"{self.rank}. {self.player} ({self.total})"


class StandingsComputation(models.Model):
    """When an event's standings were last computed, and from which results version."""

    event = models.OneToOneField(
        "tournaments.Event",
        verbose_name=_("event"),
        on_delete=models.CASCADE,
        related_name="computation",
    )
    results_version = models.PositiveIntegerField(verbose_name=_("results version"), default=0)
    computed_at = models.DateTimeField(verbose_name=_("computed at"))

    class Meta:
        verbose_name = _("standings computation")
        verbose_name_plural = _("standings computations")

    def __str__(self) -> str:
        return f"standings of {self.event} at version {self.results_version}"
