"""A toy fifth game in its own folder: its rules (``rules``, pure) and its Django side
(``plugin``, with ``templates/duel/``). The tests register it (``installed``); nothing outside
this folder names it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from core import game_plugins
from games import registry
from tests.toy_game.plugin import DuelPlugin
from tests.toy_game.rules import Duel, DuelRounds


@contextmanager
def installed() -> Iterator[tuple[Duel, DuelRounds]]:
    """Both toy games registered, rules and pages (as an installed game's app does)."""
    games = (Duel(), DuelRounds())
    for game in games:
        registry.register(game)
        game_plugins.register(DuelPlugin(game.code))
    try:
        yield games
    finally:
        for game in games:
            registry.unregister(game.code)
            game_plugins.unregister(game.code)
