"""No code outside a game's own folder names a game (read from the source, no import).

A game's code (``bonken``, ``jonkler``, ``bonko``, ``bonanza``) may appear in its own folder
(``games/<code>/``, Bonken's with its app's importer, ``games/bonken/imports``), in the list of
installed games (``config.settings``), as the default game of a document that names none
(``games.registry``), in the importer's pages and API (its backups are Bonken's) and in the demo
data. Everywhere else the service asks the game (``tournaments.game_plugins``). In Python a name
counts in an identifier or a string (docstrings and comments may still give a game as an
example); in templates and scripts anywhere outside a comment.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# Every game with a folder of its own (a new one is policed as it comes).
GAMES = tuple(sorted(p.parent.parent.name for p in (ROOT / "games").glob("*/rules/__init__.py")))
NAME = re.compile("|".join((*GAMES, "game_pages")), re.IGNORECASE)
PACKAGES = (
    "core",
    "clubs",
    "tournaments",
    "results",
    "ranking",
    "leagues",
    "web",
    "config",
    "templates",
    "static",
    "games",
    "seating",
    "week",
)
# A game's own folder (its rules and its plug-in, with its templates and scripts; Bonken's also
# its app's backup reader and importer, ``games/bonken/sunmar`` and ``games/bonken/imports``).
OWN = tuple(f"games/{game}/" for game in GAMES)
ALLOWED = {
    "games/registry.py": "the default game of a document that names none",
    "config/settings.py": "the installed games' plug-ins",
    "web/pages/management/commands/load_demo.py": "the demo data",
    "config/celery.py": "the service's name",
    "config/urls.py": "the service's name (the admin's header)",
    "core/after_commit.py": "the service's name (its Redis keys)",
    "templates/clubs/club.html": "the link to the Bonken app's importer",
    "web/api/views/week/imports.py": (
        "the Bonken app's importer's API (the importer is in Bonken's folder)"
    ),
}
# The Bonken app's backups' importer's pages (the importer is in Bonken's folder).
ALLOWED_FOLDERS = ("templates/imports/",)

# Files that still name a game, each a debt with its reason (empty: a new one fails).
KNOWN: dict[str, str] = {}


def _python_names(path: Path) -> list[tuple[int, str]]:
    source = path.read_text()
    docstrings = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(body[0].lineno)
    found = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type not in (tokenize.NAME, tokenize.STRING):
            continue
        if token.type == tokenize.STRING and token.start[0] in docstrings:
            continue
        if NAME.search(token.string):
            found.append((token.start[0], token.string))
    return found


def _text_names(path: Path) -> list[tuple[int, str]]:
    text = re.sub(r"\{#.*?#\}|/\*.*?\*/", "", path.read_text(), flags=re.DOTALL)
    return [
        (n, line.strip())
        for n, line in enumerate(text.splitlines(), 1)
        if NAME.search(line) and not line.strip().startswith("//")
    ]


def naming_files() -> dict[str, list[tuple[int, str]]]:
    found: dict[str, list[tuple[int, str]]] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*")):
            relative = path.relative_to(ROOT).as_posix()
            if (
                not path.is_file()
                or "migrations" in path.parts
                or relative.startswith(OWN)
                or relative in ALLOWED
                or relative.startswith(ALLOWED_FOLDERS)
            ):
                continue
            if path.suffix == ".py":
                names = _python_names(path)
            elif path.suffix in (".html", ".js", ".css", ".txt"):
                names = _text_names(path)
            else:
                continue
            if names:
                found[relative] = names
    return found


def test_no_code_outside_a_games_folder_names_a_game():
    found = naming_files()
    unexpected = {path: names for path, names in found.items() if path not in KNOWN}
    assert unexpected == {}
    assert sorted(set(KNOWN) - set(found)) == [], "no longer names a game: take it off KNOWN"


if __name__ == "__main__":  # the list, per game: python -m tests.unit.test_game_names
    for path, names in naming_files().items():
        games = sorted({g for _n, text in names for g in GAMES if g in text.lower()})
        lines = ", ".join(str(n) for n, _t in names[:8])
        print(f"{path}: {', '.join(games) or 'GAME_PAGES'} (lines {lines})")
