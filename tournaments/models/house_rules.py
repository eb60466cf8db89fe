"""A club's own rules for a game (``tournaments.house_rules.services`` reads and writes them)."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from core.names import NameField


class HouseRuleset(models.Model):
    """A club's own rules for a game: the game's ruleset data (``Game.ruleset_from_dict``
    reads and checks it), named ``code`` and numbered by ``version``. Never changed in place: a
    change is a new version, so an event that played under one keeps it. An event names it as
    ``code@version`` (``Event.ruleset``)."""

    club = models.ForeignKey(
        Club,
        verbose_name=_("club"),
        on_delete=models.CASCADE,
        related_name="house_rulesets",
    )
    game = models.CharField(_("game"), max_length=20)
    code = models.SlugField(_("code"), max_length=30)
    version = models.PositiveIntegerField(_("version"))
    name = NameField(_("name"), max_length=100, label=_("The house rules' name"))
    name_nl = NameField(_("Dutch name"), max_length=100, label=_("The house rules' Dutch name"))
    data = models.JSONField(_("rules"))
    created_by = models.ForeignKey(
        "auth.User",
        verbose_name=_("created by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
    )
    created_at = models.DateTimeField(verbose_name=_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["club_id", "game", "code", "-version"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "game", "code", "version"], name="house_ruleset_version_once"
            )
        ]
        verbose_name = _("house ruleset")
        verbose_name_plural = _("house rulesets")

    def __str__(self) -> str:
        return f"{self.name} ({self.label})"

    @property
    def label(self) -> str:
        return f"{self.code}@{self.version}"
