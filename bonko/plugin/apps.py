from django.apps import AppConfig


class BonkoConfig(AppConfig):
    name = "bonko.plugin"
    label = "bonko"
    verbose_name = "Bonko"

    def ready(self) -> None:
        from bonko.plugin.plugin import BonkoPlugin
        from core.game_plugins import register

        register(BonkoPlugin())
