"""Teams for the night: two partners who play a team game (Bonko) together all evening.

``tournaments.teams.services`` is the one service that writes these rows.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from core.names import NameField


class EventTeam(models.Model):
    """Two players of an event who form a team for the night, with the team's name."""

    event = models.ForeignKey(
        "tournaments.Event",
        verbose_name=_("event"),
        on_delete=models.CASCADE,
        related_name="teams",
    )
    first = models.ForeignKey(
        "clubs.Player",
        verbose_name=_("first player"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    second = models.ForeignKey(
        "clubs.Player",
        verbose_name=_("second player"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    name = NameField(_("team name"), max_length=80, label=_("The team's name"))
    created_at = models.DateTimeField(verbose_name=_("created at"), auto_now_add=True)

    class Meta:
        app_label = "tournaments"
        ordering = ["event_id", "id"]
        constraints = [
            models.UniqueConstraint(fields=["event", "first"], name="team_first_once"),
            models.UniqueConstraint(fields=["event", "second"], name="team_second_once"),
            models.CheckConstraint(
                condition=~models.Q(first=models.F("second")), name="team_two_players"
            ),
        ]
        verbose_name = _("team")
        verbose_name_plural = _("teams")

    def __str__(self) -> str:
        return self.name

    @property
    def player_ids(self) -> tuple[int, int]:
        return (self.first_id, self.second_id)
