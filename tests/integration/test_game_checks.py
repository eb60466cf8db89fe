"""A game is its folder and its one line in INSTALLED_APPS: what that line brings in is checked
when the service starts (``tournaments.game_checks``), each message naming the game and what it
lacks. Each check is tried here on an app that breaks it; the installed games pass them all."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core.checks import run_checks
from django.core.management import call_command
from django.core.management.base import SystemCheckError
from django.test import override_settings

import tests.toy_game
from games import registry
from games.seam import Catalogue
from tests.toy_game.rules import Duel
from tournaments.game_apps import GameAppConfig
from tournaments.game_checks import games_problems

NO_DUTCH = type("NoDutch", (Duel,), {"catalogue": Catalogue({"totals": ("Totals.", " ")})})()


def app(label: str, path: Path | None = None, **attrs: Any) -> GameAppConfig:
    """A game's app config as Django makes one, loaded as its ``ready`` would."""
    attrs.setdefault("game", "tests.toy_game.rules.DUEL")
    attrs.setdefault("plugin", "tests.toy_game.plugin.DuelPlugin")
    if path is not None:
        attrs["path"] = str(path)
    config_class = type(f"{label.title()}Config", (GameAppConfig,), {"label": label, **attrs})
    config = config_class("tests.toy_game", tests.toy_game)
    config.load()
    return config


def ids(problems: list[Any]) -> list[str]:
    return [problem.id for problem in problems]


def test_the_installed_games_pass_every_check():
    assert run_checks(tags=["games"]) == []


def test_an_unfinished_game_installed_stops_the_service_naming_it():
    with override_settings(INSTALLED_APPS=[*settings.INSTALLED_APPS, "tests.toy_game.unfinished"]):
        with pytest.raises(SystemCheckError) as refused:
            call_command("check")
    text = str(refused.value)
    assert "games.E001" in text and "games.E002" in text
    assert "'unfinished' (tests.toy_game.unfinished) has no rules" in text
    assert "tests.toy_game.rules.GAME is not there" in text
    assert "has no plug-in for its pages" in text
    assert "unfinished" not in registry.games()


def test_rules_that_are_not_there_name_the_game_and_the_path(tmp_path):
    missing = app("lost", tmp_path, game="tests.toy_game.rules.NOT_THERE")
    gone = app("gone", tmp_path, game="tests.toy_game.nowhere.GAME")
    assert missing.loaded_game is None and gone.loaded_game is None
    problems = games_problems([missing, gone], [missing, gone])
    assert ids(problems) == ["games.E001", "games.E001"]
    assert "'lost' (tests.toy_game) has no rules: tests.toy_game.rules.NOT_THERE" in problems[0].msg


def test_rules_without_a_plug_in_and_a_plug_in_of_another_game(tmp_path):
    bare = app("bare", tmp_path, plugin="")
    crossed = app("crossed", tmp_path, plugin="tests.toy_game.plugin.DuelRoundsPlugin")
    problems = games_problems([bare], [bare]) + games_problems([crossed], [crossed])
    assert ids(problems) == ["games.E002", "games.E003"]
    assert "its config names none" in problems[0].msg
    assert "the rules of 'duel' and the plug-in of 'duelrounds'" in problems[1].msg


def test_two_apps_that_claim_one_code(tmp_path):
    first, second = app("first", tmp_path / "a"), app("second", tmp_path / "b")
    problems = games_problems([first, second], [first, second])
    assert ids(problems) == ["games.E004"]
    assert "Two apps claim the game 'duel': 'first'" in problems[0].msg


def test_a_game_whose_messages_lack_dutch(tmp_path):
    config = app("nodutch", tmp_path, game="tests.integration.test_game_checks.NO_DUTCH")
    problems = games_problems([config], [config])
    assert ids(problems) == ["games.E006"]
    assert "The game 'duel' (tests.toy_game) lacks Dutch for message 'totals'" in problems[0].msg


def test_a_page_text_without_dutch_names_the_file_and_the_text(tmp_path):
    (tmp_path / "templates" / "zz").mkdir(parents=True)
    (tmp_path / "templates" / "zz" / "score.html").write_text(
        '{% load i18n %}<p>{% translate "A text nobody translated" %}</p>'
        '<p>{% translate "Save" %}</p>'
    )
    (tmp_path / "views.py").write_text(
        'from django.utils.translation import gettext as _\nWORDS = _("Nor this one")\n'
    )
    config = app("untranslated", tmp_path)
    problems = games_problems([config], [config])
    assert ids(problems) == ["games.E007"]
    assert "templates/zz/score.html: 'A text nobody translated'" in problems[0].msg
    assert "views.py: 'Nor this one'" in problems[0].msg
    assert "'Save'" not in problems[0].msg  # the project's catalogue has it


def test_a_template_folder_two_apps_claim(tmp_path):
    for name in ("a", "b"):
        (tmp_path / name / "templates" / "duel").mkdir(parents=True)
    first = app("first", tmp_path / "a")
    second = app(
        "second",
        tmp_path / "b",
        game="tests.toy_game.rules.DUEL_ROUNDS",
        plugin="tests.toy_game.plugin.DuelRoundsPlugin",
    )
    problems = games_problems([first, second], [first, second])
    assert ids(problems) == ["games.E008"]
    assert (
        "'first' (tests.toy_game) and 'second' (tests.toy_game) both have the templates "
        "folder 'duel'" in problems[0].msg
    )


def test_rules_registered_past_an_app_have_no_pages():
    registry.register(Duel())
    try:
        problems = run_checks(tags=["games"])
    finally:
        registry.unregister("duel")
    assert ids(problems) == ["games.E005"]
    assert "The game 'duel' has rules but no plug-in" in problems[0].msg
