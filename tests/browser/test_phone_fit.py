"""Nothing scrolls sideways on a 360 px wide phone, in Dutch or in English, on any page a
player or an organizer reaches for each game (the demo's four games, with a seating preview and
each table's way to the standings): a table in a scroll box never hides the column the standings
rank by, which is the one the standings' text names first; the games' round grids fit whole; the
links and buttons a thumb taps are 44 px tall. At 390 px, in Dutch, with axe-core:
test_every_page."""

import pytest
from django.core.management import call_command

from .conftest import PHONE
from .phone_pages import problems, sign_in, visited_pages

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTH, HEIGHT = 360, 740


def test_no_page_scrolls_sideways_on_a_small_phone(chromium, live_server):
    call_command("load_demo")
    base = live_server.url
    organizer = chromium.new_context(locale="nl-NL", **PHONE).new_page()
    sign_in(organizer, base)
    visited = visited_pages(organizer, base)
    wrong: list[str] = []
    for language in ("nl", "en"):
        size = {**PHONE, "viewport": {"width": WIDTH, "height": HEIGHT}}
        context = chromium.new_context(locale=f"{language}-NL", **size)
        context.add_cookies([{"name": "django_language", "value": language, "url": base}])
        page = context.new_page()
        sign_in(page, base)
        for name, url in visited:
            response = page.goto(f"{base}{url}")
            assert response is not None and response.status in (200, 404), (url, response)
            wrong += problems(page, f"{name} {language} {WIDTH}", WIDTH)
        context.close()
    assert len(visited) > 60
    assert not wrong, "\n".join(wrong)
