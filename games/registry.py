"""The registry of games: which game packages (``games.<code>``) the service has, by code.

Pure (no Django import). ``GAMES`` lists the built-in games in the order pages show them; a test
may ``register`` a game of its own for the duration of the test (``unregister`` takes it out).
``score_document`` is the one entry point for a document whose game is named inside it (the
CLI and the validate endpoint): it dispatches on ``document["game"]`` (``bonken`` if absent).
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import import_module
from typing import Any

from games.seam import COMMON, Game, Outcome, invalid, listing, quoted

DEFAULT_GAME = "bonken"
# The built-in game packages, each exposing ``GAME``; loaded on first use.
BUILTIN = ("bonken", "jonkler", "bonko", "bonanza")

_games: dict[str, Game] = {}
_loaded = False


def _load() -> None:
    global _loaded
    if _loaded:
        return
    for code in BUILTIN:
        try:
            module = import_module(f"games.{code}.rules")
        except ModuleNotFoundError as error:
            if error.name not in (f"games.{code}", f"games.{code}.rules"):
                raise
            continue  # not (yet) part of this installation
        game = getattr(module, "GAME", None)
        if game is not None:
            _games.setdefault(game.code, game)
    _loaded = True


def games() -> dict[str, Game]:
    """Every registered game by code, built-in ones first."""
    _load()
    return dict(_games)


def get_game(code: str) -> Game:
    """The game ``code``; KeyError if there is none."""
    _load()
    return _games[code]


def find_game(code: object) -> Game | None:
    _load()
    return _games.get(code) if isinstance(code, str) else None


def register(game: Game) -> None:
    """Add a game (a plug-in outside ``games/``, or a test's own)."""
    _load()
    _games[game.code] = game


def unregister(code: str) -> None:
    _games.pop(code, None)


def document_game(document: object) -> str | object:
    """The game a document names (``bonken`` when it names none)."""
    if isinstance(document, dict):
        code = document.get("game")
        return DEFAULT_GAME if code is None else code
    return DEFAULT_GAME


def score_document(
    document: object, *, ruleset: Any | None = None, names: Sequence[str] | None = None
) -> Outcome:
    """Validate and score a document of whichever game it names; never raises for bad input."""
    code = document_game(document)
    game = find_game(code)
    if game is None:
        return invalid(
            [
                COMMON.error(
                    "unknown_game", None, "game", name=quoted(code), known=listing(sorted(games()))
                )
            ]
        )
    return game.score(document, ruleset=ruleset, names=names)
