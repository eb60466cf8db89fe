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


def _upstream_written() -> str:
    """Django's and Django REST framework's Python modules and templates as written."""
    return "\n".join(
        path.read_text("utf-8", "replace")
        for package in (django, rest_framework)
        for pattern in ("*.py", "*.html", "*.txt")
        for path in Path(package.__file__).parent.rglob(pattern)
    )


def _upstream_catalogues() -> set[str]:
    """The messages Django's and Django REST framework's own Dutch catalogues hold: what they
    say, read in a moment (their source, parsed, holds the rest)."""
    return {
        msgid
        for package in (django, rest_framework)
        for path in Path(package.__file__).parent.rglob("nl/LC_MESSAGES/django.po")
        for msgid in _msgids(path)
    }


def fragment(msgid: str) -> str:
    """The longest run of the message's own words between its placeholders, at most 30
    characters: what a template or the code holds whatever its placeholders are called."""
    text = msgid.replace("%%", "%")
    runs = [run for run in PLACEHOLDER.split(text) if run.strip()]
    first = runs[0] if runs else text
    run = first if len(first.strip()) >= 8 else max(runs or [text], key=len)
    return run[:30] if run.startswith(" ") else run.strip()[:30]


def test_every_message_of_the_catalogue_is_one_the_project_says():
    source = _source(ROOT)
    unsaid = [m for m in _catalogue() - LEFT_TO_THEIR_OWNERS if fragment(m) not in source]
    # Django's and DRF's own messages: their catalogues first, their sources only for the few
    # those do not hold.
    theirs = _upstream_catalogues()
    unsaid = [msgid for msgid in unsaid if msgid not in theirs]
    if unsaid:  # their sources as written (a message on one line), then parsed
        written = _upstream_written()
        unsaid = [msgid for msgid in unsaid if fragment(msgid) not in written]
    upstream = _upstream() if unsaid else ""
    unused = sorted(msgid for msgid in unsaid if fragment(msgid) not in upstream)
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
