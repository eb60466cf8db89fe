"""Every page a person reads, on a 390 px phone, over the demo data (every game, a seating
preview, each table's standings): axe-core finds no serious or critical violation, the strict
Content-Security-Policy blocks nothing, and the page fits the phone as test_phone_fit asks at
360 px (nothing sideways, the ranking column in view, the grids whole, 44 px tap targets).

In Dutch, the longer of the two languages: test_phone_fit walks the same pages at 360 px in both,
which is the narrower test of every fit; axe-core reads a page's shape, which the language
does not change."""

import pytest
from django.core.management import call_command

from .conftest import PHONE
from .phone_pages import problems, sign_in, visited_pages

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_every_page_passes_axe_and_fits_a_phone(chromium, live_server, audit):
    call_command("load_demo")
    base = live_server.url
    organizer = chromium.new_context(locale="nl-NL", **PHONE).new_page()
    sign_in(organizer, base)
    visited = visited_pages(organizer, base)
    organizer.context.close()
    checked = 0
    wrong: list[str] = []
    context = audit.prepare(chromium.new_context(locale="nl-NL", **PHONE))
    context.add_cookies([{"name": "django_language", "value": "nl", "url": base}])
    page = context.new_page()
    sign_in(page, base)
    for name, url in visited:
        response = page.goto(f"{base}{url}")
        # Every page is there for the demo's organizer; a table link that leads nowhere is the
        # one page that answers "not found" (and says what probably happened).
        expected = 404 if name == "stale-link" else 200
        assert response is not None and response.status == expected, (url, response)
        audit.check(page, name)
        wrong += problems(page, f"{name} nl 390", PHONE["viewport"]["width"])
        checked += 1
    context.close()
    assert checked > 60
    assert not wrong, "\n".join(wrong)
    assert not audit.violations, "\n".join(audit.violations)
