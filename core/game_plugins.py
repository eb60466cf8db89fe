"""What a game gives the service besides its rules: its pages, parts of the core's pages, its
phone checks, its addresses and its night hooks (a game as a plug-in).

A game's folder holds its pure rules package and, beside it, a Django app (``plugin/``) whose
config is a ``GameAppConfig``: its one line in ``INSTALLED_APPS`` registers the game's rules in
``games.registry`` and its ``GamePlugin`` here. The core's views, templates, seating and
night code ask ``game_plugin(event.game)`` and never name a game. Every hook has a default (a
game without teams, bell or its own movement needs none of them); the pages do not: a game
without a table page, paper entry or sheet is a clear ``GameWithoutPages`` error, never
another game's page.

Parts (``GamePlugin.parts``) are template names the core's templates include where the game
has something to show (``{% game_part event.game "sheet" %}``):

* ``sheet``: a table's result on the public table sheet (context from ``sheet_context``);
* ``blank_sheet``: one table's blank paper sheet on the round's print page
  (``blank_sheet_context``);
* ``dashboard_players``, ``dashboard_seating``: links and forms on the event's dashboard (Bonko's
  teams, seating by the teams' results);
* ``round_actions``: buttons on a round's page (Bonko's table cards);
* ``teams_actions``: buttons on the event's teams page (Bonko's score cards);
* ``offline_words``: what the table page says of the games a phone keeps while offline.

A plug-in that names another part, or addresses in a namespace no URLconf reads
(``URL_NAMESPACES``), is refused when it registers, naming the game: a part or an address that
would never show.

This module imports no app: the objects it is handed are the callers' (events, rounds, tables,
requests), typed loosely.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from django.apps import AppConfig, apps
from django.core.exceptions import ImproperlyConfigured
from django.core.signals import setting_changed

from games import registry
from games.seam import Game

# The parts the core's templates include (``{% game_part event.game "<part>" %}``) and the
# namespaces whose URLconfs add the games' addresses (``plugin_urlpatterns``).
PARTS = (
    "sheet",
    "blank_sheet",
    "dashboard_players",
    "dashboard_seating",
    "round_actions",
    "teams_actions",
    "offline_words",
)
URL_NAMESPACES = ("scoring", "manage", "api")


class GameWithoutPages(ImproperlyConfigured):
    """A game the service knows (its rules are registered) whose plug-in does not give the page
    asked for."""

    def __init__(self, code: str, what: str) -> None:
        super().__init__(
            f"The game {code!r} has no {what}: its plug-in is not installed or gives none."
        )
        self.code, self.what = code, what


@dataclass(frozen=True)
class Correctable:
    """One part of a stored result an organizer may correct: its number (from 1; a game entered
    whole has one), its title ("Game 3") and what it was ("Hearts, chosen by Anna")."""

    number: int
    title: str
    detail: str = ""


class GamePlugin:
    """A game's Django side. Subclass it in the game's folder and register it (``register``)
    from the game's ``AppConfig.ready``; each hook's default is what a game without it needs."""

    code = ""
    # Template names of the parts the core's pages include (see the module's docstring).
    parts: dict[str, str] = {}
    # The game's scripts for its table page (static files' paths): its form's behaviour and its
    # checks for the phone's offline entry, loaded after ``js/offline-games.js`` and kept by the
    # service worker; and its stylesheets, for its table page and its own pages.
    scripts: tuple[str, ...] = ()
    stylesheets: tuple[str, ...] = ()
    # The round has a bell (the top table ends the round for everyone): the screen and the
    # table pages show it.
    has_bell = False
    # Addresses the game adds to the service's, by the namespace they join ("scoring": under
    # ``/t/``, "manage", "api"; ``URL_NAMESPACES``): lists of ``django.urls.path``.
    urls: dict[str, Sequence[Any]] = {}

    # --- pages ---------------------------------------------------------------------------

    def table_page(self, request: Any, table: Any, token: str) -> Any:
        """The table's own page (``/t/<token>/``): show the session, take a part or the whole."""
        raise GameWithoutPages(self.code, "table page")

    def check(self, request: Any, table: Any, token: str) -> Any:
        """The live check of the part being typed (htmx); None where the game has none."""
        return None

    def paper_page(self, request: Any, table: Any, token: str) -> Any:
        """The whole session entered afterwards from the paper score sheet."""
        raise GameWithoutPages(self.code, "paper entry")

    def correction_choices(
        self, event: Any, result: dict[str, Any], names: Sequence[str]
    ) -> Sequence[Any]:
        """The parts of a stored result an organizer may pick to correct one at a time, each a
        ``Correctable`` (its number and what the history's list calls it; ``names``: the
        players' short names by seat); none by default."""
        return ()

    def correction_page(self, request: Any, table: Any, number: int) -> Any:
        """The organizer's correction of part ``number`` of the table's session, in the
        inputs the table page uses for it (``results.views.correct`` checks who asks)."""
        raise GameWithoutPages(self.code, "correction page")

    def sheet_context(
        self, *, event: Any, result: dict[str, Any], players: Sequence[Any], names: Sequence[str]
    ) -> dict[str, Any]:
        """What the ``sheet`` part shows of a stored result (``names``: short names by seat)."""
        return {}

    def blank_sheet_context(self, event: Any) -> dict[str, Any]:
        """What the ``blank_sheet`` part needs for the event's ruleset."""
        return {}

    def parts_per_session(self, event: Any) -> int | None:
        """How many parts a session of the event has (the round's table list shows "3 of 8");
        None: the ruleset's attribute named by the game's ``parts_key``, 0 when not fixed."""
        return None

    def stats_deals(self, result: dict[str, Any]) -> Sequence[Any]:
        """The parts of a stored result as the statistics count them per kind
        (``stats.figures.Deal``; Bonken's contracts); none by default."""
        return ()

    def part_names(self) -> dict[str, tuple[str, str]]:
        """The (English, Dutch) names of the game's kinds of parts by code, for the statistics
        per kind (Bonken's contracts); none by default."""
        return {}

    # --- night hooks ---------------------------------------------------------------------

    def seat_next_round(
        self, *, event: Any, actor: Any, method: str | None, seed: int | None
    ) -> Any:
        """Seat the next round the game's own way, or None for the event's seating method."""
        return None

    def session_document(self, table: Any, document: dict[str, Any]) -> dict[str, Any]:
        """A document of ``table`` completed with what the service knows about the night (Bonko:
        the King's table, the bell, the set and round); refuses one naming another round."""
        return document

    def movement(self) -> Any:
        """The game's movement between rounds for progressive seating (a function from a
        round's places to the next tables), or None for the seating's own rules."""
        return None


_plugins: dict[str, GamePlugin] = {}


def register(plugin: GamePlugin) -> GamePlugin:
    """Add a game's plug-in (its ``AppConfig.ready``, or a test's own game); one that names a
    part no page includes or a namespace no URLconf reads is refused, naming the game."""
    unknown_parts = sorted(set(plugin.parts) - set(PARTS))
    if unknown_parts:
        raise ImproperlyConfigured(
            f"The game {plugin.code!r} gives parts no page includes: {', '.join(unknown_parts)} "
            f"(the pages include {', '.join(PARTS)})."
        )
    unknown_urls = sorted(set(plugin.urls) - set(URL_NAMESPACES))
    if unknown_urls:
        raise ImproperlyConfigured(
            f"The game {plugin.code!r} gives addresses in namespaces no URLconf reads: "
            f"{', '.join(unknown_urls)} (read: {', '.join(URL_NAMESPACES)})."
        )
    _plugins[plugin.code] = plugin
    return plugin


def unregister(code: str) -> None:
    _plugins.pop(code, None)


def game_plugin(code: str) -> GamePlugin:
    """The plug-in of the game ``code``; a game without one gets every default, so asking it
    for a page raises ``GameWithoutPages``."""
    plugin = _plugins.get(code)
    if plugin is None:
        plugin = GamePlugin()
        plugin.code = code
    return plugin


def plugins() -> dict[str, GamePlugin]:
    return dict(_plugins)


def plugin_urlpatterns(namespace: str) -> list[Any]:
    """Every installed game's addresses in ``namespace`` (read by the URLconf, after every app's
    ``ready``)."""
    return [pattern for plugin in _plugins.values() for pattern in plugin.urls.get(namespace, ())]


class GameAppConfig(AppConfig):
    """The Django app of a game's folder: with its one line in ``INSTALLED_APPS`` the service
    has the game. ``ready`` registers the game's rules (``game``: the dotted path of its seam
    object, by default ``GAME`` of the ``rules`` package beside the app) in ``games.registry``
    and its plug-in (``plugin``: the dotted path of its ``GamePlugin`` class) here.

    A rules module or plug-in class that is not there is not an error at this point: the
    system checks (``core.game_checks``) name the game and what it lacks when the service
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
        import_module("core.game_checks")  # its system checks register on import

    def load(self) -> None:
        """Find the game's seam object and make its plug-in (None where there is none)."""
        self.loaded_game = _optional(self.game_path())
        self.loaded_plugin = None
        plugin_class = _optional(self.plugin) if self.plugin else None
        if isinstance(plugin_class, type) and issubclass(plugin_class, GamePlugin):
            self.loaded_plugin = plugin_class()

    def register(self) -> None:
        if self.loaded_game is not None:
            registry.register(self.loaded_game)
        if self.loaded_plugin is not None:
            register(self.loaded_plugin)


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
    registry.reset()
    _plugins.clear()
    for config in game_apps():
        config.register()
