"""The schema is one and the same whoever builds it: in English, the API's language, also where
the site speaks Dutch (``manage.py spectacular``, a test), so a client generated from it names
its types the same as one generated from ``/api/schema/``; and a partial update sends only
what it changes (its fields have no defaults for a generated client to send)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.utils import translation
from drf_spectacular.settings import spectacular_settings


def _schema(language: str) -> dict[str, Any]:
    with translation.override(language):
        return spectacular_settings.DEFAULT_GENERATOR_CLASS().get_schema(request=None, public=True)


def test_the_schema_is_english_in_every_language():
    assert settings.LANGUAGE_CODE == "nl"
    dutch, english = _schema("nl"), _schema("en")
    assert dutch == english
    night = english["components"]["schemas"]["Night"]["properties"]
    assert "title" not in night["game"]  # a Dutch title named the client's type NightSpel
    assert "I'm coming" in english["components"]["schemas"]["AnswerEnum"]["description"]


def test_a_partial_update_has_no_defaults():
    schemas = _schema("en")["components"]["schemas"]
    patched = {name: schema for name, schema in schemas.items() if name.startswith("Patched")}
    assert "PatchedEventRequest" in patched and "PatchedMembershipRequest" in patched
    for name, schema in patched.items():
        for field, value in schema.get("properties", {}).items():
            assert "default" not in value, (name, field)
    assert schemas["EventRequest"]["properties"]["game"]["default"] == "bonken"  # a create's
