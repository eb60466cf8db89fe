from django.apps import AppConfig


class EmbedsConfig(AppConfig):
    name = "embeds"
    verbose_name = "Embeds"
