"""What a game gives the service besides its rules: its pages, parts of the core's pages, its
phone checks, its addresses and its night hooks (a game as a plug-in).

A game's folder holds its pure rules package and, beside it, a Django app (``plugin/``) whose config
is a ``GameAppConfig`` (``tournaments.game_apps``): its one line in ``INSTALLED_APPS`` registers the
game's rules in ``games.registry`` and its ``GamePlugin`` here. The core's views, templates, seating
and night code ask ``game_plugin(event.game)`` and never name a game. Every hook has a default (a
game without teams, bell or its own movement needs none of them); the pages do not: a game without a
table page, paper entry or sheet is a clear ``GameWithoutPages`` error, never another game's page.

Parts (``GamePlugin.parts``) are template names the core's templates include where the game
has something to show (``{% game_part event.game "sheet" %}``):

* ``sheet``: a table's result on the public table sheet (context from ``sheet_context``);
* ``blank_sheet``: one table's blank paper sheet on the round's print page
  (``blank_sheet_context``);
* ``dashboard_players``, ``dashboard_seating``: links and forms on the event's dashboard (Bonko's
  teams, seating by the teams' results);
* ``round_actions``: buttons on a round's page (Bonko's table cards);
* ``teams_actions``: buttons on the event's teams page (Bonko's score cards);
* ``offline_words``: what the table page says of the games a phone keeps while offline;
* ``rules``: the game's rules told in short on its public rules page (``/games/<code>/rules/``);
* ``ruleset``: what one ruleset of the game sets, on that page (context: ``ruleset``, the
  ruleset object, built in or a club's house rules).

A plug-in that names another part, or addresses in a namespace no URLconf reads
(``URL_NAMESPACES``), is refused when it registers, naming the game: a part or an address that
would never show.

The interface is typed with the objects the pages hand a game (requests, events, rounds, tables,
players); a stored document or result is JSON (``games.seam.Document``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import ImproperlyConfigured
from django.http import HttpRequest, HttpResponse
from django.urls import URLPattern, URLResolver

from clubs.models import Player
from games.seam import Document
from seating.types import Movement
from tournaments.models import Event, Round, Table

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
    "rules",
    "ruleset",
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
class TeamWords:
    """One side of a team game's table as the pages name it: the team's name and its players
    ("Anna & Cor"; the same when the team has no name of its own) and what the table says of it
    ("rolls first")."""

    name: str
    players: str
    note: str = ""


@dataclass(frozen=True)
class TableWords:
    """What a game says about one table of a round beside its number and players, in the page's
    language: what the table is ("the King's table"), the teams at it, its result in one
    sentence, and where its players go after the round. Empty where the game says nothing."""

    title: str = ""
    teams: tuple[TeamWords, ...] = ()
    result: str = ""
    after: str = ""


@dataclass(frozen=True)
class Correctable:
    """One part of a stored result an organizer may correct: its number (from 1; a game entered
    whole has one), its title ("Game 3") and what it was ("Hearts, chosen by Anna")."""

    number: int
    title: str
    detail: str = ""


class GamePlugin(Protocol):
    """A game's Django side: the interface its plug-in implements. Subclass it in the game's
    folder (``class JonklerPlugin(GamePlugin)``) and name the class in the game's
    ``GameAppConfig``; each hook's default is what a game without it needs."""

    code: str = ""
    # Template names of the parts the core's pages include (see the module's docstring).
    parts: Mapping[str, str] = {}
    # The game's scripts for its table page (static files' paths): its form's behaviour and its
    # checks for the phone's offline entry, loaded after ``js/offline-games.js`` and kept by the
    # service worker; and its stylesheets, for its table page and its own pages.
    scripts: tuple[str, ...] = ()
    stylesheets: tuple[str, ...] = ()
    # The round has a bell (the top table ends the round for everyone): the screen and the
    # table pages show it.
    has_bell: bool = False
    # Addresses the game adds to the service's, by the namespace they join ("scoring": under
    # ``/t/``, "manage", "api"; ``URL_NAMESPACES``): lists of ``django.urls.path``.
    urls: Mapping[str, Sequence[URLPattern | URLResolver]] = {}

    # --- pages ---------------------------------------------------------------------------

    def table_page(self, request: HttpRequest, table: Table, token: str) -> HttpResponse:
        """The table's own page (``/t/<token>/``): show the session, take a part or the whole."""
        raise GameWithoutPages(self.code, "table page")

    def check(self, request: HttpRequest, table: Table, token: str) -> HttpResponse | None:
        """The live check of the part being typed (htmx); None where the game has none."""
        return None

    def paper_page(self, request: HttpRequest, table: Table, token: str) -> HttpResponse:
        """The whole session entered afterwards from the paper score sheet."""
        raise GameWithoutPages(self.code, "paper entry")

    def correction_choices(
        self, event: Event, result: Document, names: Sequence[str]
    ) -> Sequence[Correctable]:
        """The parts of a stored result an organizer may pick to correct one at a time, each a
        ``Correctable`` (its number and what the history's list calls it; ``names``: the
        players' short names by seat); none by default."""
        return ()

    def correction_page(self, request: HttpRequest, table: Table, number: int) -> HttpResponse:
        """The organizer's correction of part ``number`` of the table's session, in the
        inputs the table page uses for it (``results.views.correct`` checks who asks)."""
        raise GameWithoutPages(self.code, "correction page")

    def sheet_context(
        self, *, event: Event, result: Document, players: Sequence[Player], names: Sequence[str]
    ) -> dict[str, object]:
        """What the ``sheet`` part shows of a stored result (``names``: short names by seat)."""
        return {}

    def blank_sheet_context(self, event: Event) -> dict[str, object]:
        """What the ``blank_sheet`` part needs for the event's ruleset."""
        return {}

    def table_words(self, round_: Round, tables: Sequence[Table]) -> Mapping[int, TableWords]:
        """By table id, what the game says about each of the round's tables (``TableWords``)
        on the round's table plan, its printed table cards, the event's page and the room's
        screen; ``tables`` come with their seats' players and their session. None by
        default."""
        return {}

    def parts_per_session(self, event: Event) -> int | None:
        """How many parts a session of the event has (the round's table list shows "3 of 8");
        None: the ruleset's attribute named by the game's ``parts_key``, 0 when not fixed."""
        return None

    def stats_deals(self, result: Document) -> Sequence[object]:
        """The parts of a stored result as the statistics count them per kind
        (``ranking.stats.figures.Deal``, a layer above this one; Bonken's contracts); none by
        default."""
        return ()

    def part_names(self) -> dict[str, tuple[str, str]]:
        """The (English, Dutch) names of the game's kinds of parts by code, for the statistics
        per kind (Bonken's contracts); none by default."""
        return {}

    # --- night hooks ---------------------------------------------------------------------

    def seat_next_round(
        self,
        *,
        event: Event,
        actor: User | AnonymousUser | None,
        method: str | None,
        seed: int | None,
    ) -> Round | None:
        """Seat the next round the game's own way, or None for the event's seating method."""
        return None

    def session_document(self, table: Table, document: Document) -> Document:
        """A document of ``table`` completed with what the service knows about the night (Bonko:
        the King's table, the bell, the set and round); refuses one naming another round."""
        return document

    def movement(self) -> Movement | None:
        """The game's movement between rounds for progressive seating (a function from a
        round's places to the next tables), or None for the seating's own rules."""
        return None


class _WithoutPages(GamePlugin):
    """What a game without a plug-in gets: every default (its pages a clear error)."""

    def __init__(self, code: str) -> None:
        self.code = code


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


def reset() -> None:
    """Forget every plug-in (before the installed apps register theirs again)."""
    _plugins.clear()


def game_plugin(code: str) -> GamePlugin:
    """The plug-in of the game ``code``; a game without one gets every default, so asking it
    for a page raises ``GameWithoutPages``."""
    return _plugins.get(code) or _WithoutPages(code)


def plugins() -> dict[str, GamePlugin]:
    return dict(_plugins)


def plugin_urlpatterns(namespace: str) -> list[Any]:
    """Every installed game's addresses in ``namespace`` (read by the URLconf, after every app's
    ``ready``)."""
    return [pattern for plugin in _plugins.values() for pattern in plugin.urls.get(namespace, ())]
