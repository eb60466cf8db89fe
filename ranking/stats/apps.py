from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StatsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "ranking.stats"
    label = "stats"
    verbose_name = _("Statistics")
