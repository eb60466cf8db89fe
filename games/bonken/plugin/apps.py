from django.apps import AppConfig


class BonkenConfig(AppConfig):
    name = "games.bonken.plugin"
    label = "bonken"
    verbose_name = "Bonken"

    def ready(self) -> None:
        from core.game_plugins import register
        from games.bonken.plugin.plugin import BonkenPlugin

        register(BonkenPlugin())
