"""Every response carries a Content-Security-Policy: strict for the site's pages (no inline
script, style or handler is left to allow), with inline styles only where the admin and the API
documentation need them; and the pages indeed have none."""

import re
from pathlib import Path

import pytest
from django.test import Client

from config.security import STRICT, WITH_INLINE_STYLES
from tests.factories import EventFactory

pytestmark = pytest.mark.django_db

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


@pytest.mark.parametrize("url", ["/", "/accounts/login/", "/api/v1/events/", "/api/schema/"])
def test_pages_and_the_api_get_the_strict_policy(url):
    EventFactory(published=True)
    response = Client().get(url)
    assert response.status_code == 200
    assert response["Content-Security-Policy"] == STRICT
    assert "'unsafe-inline'" not in STRICT and "'unsafe-eval'" not in STRICT
    assert "frame-ancestors 'none'" in STRICT


@pytest.mark.parametrize("url", ["/admin/login/", "/api/docs/"])
def test_the_admin_and_the_api_docs_may_use_inline_styles_only(url):
    response = Client().get(url)
    assert response.status_code == 200
    policy = response["Content-Security-Policy"]
    assert policy == WITH_INLINE_STYLES and "script-src 'self';" in policy
    assert "<script>" not in response.content.decode()  # no inline script there either


def test_the_sites_templates_have_no_inline_script_style_or_handler():
    for template in TEMPLATES.rglob("*.html"):
        text = template.read_text()
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text), template
        assert not re.search(r"\sstyle=\"", text), template
        assert not re.search(r"\son[a-z]+=\"", text), template
        assert "<style" not in text, template
