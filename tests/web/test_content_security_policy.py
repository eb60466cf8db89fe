"""Every page carries a strict Content-Security-Policy, and the pages keep to it: no inline
script, no inline event handler, no style attribute, nothing from another site. The API's
documentation has a policy of its own (Swagger UI styles inline), still without inline
script; the admin keeps to the strict one."""

import re

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client

from clubs.models import Role
from games.services import session_submit
from tests.documents import classic_document
from tests.factories import EventFactory, seated_table, user_with_role
from tests.web.conftest import client_for
from tournaments.ratings_db.services import ratings_update

pytestmark = pytest.mark.django_db

INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I)
HANDLER = re.compile(r"<[^>]+\son[a-z]+\s*=", re.I)
STYLE_ATTRIBUTE = re.compile(r"<[^>]+\sstyle\s*=", re.I)
ELSEWHERE = re.compile(r"""<(?:script|link|img|iframe)[^>]+(?:src|href)=["']?(?:https?:)?//""",
                       re.I)


def directives(policy: str) -> dict[str, list[str]]:
    parts = (part.split() for part in policy.split(";") if part.strip())
    return {words[0]: words[1:] for words in parts}


@pytest.fixture
def night(django_capture_on_commit_callbacks):
    event = EventFactory(published=True)
    table = seated_table(event)
    with django_capture_on_commit_callbacks(execute=True):
        session_submit(table=table, submitted_by=None, document=classic_document(),
                       table_token=table.scoring_token)
    ratings_update(club_id=event.club_id)
    return event, table


def pages(event, table) -> list[str]:
    player = table.seats.first().player
    round_id, club = table.round_id, event.club
    return [
        "/", f"/events/{event.pk}/", f"/events/{event.pk}/tables/{table.pk}/",
        f"/players/{player.pk}/", f"/players/{player.pk}/ratings/",
        f"/clubs/{club.slug}/ratings/", f"/clubs/{club.slug}/season/", f"/clubs/{club.slug}/",
        f"/t/{table.scoring_token}/", f"/t/{table.scoring_token}/paper/",
        f"/manage/events/{event.pk}/", f"/manage/rounds/{round_id}/",
        f"/manage/rounds/{round_id}/cards/", f"/manage/rounds/{round_id}/sheets/",
        "/accounts/login/", "/admin/login/", "/api/v1/events/", "/no-such-page/",
    ]


def test_the_policy_is_strict():
    policy = directives(settings.CONTENT_SECURITY_POLICY)
    assert policy["default-src"] == ["'self'"] and policy["script-src"] == ["'self'"]
    assert policy["style-src"] == ["'self'"] and policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"] and policy["form-action"] == ["'self'"]
    assert not any("unsafe" in source or "*" in source or source.startswith("http")
                   for sources in policy.values() for source in sources)


def test_every_page_carries_the_policy_and_keeps_to_it(night):
    event, table = night
    organizer = client_for(user_with_role(event.club, Role.ORGANIZER))
    for url in pages(event, table):
        response = organizer.get(url)
        assert response.status_code in (200, 404), url
        assert response["Content-Security-Policy"] == settings.CONTENT_SECURITY_POLICY, url
        if not response["Content-Type"].startswith("text/html"):
            continue
        html = response.content.decode()
        for name, pattern in [("inline script", INLINE_SCRIPT), ("event handler", HANDLER),
                              ("style attribute", STYLE_ATTRIBUTE),
                              ("another site", ELSEWHERE)]:
            assert not pattern.search(html), f"{url}: {name}: {pattern.search(html)[0]}"


def test_the_admin_keeps_to_the_policy(night):
    admin = User.objects.create_superuser("baas", password="pw-for-test-only")
    client = Client()
    client.force_login(admin)
    for url in ["/admin/", "/admin/clubs/club/", "/admin/clubs/player/",
                f"/admin/tournaments/event/{night[0].pk}/change/", "/admin/games/session/",
                "/admin/clubs/auditentry/"]:
        response = client.get(url)
        assert response.status_code == 200, url
        assert response["Content-Security-Policy"] == settings.CONTENT_SECURITY_POLICY
        html = response.content.decode()
        assert not INLINE_SCRIPT.search(html) and not HANDLER.search(html), url
        assert not STYLE_ATTRIBUTE.search(html), url


def test_the_api_documentation_has_its_own_policy_and_no_inline_script():
    response = Client().get("/api/docs/")
    assert response.status_code == 200
    policy = directives(response["Content-Security-Policy"])
    assert policy["script-src"] == ["'self'"] and policy["frame-ancestors"] == ["'none'"]
    assert policy["style-src"] == ["'self'", "'unsafe-inline'"]
    html = response.content.decode()
    assert not INLINE_SCRIPT.search(html) and not ELSEWHERE.search(html)
    script = re.search(r'<script src="([^"]*script=[^"]*)"', html)[1]
    setup = Client().get(script.replace("&amp;", "&"))
    assert setup.status_code == 200 and b"SwaggerUIBundle" in setup.content
