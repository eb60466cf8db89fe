from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ApiConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "web.api"
    verbose_name = _("API access")

    def ready(self) -> None:
        from web.api.strict import install

        install()  # DRF's fields as strict as the schema says (web.api.strict)
