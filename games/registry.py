"""The registry of games: the games this installation has, by code.

Pure (no Django import). A game is registered by its Django app when the service starts
(``tournaments.game_apps.GameAppConfig``: a game's folder and its one line in
``INSTALLED_APPS``), in the order of ``INSTALLED_APPS``, which is the order pages show them.
``register`` adds a game and ``unregister`` takes one out; ``reset`` empties the registry (the apps
register again when the installed apps change).

``score_document`` is the one entry point for a document whose game is named inside it (the
CLI and the validate endpoint): it dispatches on ``document["game"]`` (``bonken`` if absent).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.seam import COMMON, Game, Outcome, invalid, listing, quoted

DEFAULT_GAME = "bonken"

_games: dict[str, Game] = {}


def games() -> dict[str, Game]:
    """Every registered game by code, in the order they were registered."""
    return dict(_games)


def get_game(code: str) -> Game:
    """The game ``code``; KeyError if there is none."""
    return _games[code]


def find_game(code: object) -> Game | None:
    return _games.get(code) if isinstance(code, str) else None


def register(game: Game) -> None:
    """Add a game (its app's ``ready``, or a test's own); a game of the same code is replaced."""
    _games[game.code] = game


def unregister(code: str) -> None:
    _games.pop(code, None)


def reset() -> None:
    """Forget every game (before the installed apps register theirs again)."""
    _games.clear()


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
