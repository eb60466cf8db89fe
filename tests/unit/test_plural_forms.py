"""A count is shown in words that agree with it ("1 game", "2 games"; "1 spel", "2 spellen"),
through ``ngettext`` or ``{% blocktranslate count %}``, never as "game(s)" or "spel(len)". The
source is scanned: templates, the text of Python code (docstrings and comments aside),
scripts and the Dutch catalogue."""

import ast
import re
from pathlib import Path

from tests.source import parse

ROOT = Path(__file__).resolve().parents[2]
# A word with its plural ending in brackets: game(s), spel(len), evenement(en), zou(den).
BRACKETED = re.compile(r"[A-Za-zÀ-ÿ]\((?:s|es|n|en|len|den|ren|e|'s)\)")
ALLOWED = ("http(s)",)  # a scheme, not a count
ARROW = re.compile(r"\(\w+\)\s*=>")  # a script's (s) => ...
LITERAL = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'')  # a script's strings
SKIP = {".git", ".venv", "node_modules", "artifacts", "tests", "vendor", "migrations"}


def _files(pattern: str) -> list[Path]:
    return sorted(
        path for path in ROOT.rglob(pattern) if not SKIP.intersection(path.relative_to(ROOT).parts)
    )


def _found(text: str) -> list[str]:
    for allowed in ALLOWED:
        text = text.replace(allowed, "")
    text = ARROW.sub("", text)
    return [m.group(0) for m in BRACKETED.finditer(text)]


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            if isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def test_templates_show_no_bracketed_plural():
    found = [
        f"{path.relative_to(ROOT)}:{number}: {hit}"
        for path in _files("*.html") + _files("*.txt")
        for number, line in enumerate(path.read_text().splitlines(), 1)
        for hit in _found(line)
    ]
    assert found == []


def test_python_text_shows_no_bracketed_plural():
    found = []
    for path in _files("*.py"):
        tree = parse(path)
        docstrings = _docstrings(tree)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in docstrings
            ):
                text = node.value
                if "=>" in text:  # a script run in a browser: its own strings only
                    text = " ".join(LITERAL.findall(text))
                found += [f"{path.relative_to(ROOT)}:{node.lineno}: {h}" for h in _found(text)]
    assert found == []


def test_scripts_show_no_bracketed_plural():
    found = [
        f"{path.relative_to(ROOT)}:{number}: {hit}"
        for path in _files("*.js")
        for number, line in enumerate(path.read_text().splitlines(), 1)
        for literal in LITERAL.findall(line)
        for hit in _found(literal)
    ]
    assert found == []


def test_the_dutch_catalogue_has_no_bracketed_plural_and_its_plurals_have_both_forms():
    catalogue = (ROOT / "locale" / "nl" / "LC_MESSAGES" / "django.po").read_text()
    active = [block for block in catalogue.split("\n\n") if "\n#~" not in "\n" + block]
    found = [hit for block in active for hit in _found(block)]
    assert found == []
    plurals = [block for block in active if "msgid_plural" in block]
    assert plurals, "no plural entries at all"
    for block in plurals:
        assert 'msgstr[0] "' in block and 'msgstr[1] "' in block, block
        assert 'msgstr[0] ""' not in block and 'msgstr[1] ""' not in block, block


def test_the_scan_finds_what_it_looks_for():
    assert _found("3 game(s) imported; 2 spel(len); 1 zou(den); ronde(s)") == [
        "e(s)",
        "l(len)",
        "u(den)",
        "e(s)",
    ]
    assert _found("an http(s) URL; (s) => s.trim()") == []
    assert LITERAL.findall("function two(n) { return 'a game(s)'; }") == ["'a game(s)'"]
