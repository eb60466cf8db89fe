from django.apps import AppConfig


class BonkoConfig(AppConfig):
    name = "games.bonko.plugin"
    label = "bonko"
    verbose_name = "Bonko"

    def ready(self) -> None:
        from core.game_plugins import register
        from games.bonko.plugin.plugin import BonkoPlugin

        register(BonkoPlugin())
