"""Link previews' pictures as drawn: one row per picture (what, which, language), holding the
PNG and the digest of the card it was drawn from. Derived data: any row may be deleted and is
drawn again on the next request (``web.sharing.store``)."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class Preview(models.Model):
    class Kind(models.TextChoices):
        EVENT = "event", _("event's standings")
        EVENING = "evening", _("player's evening")
        RATING = "rating", _("player's rating")

    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    # The object drawn: "<event>" for an event, "<event>:<player>" for an evening,
    # "<player>:<club>:<game>" for a rating.
    key = models.CharField(_("key"), max_length=80)
    language = models.CharField(_("language"), max_length=8)
    # The event's results version the standings reflected (0 for a rating).
    version = models.PositiveIntegerField(_("version"), default=0)
    digest = models.CharField(_("digest"), max_length=64)
    png = models.BinaryField(_("picture"))
    drawn_at = models.DateTimeField(_("drawn at"), auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["kind", "key", "language"], name="preview_once"),
        ]
        verbose_name = _("link preview")
        verbose_name_plural = _("link previews")

    def __str__(self) -> str:
        return f"{self.kind} {self.key} ({self.language})"
