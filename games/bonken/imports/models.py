"""History brought in from elsewhere: backups of the SunMar Bonken app.

- upload: a backup an organizer sent, kept (its manifest and games, already checked) between
  the upload and the organizer's confirmation of who is who; it belongs to that organizer.
- imported game: an app game that became a session, by the app's game id, so the same game is
  never imported twice; with the level it was kept at and why (``games.bonken.sunmar.convert``).
- imported evening: the "history" event that holds one evening's imported games.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from core.names import NameField
from results.models import Session
from tournaments.models import Event

SUNMAR = "sunmar"


class SunmarUpload(models.Model):
    club = models.ForeignKey(
        Club,
        verbose_name=_("club"),
        on_delete=models.CASCADE,
        related_name="+",
    )
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("uploaded by"),
        on_delete=models.CASCADE,
        related_name="+",
    )
    file_name = models.CharField(verbose_name=_("file name"), max_length=200, blank=True)
    sha256 = models.CharField(verbose_name=_("SHA-256"), max_length=64)
    manifest = models.JSONField(verbose_name=_("manifest"))
    games = models.JSONField(verbose_name=_("games"))
    created_at = models.DateTimeField(verbose_name=_("created at"), auto_now_add=True)
    imported_at = models.DateTimeField(verbose_name=_("imported at"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("app backup")
        verbose_name_plural = _("app backups")

    def __str__(self) -> str:
        return f"{self.file_name or 'backup'} ({self.created_at:%Y-%m-%d})"


class ImportedGame(models.Model):
    club = models.ForeignKey(
        Club,
        verbose_name=_("club"),
        on_delete=models.CASCADE,
        related_name="+",
    )
    source = models.CharField(verbose_name=_("source"), max_length=20, default=SUNMAR)
    app_game_id = models.CharField(verbose_name=_("game in the app"), max_length=64)
    session = models.OneToOneField(
        Session,
        verbose_name=_("session"),
        on_delete=models.CASCADE,
        related_name="imported",
    )
    upload = models.ForeignKey(
        SunmarUpload,
        verbose_name=_("app backup"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="imported_games",
    )
    name = NameField(
        verbose_name=_("name"), max_length=100, blank=True, label=_("The imported game's name")
    )
    scored_at = models.DateTimeField(verbose_name=_("scored at"))
    # counts, net or totals (games.bonken.sunmar.convert); problems: why not counts.
    level = models.CharField(verbose_name=_("level"), max_length=8)
    problems = models.JSONField(verbose_name=_("problems"), default=list, blank=True)
    mismatches = models.JSONField(verbose_name=_("mismatches"), default=list, blank=True)
    imported_at = models.DateTimeField(verbose_name=_("imported at"), auto_now_add=True)

    class Meta:
        ordering = ["scored_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "source", "app_game_id"], name="imported_game_once_per_club"
            ),
        ]
        verbose_name = _("imported game")
        verbose_name_plural = _("imported games")

    def __str__(self) -> str:
        return f"{self.source} game {self.app_game_id}"


class ImportedEvening(models.Model):
    event = models.OneToOneField(
        Event,
        verbose_name=_("event"),
        on_delete=models.CASCADE,
        related_name="imported_evening",
    )
    club = models.ForeignKey(
        Club,
        verbose_name=_("club"),
        on_delete=models.CASCADE,
        related_name="+",
    )
    source = models.CharField(verbose_name=_("source"), max_length=20, default=SUNMAR)
    date = models.DateField(verbose_name=_("date"))

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["club", "source", "date"], name="imported_evening_once_per_date"
            ),
        ]
        verbose_name = _("imported evening")
        verbose_name_plural = _("imported evenings")

    def __str__(self) -> str:
        return f"{self.source} evening {self.date}"
