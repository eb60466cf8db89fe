from django.apps import AppConfig


class BonanzaConfig(AppConfig):
    name = "bonanza.plugin"
    label = "bonanza"
    verbose_name = "Bonanza Rummy"

    def ready(self) -> None:
        from bonanza.plugin.plugin import BonanzaPlugin
        from core.game_plugins import register

        register(BonanzaPlugin())
