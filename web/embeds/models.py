"""The web origins a club's own website is served from: the club's embeds may be framed there
(``frame-ancestors``), nowhere else."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.models import Club


class EmbedOrigin(models.Model):
    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="embed_origins"
    )
    origin = models.CharField(_("origin"), max_length=200)
    created_at = models.DateTimeField(verbose_name=_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["club", "origin"]
        constraints = [
            models.UniqueConstraint(fields=["club", "origin"], name="embed_origin_unique_per_club")
        ]
        verbose_name = _("origin allowed to embed")
        verbose_name_plural = _("origins allowed to embed")

    def __str__(self) -> str:
        return self.origin
