from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SharingConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "web.sharing"
    verbose_name = _("Link previews")

    def ready(self) -> None:
        from web.sharing import tasks  # noqa: F401  (registers the task queued by name)
