"""Modules stay under about 400 lines and functions under about 80, so the next engineer finds
their way; the exceptions are listed with a ceiling they may not grow past (documented
algorithms, kept whole on purpose, and debts to pay off)."""

import ast
from pathlib import Path

from tests.source import parse

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = (
    "core",
    "clubs",
    "tournaments",
    "results",
    "ranking",
    "leagues",
    "web",
    "config",
    "bench",
    "games",
    "seating",
    "week",
)
MODULE_LINES, FUNCTION_LINES = 400, 80

LARGE_MODULES = {  # path: ceiling
    "seating/designs/extras.py": 490,  # the constructions and their search, documented
}
LONG_FUNCTIONS = {  # (path, function): ceiling; documented algorithms unless marked
    ("seating/search.py", "anneal"): 260,
    ("seating/designs/extras.py", "_slot_search"): 110,
    ("seating/methods/balanced.py", "plan_balanced"): 100,
    ("seating/methods/swiss.py", "swiss_round"): 90,
    ("ranking/arithmetic/standings/event.py", "standings_from_results"): 85,
    ("bench/screen.py", "main"): 105,  # the benchmark's script
}


def sources() -> list[Path]:
    return [
        path
        for package in PACKAGES
        for path in (ROOT / package).rglob("*.py")
        if "migrations" not in path.parts
    ]


def test_modules_stay_small():
    too_long = {}
    for path in sources():
        name = str(path.relative_to(ROOT))
        lines = len(path.read_text().splitlines())
        if lines > LARGE_MODULES.get(name, MODULE_LINES):
            too_long[name] = lines
    assert too_long == {}


def test_functions_stay_short():
    too_long = {}
    for path in sources():
        name = str(path.relative_to(ROOT))
        for node in ast.walk(parse(path)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > LONG_FUNCTIONS.get((name, node.name), FUNCTION_LINES):
                    too_long[(name, node.name)] = lines
    assert too_long == {}
