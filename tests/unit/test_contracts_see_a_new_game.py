"""The import contracts see a game nobody listed: a copy of the project with a new game folder
(``games/highcard``) whose rules import Django, another game and the tournaments' models, and
whose plug-in imports the API, breaks the contracts that keep a game's rules pure, the games
apart and the plug-ins in their layer; the project as it is keeps them all."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT

PACKAGES = sorted(
    path.name
    for path in ROOT.iterdir()
    if (path / "__init__.py").is_file() and path.name != "tests"
)
HIGHCARD = {
    "games/highcard/__init__.py": "",
    "games/highcard/rules/__init__.py": (
        "import django\n"
        "from games.jonkler.rules import GAME as JONKLER\n"
        "from tournaments.models import Event\n"
    ),
    "games/highcard/plugin/__init__.py": "",
    "games/highcard/plugin/views.py": "from web.api import urls\n",
}


def lint(tree: Path) -> subprocess.CompletedProcess[str]:
    lint_imports = Path(sys.executable).with_name("lint-imports")
    return subprocess.run(
        [str(lint_imports), "--config", str(tree / ".importlinter")],
        cwd=tree,
        env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_a_new_game_that_breaks_the_rules_is_caught_without_being_listed(tmp_path):
    tree = tmp_path / "project"
    for name in PACKAGES:
        shutil.copytree(ROOT / name, tree / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / ".importlinter", tree / ".importlinter")
    for path, text in HIGHCARD.items():
        (tree / path).parent.mkdir(parents=True, exist_ok=True)
        (tree / path).write_text(text)

    result = lint(tree)
    out = result.stdout
    assert result.returncode != 0, out[-3000:]
    assert "Every game's rules import the seam and nothing else of the service BROKEN" in out
    assert "The pure packages import no Django and no app BROKEN" in out
    assert "games.highcard.rules -> django" in out
    assert "games.highcard.rules -> tournaments.models" in out
    assert "games.highcard.rules -> games.jonkler.rules" in out
    independence = out.index("A game is one folder: no game imports another")
    assert out.index("BROKEN", independence) < out.index("KEPT", independence) or (
        "KEPT" not in out[independence:]
    )
    assert "games.highcard is not allowed to import games.jonkler" in out
    assert "Every game's plug-in stands below the API, the pages and the embeds BROKEN" in out
    assert "games.highcard.plugin.views -> web.api.urls" in out


def test_the_project_keeps_every_contract():
    result = lint(ROOT)
    assert result.returncode == 0, result.stdout[-3000:]
    assert " BROKEN" not in result.stdout
