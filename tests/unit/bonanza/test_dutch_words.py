"""Bonanza Rummy's Dutch says one word for one thing, the word its rules use: a *hand*
("Each hand ..."; *handen* for more), never *spel*; the dealer is the *deler*, never the
*gever*; the widow is *de blinde*, never *de weduwe*. Read from the rules' own messages and
from the catalogue's Dutch of every text Bonanza's pages and plug-in show."""

import ast
import re
from pathlib import Path

from games.bonanza.rules.messages import MESSAGES
from tests.source import parse
from tests.unit.test_messages_catalogue import dutch_catalogue

ROOT = Path(__file__).resolve().parents[3]
PLUGIN = ROOT / "games" / "bonanza" / "plugin"
# The words a hand, the dealer and the widow are not called.
OTHER_WORDS = re.compile(r"\b(spel|spellen|spelletje|gever|gevers|weduwe)\b", re.I)
TRANSLATE = re.compile(r'{%\s*translate\s+"((?:[^"\\]|\\.)*)"')
BLOCK = re.compile(r"{%\s*blocktranslate\b[^%]*%}(.*?){%\s*(?:plural|endblocktranslate)\s*%}", re.S)
VARIABLE = re.compile(r"{{\s*(\w+)\s*}}")
GETTEXT = {"_", "gettext", "gettext_lazy", "ngettext", "ngettext_lazy", "pgettext"}


def template_msgids(text: str) -> list[str]:
    found = TRANSLATE.findall(text)
    found += [VARIABLE.sub(r"%(\1)s", block) for block in BLOCK.findall(text)]
    return found


def python_msgids(path: Path) -> list[str]:
    return [
        node.args[0].value
        for node in ast.walk(parse(path))
        if isinstance(node, ast.Call)
        and getattr(node.func, "id", getattr(node.func, "attr", "")) in GETTEXT
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    ]


def bonanza_msgids() -> set[str]:
    found: list[str] = []
    for path in PLUGIN.rglob("*.html"):
        found += template_msgids(path.read_text())
    for path in PLUGIN.rglob("*.py"):
        found += python_msgids(path)
    return set(found)


def test_the_pages_say_hand_in_dutch_never_spel():
    catalogue = dutch_catalogue()
    msgids = bonanza_msgids()
    shown = {msgid: catalogue[msgid] for msgid in msgids if msgid in catalogue}
    assert len(shown) > 100, "the scan found too few of Bonanza's texts"
    assert sum("hand" in dutch.lower() for dutch in shown.values()) > 30
    mixed = {msgid: dutch for msgid, dutch in shown.items() if OTHER_WORDS.search(dutch)}
    assert mixed == {}


def test_the_rules_messages_say_hand_deler_and_blinde():
    mixed = {
        code: dutch
        for code, (_english, dutch) in MESSAGES.items()
        # "het spel {name}" there is another game, not a hand
        if OTHER_WORDS.search(dutch.replace("voor het spel {name}", ""))
    }
    assert mixed == {}


def test_the_scan_reads_templates_the_way_the_catalogue_has_them():
    assert template_msgids(
        '{% translate "Hands so far" %} {% blocktranslate with n=x %}Hand {{ n }}{% '
        "endblocktranslate %}{% blocktranslate count n=c %}{{ n }} hand{% plural %}{{ n }} "
        "hands{% endblocktranslate %}"
    ) == ["Hands so far", "Hand %(n)s", "%(n)s hand"]
