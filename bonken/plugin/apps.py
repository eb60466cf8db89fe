from django.apps import AppConfig


class BonkenConfig(AppConfig):
    name = "bonken.plugin"
    label = "bonken"
    verbose_name = "Bonken"

    def ready(self) -> None:
        from bonken.plugin.plugin import BonkenPlugin
        from core.game_plugins import register

        register(BonkenPlugin())
