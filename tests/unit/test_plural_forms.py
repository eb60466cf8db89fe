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


# Nouns a count comes before: "%(n)s players", "{cards} cards".
COUNTED = re.compile(
    r"(%\(\w+\)[sd]|%%s|%s|\{\w+\}) (names|players|teams|rounds|games|hands|chips|cards|tricks|"
    r"seconds|minutes|hours|days|entries|tables|nights|codes|slips|links|members|sessions|"
    r"sections|webhooks|origins|characters|bytes|rolls|numbers|years|times|hearts|queens|"
    r"kings)\b"
)
# Counts that are never one: a limit the service fixes (above one), a number that is two or
# more by what it counts.
NEVER_ONE = {
    "Keep the reason to %(n)s characters.",  # REASON_LENGTH
    "The request body is larger than %(limit)s bytes.",
    "An Idempotency-Key has at most %(limit)s characters; this one has %(length)s.",
    "A club has at most %(count)s webhooks; delete one first.",
    "A club may list at most %(most)s origins.",
    "An origin has at most %(most)s characters: '%(origin)s…'.",
    "Plan 1 to %(n)s nights at once.",
    "Plan 1 to %(n)s rounds.",  # MAX_ROUNDS (50)
    "The bell rang %(seconds)s seconds ago; it can be undone only in the first "
    "%(window)s seconds, so it stands.",  # past the window: more than one second
    "Plan nights at most %(n)s years ahead.",
    "This page refreshes itself every %(s)s seconds while the event runs.",
    "A table of %(game)s has at most %(most)s players: give points for 1 to %(most)s places.",
    "points_per_place takes 1 to %(most)s numbers (a table of this game has at most %(most)s "
    "places), e.g. 3,2,1,0.",
    "At most %(n)s rolls per table.",
    "%(a)s and %(b)s: %(n)s times tonight",  # pairs who meet again: twice or more
    "Poker: %%s chips for the best hand.",  # every player's ante: two chips at least
}
# A script's pair whose one is said in other words.
SAID_APART = {"%s kings and jacks left": "%s king or jack left"}


def _catalogue_entries() -> list[tuple[str, bool]]:
    """(msgid, has a plural) of every active entry of the Dutch catalogue."""
    catalogue = (ROOT / "locale" / "nl" / "LC_MESSAGES" / "django.po").read_text()
    entries = []
    for block in catalogue.split("\n\n"):
        if "\n#~" in "\n" + block:
            continue
        lines = block.splitlines()
        msgid, plural, reading = "", False, False
        for line in lines:
            if line.startswith("msgid "):
                msgid, reading = ast.literal_eval(line[6:]), True
            elif line.startswith('"') and reading:
                msgid += ast.literal_eval(line)
            else:
                reading = False
                plural = plural or line.startswith("msgid_plural ")
        if msgid:
            entries.append((msgid, plural))
    return entries


def _one_of(msgid: str, found: re.Match, msgids: set[str]) -> bool:
    """A script's pair: the same words for one ("1 trick too many.", "%s heart left")."""
    prefix, noun, rest = msgid[: found.start()], found.group(2), msgid[found.end() :]
    one = noun[:-3] + "y" if noun.endswith("ies") else noun[:-1]
    said_once = re.compile(
        r"(1|%\(\w+\)[sd]|%%s|%s|\{\w+\}) " + one + re.escape(rest[:4])  # "wait"/"waits"
    )
    return any(m.startswith(prefix) and said_once.match(m[len(prefix) :]) for m in msgids)


def test_a_count_before_a_noun_is_a_plural_in_the_catalogue():
    """ "1 names were already checked in" cannot be said: a message that counts something is
    written with ngettext (or {% blocktranslate count %}), unless the count is never one or a
    script picks between two messages, one for one."""
    entries = _catalogue_entries()
    msgids = {msgid for msgid, _plural in entries}
    singular_only = [
        msgid
        for msgid, plural in entries
        if not plural
        and msgid not in NEVER_ONE
        and (found := COUNTED.search(msgid))
        and not _one_of(msgid, found, msgids)
        and SAID_APART.get(msgid) not in msgids
    ]
    assert singular_only == []


def test_the_count_scan_finds_a_count_said_as_many():
    assert COUNTED.search("%(count)s names were already checked in")
    assert COUNTED.search("{cards} cards each")
    assert not COUNTED.search("%(name)s deals")
    found = COUNTED.search("%%s tricks too many.")
    assert _one_of("%%s tricks too many.", found, {"1 trick too many."})
    assert not _one_of("%%s tricks too many.", found, {"2 tricks too many."})
    found = COUNTED.search("%(count)s teams are here")
    assert not _one_of("%(count)s teams are here", found, {"%(n)s team paired: %(names)s."})
