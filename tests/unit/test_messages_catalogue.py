"""Every message a service, the API or a page raises is written once, as a catalogue msgid, and
has its Dutch in locale/nl/LC_MESSAGES/django.po: the problem shape's ``message_nl`` is
rendered from it (``core.errors.Text``). The pure game packages import no Django and carry
their own English and Dutch tables; they are not read here."""

import ast
from pathlib import Path

from tests.source import parse

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = ROOT / "locale" / "nl" / "LC_MESSAGES" / "django.po"
PACKAGES = (
    "core",
    "clubs",
    "tournaments",
    "results",
    "games/bonken/imports",
    "web/api",
    "ranking/stats",
    "config",
    "week/webhooks",
    "web/embeds",
    "leagues",
    "week/mailings",
)
GETTEXT = {"_", "gettext_lazy", "gettext", "ngettext_lazy", "ngettext"}
RAISERS = {"single", "problem", "_error", "bad"}  # problem(code, message), X.single(code, ...)


def _modules_raising_errors() -> list[Path]:
    """The modules that build service errors: they import from ``core.errors``."""
    found = []
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            text = path.read_text()
            if "from core.errors import" in text or path == ROOT / "core" / "errors.py":
                found.append(path)
    return sorted(found)


def _msgids(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, msgid) of every gettext call with a literal msgid (and plural's singular)."""
    out = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in GETTEXT
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            out.append((node.lineno, node.args[0].value))
    return out


def _po_entry(lines: list[str]) -> dict[str, str]:
    entry: dict[str, str] = {}
    field = None
    for line in lines:
        if line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in line:
                entry["fuzzy"] = "yes"
            continue
        keyword, _space, rest = line.partition(" ")
        if line.startswith('"') and field:
            entry[field] += ast.literal_eval(line)
        elif keyword in ("msgctxt", "msgid", "msgid_plural", "msgstr") or keyword.startswith(
            "msgstr["
        ):
            field = keyword
            entry[field] = ast.literal_eval(rest)
    return entry


def dutch_catalogue() -> dict[str, str]:
    """msgid (without a context) -> its Dutch (the singular of a plural), translated entries
    only: not obsolete, not fuzzy, not empty."""
    catalogue = {}
    for block in CATALOGUE.read_text().split("\n\n"):
        entry = _po_entry(block.strip().splitlines())
        dutch = entry.get("msgstr", entry.get("msgstr[0]", ""))
        if "msgid" in entry and "msgctxt" not in entry and "fuzzy" not in entry and dutch:
            catalogue[entry["msgid"]] = dutch
    return catalogue


def test_every_service_message_has_its_dutch_in_the_catalogue():
    catalogue = dutch_catalogue()
    missing = []
    for path in _modules_raising_errors():
        for line, msgid in _msgids(parse(path)):
            if msgid and msgid not in catalogue:
                missing.append(f"{path.relative_to(ROOT)}:{line}: {msgid!r}")
    assert missing == [], "no Dutch in django.po for:\n" + "\n".join(missing)


def test_service_errors_take_catalogue_messages_not_plain_strings():
    """``problem(code, "...")`` or an f-string would show English on a Dutch page: the message
    is a ``Text`` or a lazy msgid."""
    plain = []
    for path in _modules_raising_errors():
        for node in ast.walk(parse(path)):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if (
                name in RAISERS
                and len(node.args) >= 2
                and isinstance(node.args[1], ast.Constant | ast.JoinedStr)
            ):
                plain.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert plain == []


def test_the_catalogue_reader_sees_a_known_message():
    assert dutch_catalogue()["This round is closed."] == "Deze ronde is gesloten."
