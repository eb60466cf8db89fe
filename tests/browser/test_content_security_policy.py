"""The strict Content-Security-Policy in a real Chromium: the pages, their htmx parts, the
admin and the API's documentation work under it and nothing is blocked."""

from typing import Any

import pytest
from django.contrib.auth.models import User

from clubs.models import Role
from ranking.ratings.services import ratings_update
from results.services import session_submit
from tests.documents import classic_document, classic_games
from tests.factories import EventFactory, seated_table, user_with_role

from .conftest import DESKTOP

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Runs before any page script; not itself subject to the page's policy.
RECORD = """
window.__blocked = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__blocked.push(e.violatedDirective + " " + e.blockedURI + " " + (e.sample || ""));
});
"""


def blocked(page: Any) -> list[str]:
    return page.evaluate("window.__blocked")


def sign_in(page: Any, url: str, username: str, password: str) -> None:
    page.goto(url)
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    with page.expect_navigation():
        page.click("main form [type=submit]")


def test_pages_admin_and_api_docs_run_under_the_policy(chromium, live_server):
    base = live_server.url
    event = EventFactory(published=True)
    table = seated_table(event)
    session_submit(
        table=table, submitted_by=None, document=classic_document(), table_token=table.scoring_token
    )
    ratings_update(club_id=event.club_id)
    player = table.seats.first().player
    empty = seated_table(event, table_number=2)  # the scorer's page with its form
    organizer = user_with_role(event.club, Role.ORGANIZER)
    organizer.set_password("secret")
    organizer.save()
    User.objects.create_superuser("baas", password="pw-for-test-only")

    context = chromium.new_context(**DESKTOP)
    page = context.new_page()
    page.add_init_script(RECORD)
    problems: list[str] = []
    page.on(
        "console",
        lambda message: (
            problems.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )

    sign_in(page, f"{base}/accounts/login/", organizer.username, "secret")
    for path in [
        "/",
        f"/events/{event.pk}/",
        f"/players/{player.pk}/ratings/",
        f"/manage/events/{event.pk}/",
        f"/manage/rounds/{table.round_id}/",
        f"/manage/rounds/{table.round_id}/cards/",
        f"/t/{empty.scoring_token}/",
    ]:
        page.goto(base + path)
        page.wait_for_load_state("networkidle")
        assert blocked(page) == [], path
    # htmx works: the scorer's page checks a game as it is typed.
    game = classic_games()[0]
    page.click(f"label[for=id_chooser_{game['chooser']}]")
    page.click(f"label[for=id_contract_{game['contract']}]")
    page.fill("#id_count_0", "3")
    page.wait_for_selector("#check .alert")
    assert blocked(page) == []

    admin = chromium.new_context(**DESKTOP).new_page()
    admin.add_init_script(RECORD)
    sign_in(admin, f"{base}/admin/login/", "baas", "pw-for-test-only")
    for path in [
        "/admin/",
        "/admin/clubs/player/",
        "/admin/clubs/player/add/",
        f"/admin/tournaments/event/{event.pk}/change/",
    ]:
        admin.goto(base + path)
        admin.wait_for_load_state("networkidle")
        assert blocked(admin) == [], path

    docs = context.new_page()
    docs.add_init_script(RECORD)
    docs.goto(f"{base}/api/docs/")
    docs.wait_for_selector(".swagger-ui .info .title", timeout=20_000)
    docs.wait_for_load_state("networkidle")
    assert "Bonken" in docs.inner_text(".swagger-ui .info .title")
    assert blocked(docs) == []
    assert problems == []
