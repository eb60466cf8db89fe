from django.apps import AppConfig


class JonklerConfig(AppConfig):
    name = "games.jonkler.plugin"
    label = "jonkler"
    verbose_name = "Jonkler"

    def ready(self) -> None:
        from core.game_plugins import register
        from games.jonkler.plugin.plugin import JonklerPlugin

        register(JonklerPlugin())
