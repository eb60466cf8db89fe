from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LeaguesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "leagues"
    label = "leagues"
    verbose_name = _("Leagues")

    def ready(self) -> None:
        from leagues import tasks  # noqa: F401  (registers the tasks queued by name)
        from leagues.selectors import event_leagues
        from tournaments import provided

        provided.event_leagues.register(event_leagues)
