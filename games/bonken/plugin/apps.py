from tournaments import game_apps


class BonkenConfig(game_apps.GameAppConfig):
    """Bonken: its rules (``games.bonken.rules.GAME``) and its pages, registered when the
    service starts."""

    name = "games.bonken.plugin"
    label = "bonken"
    verbose_name = "Bonken"
    plugin = "games.bonken.plugin.plugin.BonkenPlugin"
