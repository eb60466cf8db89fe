"""A game's plug-in names only parts the core's pages include and addresses in namespaces a
URLconf reads: ``tournaments.game_plugins.PARTS`` is exactly what the templates include, and a
plug-in naming anything else is refused when it registers, with the game's name."""

import re

import pytest
from django.core.exceptions import ImproperlyConfigured

from tests.conftest import ROOT
from tournaments.game_plugins import PARTS, URL_NAMESPACES, GamePlugin, plugins, register

INCLUDED = re.compile(r"""\{%\s*game_part\s+\S+\s+["'](\w+)["']""")


def included_parts() -> set[str]:
    found: set[str] = set()
    for template in ROOT.glob("**/templates/**/*.html"):
        if ".venv" not in template.parts:
            found.update(INCLUDED.findall(template.read_text()))
    return found


def test_the_parts_are_what_the_pages_include():
    assert set(PARTS) == included_parts()


def test_every_installed_game_names_known_parts_and_namespaces():
    for code, plugin in plugins().items():
        assert set(plugin.parts) <= set(PARTS), code
        assert set(plugin.urls) <= set(URL_NAMESPACES), code


@pytest.mark.parametrize(
    ("given", "words"),
    [
        ({"parts": {"screen": "highcard/_screen.html"}}, "parts no page includes: screen"),
        ({"urls": {"public": []}}, "namespaces no URLconf reads: public"),
    ],
)
def test_a_plugin_naming_what_no_page_shows_is_refused(given, words):
    plugin = type("HighCard", (GamePlugin,), {"code": "highcard", **given})()
    with pytest.raises(ImproperlyConfigured, match=f"'highcard'.*{words}"):
        register(plugin)
    assert "highcard" not in plugins()
