from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ResultsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "results"
    # The label the app had when its package was named ``games``: its tables, migrations,
    # content types, permissions and ``"games.Session"``-style names keep it.
    label = "games"
    verbose_name = _("Sessions and results")
