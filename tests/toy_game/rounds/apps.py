from tournaments import game_apps


class DuelRoundsConfig(game_apps.GameAppConfig):
    """The toy game in rounds: ``tests.toy_game.rounds`` in ``INSTALLED_APPS`` (beside
    ``tests.toy_game``, whose templates it shows)."""

    name = "tests.toy_game.rounds"
    label = "duelrounds"
    verbose_name = "Duel in rounds"
    game = "tests.toy_game.rules.DUEL_ROUNDS"
    plugin = "tests.toy_game.plugin.DuelRoundsPlugin"
