from django.apps import AppConfig


class BonanzaConfig(AppConfig):
    name = "games.bonanza.plugin"
    label = "bonanza"
    verbose_name = "Bonanza Rummy"

    def ready(self) -> None:
        from core.game_plugins import register
        from games.bonanza.plugin.plugin import BonanzaPlugin

        register(BonanzaPlugin())
