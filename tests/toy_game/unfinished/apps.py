from core import game_plugins


class UnfinishedConfig(game_plugins.GameAppConfig):
    name = "tests.toy_game.unfinished"
    label = "unfinished"
