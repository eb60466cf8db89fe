from django.apps import AppConfig


class WebhooksConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "webhooks"
    verbose_name = "webhooks"

    def ready(self) -> None:
        from webhooks import tasks  # noqa: F401  (registers the tasks queued by name)
