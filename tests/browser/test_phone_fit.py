"""Nothing scrolls sideways on a phone of 320, 360 or 390 px, in Dutch or in English, on any
page a player or an organizer reaches for each game (the demo's four games, with a seating
preview, each table's way to the standings, the club's embeds): every table fits its box whole
(no sideways scroller: a secondary column folds into a detail line under the name), no cell cuts
its text off or breaks a word inside (a name wraps between its words), a contract's tile shows
its whole name; the column the standings rank by is the one the standings' text names first;
the games' round grids fit whole; the links and buttons a thumb taps are 44 px tall. At 390 px,
in Dutch, with axe-core: test_every_page.

Each page is loaded once a language and measured at the three widths: the phone turns narrower
without a reload, as the page's own CSS answers the width."""

import pytest
from django.core.management import call_command

from .conftest import PHONE
from .phone_pages import problems, sign_in, visited_pages

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS, HEIGHT = (390, 360, 320), 740


def test_no_table_and_no_page_scrolls_sideways_on_a_phone(chromium, live_server):
    call_command("load_demo")
    base = live_server.url
    organizer = chromium.new_context(locale="nl-NL", **PHONE).new_page()
    sign_in(organizer, base)
    visited = visited_pages(organizer, base)
    wrong: list[str] = []
    for language in ("nl", "en"):
        size = {**PHONE, "viewport": {"width": WIDTHS[0], "height": HEIGHT}}
        context = chromium.new_context(locale=f"{language}-NL", **size)
        context.add_cookies([{"name": "django_language", "value": language, "url": base}])
        page = context.new_page()
        sign_in(page, base)
        for name, url in visited:
            response = page.goto(f"{base}{url}")
            assert response is not None and response.status in (200, 404), (url, response)
            for width in WIDTHS:
                page.set_viewport_size({"width": width, "height": HEIGHT})
                wrong += problems(page, f"{name} {language} {width}", width)
            page.set_viewport_size({"width": WIDTHS[0], "height": HEIGHT})
        context.close()
    assert len(visited) > 60
    assert not wrong, "\n".join(wrong)
