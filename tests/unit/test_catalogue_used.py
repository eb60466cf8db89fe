"""The Dutch catalogue holds what the project says: every message in it is found in the source
(a template, the Python code, a script), or is one of Django's or Django REST framework's own
messages the project words anew. A message the pages stopped saying is taken out, not left to
be translated and kept for nothing."""

import ast
import re
from pathlib import Path

import django
import rest_framework

from tests.source import parse

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = ROOT / "locale" / "nl" / "LC_MESSAGES" / "django.po"
SKIP = {".git", ".venv", "node_modules", "artifacts", "tests", "vendor", "locale", "migrations"}
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]|\{\w*\}|\{\{[^}]*\}\}")
# Messages no page says any more, in parts of the project whose owners take them out with
# their own changes.
LEFT_TO_THEIR_OWNERS = {
    "Give the next part as part (or game), once.",
    "points_per_place takes 1 to 4 numbers, e.g. 3,2,1,0.",
    "{name} may not bid {bid}: the bids would add up to the number of tricks.",
    "The King's table rings the bell at %(bell)s.",  # Bonko
    "Each team rolls one more session; repeat until one team leads.",  # Bonko
    "merge them",
    "Give points for 1 to 4 table places, as a list.",
    "Show the secret",
}


def _msgids(path: Path) -> set[str]:
    found, msgid, reading = set(), "", False
    for line in path.read_text().splitlines() + [""]:
        if line.startswith("msgid "):
            msgid, reading = ast.literal_eval(line[6:]), True
        elif line.startswith('"') and reading:
            msgid += ast.literal_eval(line)
        else:
            if reading and msgid:
                found.add(msgid)
            reading = False
    return found


def _catalogue() -> set[str]:
    """The active entries (obsolete ones, "#~", are not read)."""
    return _msgids(CATALOGUE)


def _strings(path: Path) -> str:
    """A Python module's strings, each whole (a message split over lines joined again)."""
    return "\n".join(
        node.value
        for node in ast.walk(parse(path))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    )


def _source(root: Path, skip: set[str] = SKIP) -> str:
    parts = []
    for pattern in ("*.py", "*.html", "*.js", "*.txt"):
        for path in root.rglob(pattern):
            if skip.intersection(path.relative_to(root).parts):
                continue
            parts.append(
                _strings(path) if path.suffix == ".py" else path.read_text("utf-8", "replace")
            )
    return "\n".join(parts)


def _upstream() -> str:
    """Django's and Django REST framework's own messages (a project may word them anew)."""
    return "\n".join(
        _source(Path(package.__file__).parent, {"tests", "locale"})
        for package in (django, rest_framework)
    )


def fragment(msgid: str) -> str:
    """The longest run of the message's own words between its placeholders, at most 30
    characters: what a template or the code holds whatever its placeholders are called."""
    text = msgid.replace("%%", "%")
    runs = [run for run in PLACEHOLDER.split(text) if run.strip()]
    first = runs[0] if runs else text
    run = first if len(first.strip()) >= 8 else max(runs or [text], key=len)
    return run[:30] if run.startswith(" ") else run.strip()[:30]


def test_every_message_of_the_catalogue_is_one_the_project_says():
    source, upstream = _source(ROOT), _upstream()
    unused = sorted(
        msgid
        for msgid in _catalogue() - LEFT_TO_THEIR_OWNERS
        if fragment(msgid) not in source and fragment(msgid) not in upstream
    )
    assert unused == []


def test_the_fragment_is_what_the_source_holds():
    assert fragment("The round stays open: table %(tables)s is still playing.") == (
        "The round stays open: table"
    )
    assert fragment("%(n)s coming: too few for a table of %(size)s.") == (
        " coming: too few for a table o"
    )
    assert fragment("{{ n }} maybe.") == " maybe."
    assert fragment("Sign in") == "Sign in"
