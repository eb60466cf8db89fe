"""The admin speaks Dutch fully: every model and field of the service's apps has a translated
name, Django's "Change" is "Wijzigen" (not the rating pages' "Verschil"), and the admin wears
the service's name."""

import ast
import re
from pathlib import Path

import pytest
from django.apps import apps
from django.utils.functional import Promise

from tests.source import parse

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
APPS = ("clubs", "tournaments", "games", "imports", "webhooks", "mailings")


def dutch_catalog() -> dict[str, str]:
    """The project's Dutch as it will be after merging: the .po file, then the pending lines."""
    po = (ROOT / "locale/nl/LC_MESSAGES/django.po").read_text(encoding="utf-8")
    catalog = dict(re.findall(r'^msgid "(.+)"\nmsgstr "(.*)"$', po, flags=re.MULTILINE))
    for pending in sorted((ROOT / "locale/pending").glob("*.py")):
        tree = parse(pending)
        for node in tree.body:
            if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "TR":
                for key, value in ast.literal_eval(node.value).items():
                    catalog[key] = value if isinstance(value, str) else value[0]
    return catalog


def model_names():
    for app in APPS:
        for model in apps.get_app_config(app).get_models():
            meta = model._meta
            yield f"{model.__name__}", meta.verbose_name
            yield f"{model.__name__} (plural)", meta.verbose_name_plural
            for field in meta.get_fields():
                if (field.auto_created and not field.concrete) or field.name == "id":
                    continue
                yield f"{model.__name__}.{field.name}", field.verbose_name


def test_every_model_and_field_has_a_translatable_name():
    untranslatable = [where for where, name in model_names() if not isinstance(name, Promise)]
    assert untranslatable == []


def test_every_model_and_field_name_has_dutch():
    catalog = dutch_catalog()
    msgids = [
        (where, name._args[0])
        for where, name in model_names()
        if getattr(name, "_args", None) and isinstance(name._args[0], str)
    ]
    assert len(msgids) > 200
    missing = sorted({f"{where}: {msgid}" for where, msgid in msgids if msgid not in catalog})
    assert missing == []


def test_change_is_wijzigen_for_the_admin():
    catalog = dutch_catalog()
    # Ours no longer overrides Django's own "Wijzigen" (it once said "Verschil").
    assert catalog.get("Change", "Wijzigen") == "Wijzigen"
    assert catalog["Rating change"] == "Verschil"


def test_admin_wears_the_service_name(admin_client):
    body = admin_client.get("/admin/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Bonken club service: administration" in body
    assert "Clubs, events and results" in body
    assert "<title>Clubs, events and results | Bonken administration</title>" in body


@pytest.mark.parametrize(
    "path",
    [
        "/admin/",
        "/admin/clubs/auditentry/",
        "/admin/tournaments/round/",
        "/admin/tournaments/table/",
        "/admin/tournaments/seat/",
        "/admin/tournaments/bye/",
        "/admin/tournaments/standing/",
        "/admin/games/sessionrevision/",
    ],
)
def test_admin_pages_load_in_both_languages(admin_client, path):
    for language in ("nl", "en"):
        assert admin_client.get(path, HTTP_ACCEPT_LANGUAGE=language).status_code == 200
