from tournaments import game_apps


class UnfinishedConfig(game_apps.GameAppConfig):
    name = "tests.toy_game.unfinished"
    label = "unfinished"
