from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class WebhooksConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "week.webhooks"
    verbose_name = _("Webhooks")

    def ready(self) -> None:
        from week.webhooks import tasks  # noqa: F401  (registers the tasks queued by name)
