"""A player's wish for their evening by e-mail, and the evenings sent (one row per player,
event and results version, written before the e-mail goes out: a retried task never sends the
same evening twice)."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.models import Player
from tournaments.models import Event

LANGUAGES = [("nl", _("Dutch")), ("en", _("English"))]


class MailPreference(models.Model):
    """Where and whether a player gets their evening, and in which language."""

    player = models.OneToOneField(
        Player,
        verbose_name=_("player"),
        on_delete=models.CASCADE,
        related_name="mail_preference",
    )
    email = models.EmailField(_("e-mail address"), blank=True)
    evening = models.BooleanField(_("send me my evening"), default=False)
    language = models.CharField(_("language"), max_length=2, choices=LANGUAGES, default="nl")
    updated_at = models.DateTimeField(verbose_name=_("updated at"), auto_now=True)

    class Meta:
        verbose_name = _("e-mail preference")
        verbose_name_plural = _("e-mail preferences")

    def __str__(self) -> str:
        return f"e-mail preference of {self.player}"


class EveningMail(models.Model):
    """One evening e-mail: a player's, for an event at a results version."""

    class Status(models.TextChoices):
        PENDING = "pending", _("waiting")
        SENT = "sent", _("sent")
        FAILED = "failed", _("failed")

    player = models.ForeignKey(
        Player,
        verbose_name=_("player"),
        on_delete=models.CASCADE,
        related_name="evening_mails",
    )
    event = models.ForeignKey(
        Event,
        verbose_name=_("event"),
        on_delete=models.CASCADE,
        related_name="evening_mails",
    )
    results_version = models.PositiveIntegerField(verbose_name=_("results version"))
    email = models.EmailField(_("e-mail address"))
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PENDING
    )
    attempts = models.PositiveSmallIntegerField(verbose_name=_("attempts"), default=0)
    error = models.CharField(verbose_name=_("error"), max_length=300, blank=True)
    created_at = models.DateTimeField(verbose_name=_("created at"), auto_now_add=True)
    sent_at = models.DateTimeField(verbose_name=_("sent at"), null=True, blank=True)

    class Meta:
        verbose_name = _("evening e-mail")
        verbose_name_plural = _("evening e-mails")
        constraints = [
            models.UniqueConstraint(
                fields=["player", "event", "results_version"], name="evening_mail_once_per_version"
            ),
        ]

    def __str__(self) -> str:
        return f"evening of {self.player} at {self.event} (version {self.results_version})"
