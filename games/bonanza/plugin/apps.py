from core import game_plugins


class BonanzaConfig(game_plugins.GameAppConfig):
    """Bonanza Rummy: its rules (``games.bonanza.rules.GAME``) and its pages, registered when the
    service starts."""

    name = "games.bonanza.plugin"
    label = "bonanza"
    verbose_name = "Bonanza Rummy"
    plugin = "games.bonanza.plugin.plugin.BonanzaPlugin"
