from tournaments import game_apps


class BonanzaConfig(game_apps.GameAppConfig):
    """Bonanza Rummy: its rules (``games.bonanza.rules.GAME``) and its pages, registered when the
    service starts."""

    name = "games.bonanza.plugin"
    label = "bonanza"
    verbose_name = "Bonanza Rummy"
    plugin = "games.bonanza.plugin.plugin.BonanzaPlugin"
