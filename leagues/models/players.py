"""One player across clubs: a league number, and the club records linked to it with consent.

A person who plays at two clubs has a record (``clubs.Player``) in each, and each club keeps its
own history under it. The league does not merge them: it links each record to the person's
league number (``LeaguePlayer``), which the person keeps whatever clubs they play at. A link
(``LeagueLink``) counts only with both consents: the club's (an organizer of the club that gives
the record) and the player's (their own login, or an organizer on their behalf, audited). Either
side may withdraw; a withdrawn link stays as a row, so the league's history says why a
computation changed.
"""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player
from core.names import NameField
from leagues.models.league import League


class LeaguePlayer(models.Model):
    league = models.ForeignKey(
        League, verbose_name=_("league"), on_delete=models.CASCADE, related_name="players"
    )
    number = models.PositiveIntegerField(_("league number"))
    name = NameField(_("name"), max_length=120, label=_("The player's name"))
    created_at = models.DateTimeField(verbose_name=_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["league_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["league", "number"], name="league_number_once"),
        ]
        verbose_name = _("league player")
        verbose_name_plural = _("league players")

    def __str__(self) -> str:
        return f"{self.number} {self.name}"


class LeagueLink(models.Model):
    league = models.ForeignKey(
        League, verbose_name=_("league"), on_delete=models.CASCADE, related_name="links"
    )
    league_player = models.ForeignKey(
        LeaguePlayer,
        verbose_name=_("league player"),
        on_delete=models.CASCADE,
        related_name="links",
    )
    player = models.ForeignKey(
        Player, verbose_name=_("player"), on_delete=models.CASCADE, related_name="league_links"
    )
    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="league_links"
    )
    club_consent_at = models.DateTimeField(verbose_name=_("club agreed at"), null=True, blank=True)
    player_consent_at = models.DateTimeField(
        verbose_name=_("player agreed at"), null=True, blank=True
    )
    # The player's consent was given by an organizer on their behalf (audited, with a reason).
    on_behalf = models.BooleanField(_("on the player's behalf"), default=False)
    withdrawn_at = models.DateTimeField(verbose_name=_("withdrawn at"), null=True, blank=True)
    created_at = models.DateTimeField(verbose_name=_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["league_id", "league_player_id", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["league", "player"],
                condition=Q(withdrawn_at__isnull=True),
                name="league_link_once",
            ),
        ]
        verbose_name = _("league link")
        verbose_name_plural = _("league links")

    def __str__(self) -> str:
        return f"{self.player_id} as {self.league_player_id}"

    @property
    def active(self) -> bool:
        return (
            self.withdrawn_at is None
            and self.club_consent_at is not None
            and self.player_consent_at is not None
        )
