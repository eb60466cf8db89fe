from tournaments import game_apps


class JonklerConfig(game_apps.GameAppConfig):
    """Jonkler: its rules (``games.jonkler.rules.GAME``) and its pages, registered when the
    service starts."""

    name = "games.jonkler.plugin"
    label = "jonkler"
    verbose_name = "Jonkler"
    plugin = "games.jonkler.plugin.plugin.JonklerPlugin"
