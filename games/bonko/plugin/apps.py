from tournaments import game_apps


class BonkoConfig(game_apps.GameAppConfig):
    """Bonko: its rules (``games.bonko.rules.GAME``) and its pages, registered when the
    service starts."""

    name = "games.bonko.plugin"
    label = "bonko"
    verbose_name = "Bonko"
    plugin = "games.bonko.plugin.plugin.BonkoPlugin"
