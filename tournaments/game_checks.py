"""The system checks of the installed games (``manage.py check``, and every command that starts
the service): a game is its folder and its one line in ``INSTALLED_APPS``, so what that line
brings in is checked here, each message naming the game.

* ``games.E001`` a game's app without rules (no seam object where its config says);
* ``games.E002`` a game's app without a plug-in (``GamePlugin``) for its pages;
* ``games.E003`` an app whose rules and plug-in are of two different games;
* ``games.E004`` two apps that claim one game code;
* ``games.E005`` rules without a plug-in, or a plug-in without rules, in the registries;
* ``games.E006`` a game's name or a message of its rules without Dutch;
* ``games.E007`` a text of the game's pages (its templates, its Python) without Dutch in the
  translations Django loads;
* ``games.E008`` a template or static folder that a game's app and another app both claim (one
  would hide the other's files).
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from django.apps import AppConfig, apps
from django.core.checks import CheckMessage, Error, register
from django.utils.translation import trans_real
from django.utils.translation.template import templatize

from games import registry
from tournaments.game_apps import GameAppConfig, game_apps
from tournaments.game_plugins import plugins

TAG = "games"
_LITERAL = r"""u?(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")"""
_TEMPLATE_CALL = re.compile(
    rf"\b(gettext|pgettext|ngettext|npgettext)\(\s*({_LITERAL})(?:\s*,\s*({_LITERAL}))?"
)
_PY_GETTEXT = {"_", "gettext", "gettext_lazy", "ngettext", "ngettext_lazy"}
_PY_PGETTEXT = {"pgettext", "pgettext_lazy", "npgettext", "npgettext_lazy"}


@register(TAG)
def check_games(
    app_configs: Sequence[AppConfig] | None = None, **_kwargs: Any
) -> list[CheckMessage]:
    return games_problems(game_apps(), list(apps.get_app_configs()))


def games_problems(
    games: Sequence[GameAppConfig], installed: Sequence[AppConfig]
) -> list[CheckMessage]:
    """What is wrong with the games' apps ``games`` among the ``installed`` apps."""
    found: list[CheckMessage] = []
    claims: dict[str, list[GameAppConfig]] = defaultdict(list)
    for config in games:
        found += _check_app(config)
        if config.loaded_game is not None:
            claims[config.loaded_game.code].append(config)
    for code, claiming in claims.items():
        if len(claiming) > 1:
            names = " and ".join(f"{c.label!r} ({c.name})" for c in claiming)
            found.append(
                Error(
                    f"Two apps claim the game {code!r}: {names}.",
                    hint="A game's code is its own: rename one game, or install one of them.",
                    obj=claiming[-1],
                    id="games.E004",
                )
            )
    found += _check_registries()
    found += _check_folders(installed)
    return found


def _check_app(config: GameAppConfig) -> list[CheckMessage]:
    game, plugin = config.loaded_game, config.loaded_plugin
    found: list[CheckMessage] = []
    if game is None:
        found.append(
            Error(
                f"The game app {config.label!r} ({config.name}) has no rules: "
                f"{config.game_path()} is not there.",
                hint="A game's folder holds its rules package beside its app, with GAME "
                "(games.seam.Game); or the app config's `game` names its seam object.",
                obj=config,
                id="games.E001",
            )
        )
    if plugin is None:
        found.append(
            Error(
                f"The game app {config.label!r} ({config.name}) has no plug-in for its pages: "
                f"{config.plugin or 'its config names none'} is not a GamePlugin class.",
                hint="Set the app config's `plugin` to the dotted path of the game's "
                "tournaments.game_plugins.GamePlugin subclass.",
                obj=config,
                id="games.E002",
            )
        )
    if game is not None and plugin is not None and game.code != plugin.code:
        found.append(
            Error(
                f"The game app {config.label!r} ({config.name}) has the rules of {game.code!r} "
                f"and the plug-in of {plugin.code!r}.",
                hint="A game's rules and its plug-in carry the same code.",
                obj=config,
                id="games.E003",
            )
        )
    if game is not None:
        found += _check_rules_dutch(config, game)
    found += _check_pages_dutch(config)
    return found


def _check_registries() -> list[CheckMessage]:
    rules, pages = set(registry.games()), set(plugins())
    found: list[CheckMessage] = [
        Error(
            f"The game {code!r} has rules but no plug-in: its table page and sheets would fail.",
            hint="Install the game's app (its GameAppConfig registers both).",
            id="games.E005",
        )
        for code in sorted(rules - pages)
    ]
    found += [
        Error(
            f"The game plug-in {code!r} has no rules: no event could be played with it.",
            hint="Install the game's app (its GameAppConfig registers both).",
            id="games.E005",
        )
        for code in sorted(pages - rules)
    ]
    return found


def _check_rules_dutch(config: GameAppConfig, game: Any) -> list[CheckMessage]:
    lacking = [] if str(getattr(game, "name_nl", "")).strip() else ["its name (name_nl)"]
    catalogue = getattr(game, "catalogue", None)
    messages = getattr(catalogue, "messages", None)
    if not isinstance(messages, dict):
        lacking.append("its messages (no `catalogue` of English and Dutch)")
    else:
        lacking += [
            f"message {key!r}"
            for key, texts in messages.items()
            if len(texts) < 2 or not str(texts[1]).strip()
        ]
    if not lacking:
        return []
    return [
        Error(
            f"The game {game.code!r} ({config.name}) lacks Dutch for {_some(lacking)}.",
            hint="Every text a person reads is in Dutch and English: add the Dutch.",
            obj=config,
            id="games.E006",
        )
    ]


def _check_pages_dutch(config: GameAppConfig) -> list[CheckMessage]:
    dutch = trans_real.translation("nl")
    lacking = sorted(
        f"{where}: {msgid!r}"
        for where, key, msgid in _page_texts(Path(config.path))
        if not _translated(dutch, key)
    )
    if not lacking:
        return []
    return [
        Error(
            f"The game app {config.label!r} ({config.name}) has texts without Dutch: "
            f"{_some(lacking)}.",
            hint="Add them to a Dutch catalogue (the project's locale/ or the app's own) and "
            "compile it (manage.py compilemessages).",
            obj=config,
            id="games.E007",
        )
    ]


def _page_texts(root: Path) -> Iterator[tuple[str, Any, str]]:
    """(file, catalogue key, msgid) of every literal text the app's templates and Python
    modules translate (a plural by its singular, a text with a context by both)."""
    for path in sorted(root.rglob("*.html")):
        where = str(path.relative_to(root))
        for match in _TEMPLATE_CALL.finditer(templatize(path.read_text(), origin=str(path))):
            kind, first, second = match.group(1), match.group(2), match.group(3)
            values = [ast.literal_eval(v.removeprefix("u")) for v in (first, second) if v]
            yield from _keyed(where, kind, values)
    for path in sorted(root.rglob("*.py")):
        if "migrations" in path.parts:
            continue
        where = str(path.relative_to(root))
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            values = [a.value for a in node.args[:2] if isinstance(a, ast.Constant)]
            if name in _PY_GETTEXT | _PY_PGETTEXT and all(isinstance(v, str) for v in values):
                kind = ("p" if name in _PY_PGETTEXT else "") + (
                    "ngettext" if "ngettext" in name else "gettext"
                )
                yield from _keyed(where, kind, values)


def _keyed(where: str, kind: str, values: list[Any]) -> Iterator[tuple[str, Any, str]]:
    if kind.startswith("p"):
        if len(values) < 2:
            return
        context, msgid = values[0], values[1]
        key: Any = f"{context}\x04{msgid}"
    else:
        if not values:
            return
        msgid, key = values[0], values[0]
    if msgid:
        yield where, ((key, 0) if "ngettext" in kind else key), msgid


def _translated(dutch: Any, key: Any) -> bool:
    catalog = dutch._catalog
    if isinstance(key, tuple):
        return key in catalog or (key[0].replace("%%", "%"), key[1]) in catalog
    return key in catalog or key.replace("%%", "%") in catalog


def _check_folders(installed: Sequence[AppConfig]) -> list[CheckMessage]:
    """A folder name under ``templates/`` or ``static/`` is one app's: a game's app that shares
    one with another app hides that app's files, or has its own hidden."""
    owners: dict[tuple[str, str], list[AppConfig]] = defaultdict(list)
    for config in installed:
        for kind in ("templates", "static"):
            folder = Path(config.path) / kind
            if folder.is_dir():
                for child in sorted(folder.iterdir()):
                    if child.is_dir() and not child.name.startswith(("_", ".")):
                        owners[(kind, child.name)].append(config)
    found: list[CheckMessage] = []
    for (kind, name), claiming in sorted(owners.items()):
        if len(claiming) > 1 and any(isinstance(c, GameAppConfig) for c in claiming):
            names = " and ".join(f"{c.label!r} ({c.name})" for c in claiming)
            found.append(
                Error(
                    f"The apps {names} both have the {kind} folder {name!r}: one hides the "
                    "other's files.",
                    hint=f"A game keeps its {kind} in a folder named for its code.",
                    obj=claiming[-1],
                    id="games.E008",
                )
            )
    return found


def _some(items: list[str], shown: int = 5) -> str:
    """The first few of ``items``, and how many more there are."""
    text = "; ".join(items[:shown])
    rest = len(items) - shown
    return f"{text} (and {rest} more)" if rest > 0 else text
