"""No folder slips past the checks: every Python package at the top of the repository is one of
import-linter's root packages and stands in its layers, is type-checked by `make test`'s
django-stubs pass and is installed by `pyproject.toml`; every game folder (`games/<code>/`) has
its rules among the pure packages, the layers and the strict type check, its plug-in in the
layers, and the game itself in the contract that keeps the games apart. Adding a package or a
game without its lines fails here, naming what is missing and where."""

import configparser
import re
import tomllib

from tests.conftest import ROOT

TOP_LEVEL = sorted(
    path.name
    for path in ROOT.iterdir()
    if (path / "__init__.py").is_file() and path.name != "tests"
)
GAMES = sorted(
    path.name for path in (ROOT / "games").iterdir() if (path / "rules" / "__init__.py").is_file()
)


def contracts() -> configparser.ConfigParser:
    parser = configparser.ConfigParser()
    parser.read(ROOT / ".importlinter")
    return parser


def listed(value: str) -> list[str]:
    """The modules of a multi-line import-linter option (layers split on ``|`` and ``:``)."""
    return [name for line in value.split() for name in re.split(r"[|:]", line) if name]


def contract(kind: str) -> configparser.SectionProxy:
    return contracts()[f"importlinter:contract:{kind}"]


def test_the_games_and_top_level_packages_are_found():
    assert {"config", "core", "games", "tournaments", "web"} <= set(TOP_LEVEL)
    assert {"bonken", "jonkler", "bonko", "bonanza"} <= set(GAMES)


def test_every_top_level_package_is_a_root_package_in_the_layers():
    roots = listed(contracts()["importlinter"]["root_packages"])
    layered = {name.split(".")[0] for name in listed(contract("layers")["layers"])}
    missing = [name for name in TOP_LEVEL if name not in roots]
    assert not missing, f".importlinter: root_packages lacks {missing}"
    unlayered = [name for name in TOP_LEVEL if name not in layered]
    assert not unlayered, f".importlinter: the layers contract does not place {unlayered}"


def test_every_top_level_package_is_type_checked_and_installed():
    makefile = (ROOT / "Makefile").read_text()
    line = re.search(r"^MYPY_DJANGO := (.*?)(?<!\\)\n", makefile, re.M | re.S)
    assert line, "Makefile: no MYPY_DJANGO line"
    checked = set(line.group(1).replace("\\\n", " ").split())
    unchecked = [name for name in TOP_LEVEL if name not in checked]
    assert not unchecked, f"Makefile: MYPY_DJANGO does not check {unchecked}"
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    included = project["tool"]["setuptools"]["packages"]["find"]["include"]
    uninstalled = [name for name in TOP_LEVEL if f"{name}*" not in included]
    assert not uninstalled, f"pyproject.toml: [tool.setuptools.packages.find] lacks {uninstalled}"


def test_every_strictly_checked_path_exists():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    stale = [path for path in project["tool"]["mypy"]["files"] if not (ROOT / path).exists()]
    assert not stale, f"pyproject.toml: [tool.mypy] files names what is not there: {stale}"


def test_every_game_is_in_each_contract_and_the_strict_type_check():
    pure = listed(contract("pure")["source_modules"])
    layers = listed(contract("layers")["layers"])
    strict = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]["files"]
    apart = [
        listed(section["modules"])
        for name, section in contracts().items()
        if name.startswith("importlinter:contract:") and section.get("type") == "independence"
    ]
    problems = []
    for code in GAMES:
        if f"games.{code}.rules" not in pure:
            problems.append(f"the pure contract lacks games.{code}.rules")
        for part in ("rules", "plugin"):
            if f"games.{code}.{part}" not in layers:
                problems.append(f"the layers contract lacks games.{code}.{part}")
        if not any(f"games.{code}" in modules for modules in apart):
            problems.append(f"no independence contract keeps games.{code} from the other games")
        if f"games/{code}/rules" not in strict:
            problems.append(f"pyproject.toml's [tool.mypy] files lack games/{code}/rules")
    assert not problems, "\n".join(problems)
