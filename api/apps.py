from django.apps import AppConfig


class ApiConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "api"

    def ready(self) -> None:
        from api.strict import install

        install()  # DRF's fields as strict as the schema says (api.strict)
