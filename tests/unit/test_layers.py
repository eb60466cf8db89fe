"""The apps depend one way, and nothing imports in a circle (read from the source, no import).

Layers, lowest first; a module may import its own layer and lower ones:

0. ``core`` (the shared kernel) and the pure packages: the games (``games.seam``,
   ``games.registry``, ``games.<game>``), the backup readers of ``imports`` and the
   arithmetic of ``tournaments.seating``, ``ratings.arithmetic``, ``standings.arithmetic``
   and ``stats`` (its figures and charts);
1. ``clubs``;  2. ``tournaments``;  3. ``games`` (sessions);  4. what is derived from the
sessions: ``standings``, ``ratings``, ``imports`` (history brought in from elsewhere),
``stats`` (statistics read from the sessions), ``pages`` (the pages that show sessions) and
``planning`` (the club's calendar: nights planned ahead and who is coming);
5. ``api``;  6. ``config``, ``bench``.

The pure packages import no Django and no app at all. ``KNOWN_UPWARD`` lists imports that go
up, each as debt with its reason; it is empty, and a new upward import fails (a lower layer
that needs a higher one's work declares a ``core.providers.Provider`` the higher app fills).
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

from tests.source import parse

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("core", "clubs", "tournaments", "games", "standings", "ratings", "imports", "stats",
            "pages", "planning", "api", "config", "bench")
PURE = ("games.seam", "games.registry", "games.bonken", "games.jonkler", "games.bonko",
        "games.bonanza", "tournaments.seating", "ratings.arithmetic", "standings.arithmetic",
        "imports.sunmar", "stats.figures", "stats.charts", "planning.recurrence")
LAYER = {"core": 0, "clubs": 1, "tournaments": 2, "games": 3, "standings": 4, "ratings": 4,
         "imports": 4, "stats": 4, "pages": 4, "planning": 4, "api": 5, "config": 6, "bench": 6}

# module -> the higher package it still imports, and why (empty: every import goes down; a lower
# layer that needs a higher one's work gets it handed down, ``core.providers``).
KNOWN_UPWARD: dict[str, str] = {}


def modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            found[name.removesuffix(".__init__")] = path
    return found


def imports(path: Path, known: dict[str, Path], *, top_level_only: bool) -> set[str]:
    """The project modules ``path`` imports (``from a import b`` is ``a.b`` when that is a
    module)."""
    tree = parse(path)
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    found: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [f"{node.module}.{alias.name}" if f"{node.module}.{alias.name}" in known
                     else node.module for alias in node.names]
        else:
            continue
        for name in names:
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name:
                found.add(name)
    return found


def is_pure(module: str) -> bool:
    return any(module == p or module.startswith(p + ".") for p in PURE)


def layer(module: str) -> int:
    return 0 if is_pure(module) else LAYER[module.split(".")[0]]


def test_the_pure_packages_import_no_django_and_no_app():
    for name, path in modules().items():
        if not is_pure(name):
            continue
        tree = parse(path)
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                targets = ([a.name for a in node.names] if isinstance(node, ast.Import)
                           else [node.module or ""])
                for target in targets:
                    assert not target.startswith(("django", "rest_framework", "celery")), name
                    top = target.split(".")[0]
                    assert top not in PACKAGES or is_pure(target) or target == "games", (
                        f"{name} imports {target}")


def test_no_app_imports_a_higher_one():
    known = modules()
    upward: dict[str, set[str]] = defaultdict(set)
    for name, path in known.items():
        for target in imports(path, known, top_level_only=False):
            if layer(target) > layer(name):
                upward[name].add(target)
    unexpected = {name: sorted(targets) for name, targets in upward.items()
                  if name not in KNOWN_UPWARD}
    assert unexpected == {}
    stale = sorted(set(KNOWN_UPWARD) - set(upward))
    assert stale == [], "no longer imports upward: take it off KNOWN_UPWARD"


def test_no_import_cycles():
    known = modules()
    graph = {name: imports(path, known, top_level_only=True) - {name}
             for name, path in known.items()}
    # Package __init__ modules are imported with their submodules; an edge from a package to
    # its own submodule is how a package exposes its API, not a cycle.
    for name, targets in graph.items():
        graph[name] = {t for t in targets if not t.startswith(name + ".")}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []
    counter = [0]

    def visit(node: str) -> None:  # Tarjan's strongly connected components
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for target in graph.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    assert cycles == []
