from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MailingsConfig(AppConfig):
    name = "week.mailings"
    verbose_name = _("E-mails")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from week.mailings import (  # noqa: F401
            checks,  # registers the system check of SITE_URL
            tasks,  # registers the task queued by name
        )
