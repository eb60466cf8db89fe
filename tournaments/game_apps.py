"""A game's Django app: ``GameAppConfig``, the config of the app in a game's folder, whose one
line in ``INSTALLED_APPS`` gives the service the game (its rules in ``games.registry``, its
plug-in in ``tournaments.game_plugins``). This module imports no model, so an app's ``apps.py``
may import it while Django loads the apps."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from django.apps import AppConfig, apps
from django.core.signals import setting_changed

from games import registry
from games.seam import Game

if TYPE_CHECKING:
    from tournaments.game_plugins import GamePlugin


class GameAppConfig(AppConfig):
    """The Django app of a game's folder: with its one line in ``INSTALLED_APPS`` the service
    has the game. ``ready`` registers the game's rules (``game``: the dotted path of its seam
    object, by default ``GAME`` of the ``rules`` package beside the app) in ``games.registry``
    and its plug-in (``plugin``: the dotted path of its ``GamePlugin`` class) here.

    A rules module or plug-in class that is not there is not an error at this point: the
    system checks (``tournaments.game_checks``) name the game and what it lacks when the service
    starts, as they do for messages without Dutch and folders two apps claim."""

    game = ""
    plugin = ""
    # What ``ready`` found: the seam object and the plug-in, None where there is none.
    loaded_game: Game | None = None
    loaded_plugin: GamePlugin | None = None

    def game_path(self) -> str:
        return self.game or f"{self.name.rpartition('.')[0]}.rules.GAME"

    def ready(self) -> None:
        self.load()
        self.register()
        setting_changed.connect(_installed_apps_changed, dispatch_uid="game_apps")

    def load(self) -> None:
        """Find the game's seam object and make its plug-in (None where there is none)."""
        from tournaments.game_plugins import GamePlugin

        self.loaded_game = _optional(self.game_path())
        self.loaded_plugin = None
        plugin_class = _optional(self.plugin) if self.plugin else None
        if isinstance(plugin_class, type) and GamePlugin in plugin_class.__mro__:
            self.loaded_plugin = plugin_class()

    def register(self) -> None:
        from tournaments import game_plugins

        if self.loaded_game is not None:
            registry.register(self.loaded_game)
        if self.loaded_plugin is not None:
            game_plugins.register(self.loaded_plugin)


def game_apps() -> list[GameAppConfig]:
    """The installed games' apps, in the order of ``INSTALLED_APPS``."""
    return [config for config in apps.get_app_configs() if isinstance(config, GameAppConfig)]


def _optional(dotted: str) -> Any:
    """The object at ``dotted`` (``module.name``); None when that module, or the name in it, is
    not there. Any other error while importing it is raised."""
    module_path, _dot, name = dotted.rpartition(".")
    try:
        module = import_module(module_path)
    except ModuleNotFoundError as error:
        parts = module_path.split(".")
        if error.name in {".".join(parts[:n]) for n in range(1, len(parts) + 1)}:
            return None
        raise
    return getattr(module, name, None)


def _installed_apps_changed(*, setting: str, **_kwargs: Any) -> None:
    """The installed apps changed (a test's ``override_settings``): the registries hold exactly
    the games of the apps installed now, in their order."""
    if setting != "INSTALLED_APPS":
        return
    from tournaments import game_plugins

    registry.reset()
    game_plugins.reset()
    for config in game_apps():
        config.register()
