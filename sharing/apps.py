from django.apps import AppConfig


class SharingConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "sharing"
    verbose_name = "link previews"

    def ready(self) -> None:
        from sharing import tasks  # noqa: F401  (registers the task queued by name)
