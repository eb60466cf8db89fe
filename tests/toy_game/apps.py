from tournaments import game_apps


class DuelConfig(game_apps.GameAppConfig):
    """The toy game's one line: ``tests.toy_game`` in ``INSTALLED_APPS``."""

    name = "tests.toy_game"
    label = "duel"
    verbose_name = "Duel"
    game = "tests.toy_game.rules.DUEL"
    plugin = "tests.toy_game.plugin.DuelPlugin"
