from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = _("Events and rounds")

    def ready(self) -> None:
        from tournaments import game_checks  # noqa: F401  (the games' system checks register)
