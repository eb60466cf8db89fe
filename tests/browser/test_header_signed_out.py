"""The header a visitor sees before signing in, on a phone of 320 px: one row (the brand, the
other language as one button, signing in), and the button turns the page to that language on
the same page."""

import pytest

from clubs.models import Club

from .conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def header(page) -> dict:
    return page.evaluate(
        """() => {
      const header = document.querySelector('header.site');
      const shown = [...header.querySelectorAll('a, button, select')]
        .filter(e => e.getClientRects().length > 0);
      return {height: header.getBoundingClientRect().height,
              taps: shown.map(e => e.textContent.trim()), lang: document.documentElement.lang};
    }"""
    )


def test_the_signed_out_header_is_one_row_and_switches_the_language(chromium, live_server):
    club = Club.objects.create(name="De Harten Vrouw", slug="de-harten-vrouw", city="Delft")
    context = chromium.new_context(**{**PHONE, "viewport": {"width": 320, "height": 844}})
    context.add_cookies([{"name": "django_language", "value": "nl", "url": live_server.url}])
    page = context.new_page()
    page.goto(f"{live_server.url}/clubs/{club.slug}/")
    dutch = header(page)
    assert dutch["lang"] == "nl" and dutch["taps"][1:] == ["English", "Inloggen"]
    assert dutch["height"] <= 64, dutch  # one row of 44 px taps and the header's padding
    with page.expect_navigation():
        page.get_by_role("button", name="English").click()
    assert page.url == f"{live_server.url}/clubs/{club.slug}/"
    english = header(page)
    assert english["lang"] == "en" and english["taps"][1:] == ["Nederlands", "Sign in"]
    assert english["height"] <= 64, english
    context.close()
