"""Every page a person reads, over the demo data (every game, a seating preview, each table's
way to the standings, the club's embeds), on a phone of 390, 360 and 320 px, in Dutch and in
English: nothing scrolls sideways; every table fits its box whole (no sideways scroller: a
secondary column folds into a detail line under the name), no cell cuts its text off or breaks a
word inside (a name wraps between its words), a contract's tile shows its whole name; the column
the standings rank by is the one the standings' text names first; the games' round grids fit
whole; the links and buttons a thumb taps are 44 px tall; the header is one row, signed in (the
account, the language and signing out in its menu) and on the public pages signed out (the
language one button to the other). At 390 px axe-core finds no serious or
critical violation and the strict Content-Security-Policy blocks nothing.

Each page is loaded once a language and measured at the three widths: the phone turns narrower
without a reload, as the page's own CSS answers the width. axe-core reads a page's shape, which
the language and the words do not change: each shape once (see the browser tests' conftest)."""

import pytest
from django.core.management import call_command

from .conftest import PHONE
from .phone_pages import problems, sign_in, visited_pages

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = (390, 360, 320)
HEIGHT = PHONE["viewport"]["height"]
# The pages a visitor reads without signing in, measured signed out as well.
PUBLIC = ("home", "club", "season", "night", "league", "player")


def test_every_page_fits_a_phone_and_passes_axe(chromium, live_server, audit):
    call_command("load_demo")
    base = live_server.url
    organizer = chromium.new_context(locale="nl-NL", **PHONE).new_page()
    sign_in(organizer, base)
    visited = visited_pages(organizer, base)
    organizer.context.close()
    wrong: list[str] = []
    for language in ("nl", "en"):
        context = audit.prepare(chromium.new_context(locale=f"{language}-NL", **PHONE))
        context.add_cookies([{"name": "django_language", "value": language, "url": base}])
        page = context.new_page()
        sign_in(page, base)
        for name, url in visited:
            response = page.goto(f"{base}{url}")
            # Every page is there for the demo's organizer; a table link that leads nowhere is
            # the one page that answers "not found" (and says what probably happened).
            expected = 404 if name == "stale-link" else 200
            assert response is not None and response.status == expected, (url, response)
            audit.check(page, f"{name} {language}")
            for width in WIDTHS:
                page.set_viewport_size({"width": width, "height": HEIGHT})
                wrong += problems(page, f"{name} {language} {width}", width)
            page.set_viewport_size({"width": WIDTHS[0], "height": HEIGHT})
        context.close()
        wrong += signed_out(chromium, base, language, visited)
    assert len(visited) > 60
    assert not wrong, "\n".join(wrong)
    assert not audit.violations, "\n".join(audit.violations)


def signed_out(chromium, base: str, language: str, visited: list[tuple[str, str]]) -> list[str]:
    """The public pages and the sign-in page, signed out, at each width."""
    context = chromium.new_context(locale=f"{language}-NL", **PHONE)
    context.add_cookies([{"name": "django_language", "value": language, "url": base}])
    page = context.new_page()
    wrong: list[str] = []
    public = [(name, url) for name, url in visited if name in PUBLIC]
    assert len(public) == len(PUBLIC)
    for name, url in [*public, ("sign-in", "/accounts/login/")]:
        response = page.goto(f"{base}{url}")
        assert response is not None and response.status == 200, (url, response)
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": HEIGHT})
            wrong += problems(page, f"{name} signed out {language} {width}", width)
        page.set_viewport_size({"width": WIDTHS[0], "height": HEIGHT})
    context.close()
    return wrong
