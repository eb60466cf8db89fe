"""The statistics pages in a real browser on a phone (390 x 844), in Dutch and English: every
chart drawn (an SVG a browser could read: it has a size), nothing wider than the screen
except the tables' own scrolling boxes, and no serious accessibility problem."""

import pytest

from tests.integration.test_stats_club import club_world  # noqa: F401  (a fixture)

from .conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def charts_drawn(page) -> list[float]:
    """The height each chart is drawn at (0 for an SVG the browser could not lay out)."""
    return page.evaluate(
        "() => [...document.querySelectorAll('svg.chart')]"
        ".map(svg => svg.getBoundingClientRect().height)"
    )


def page_width(page) -> int:
    return page.evaluate("() => document.documentElement.scrollWidth")


@pytest.mark.parametrize("locale", ["nl-NL", "en-GB"])
def test_the_statistics_pages_on_a_phone(chromium, live_server, audit, club_world, locale):  # noqa: F811
    base = live_server.url
    page = audit.prepare(chromium.new_context(locale=locale, **PHONE)).new_page()
    page.goto(f"{base}/players/{club_world['anna'].pk}/")
    with page.expect_navigation():
        with page.expect_navigation():
            page.click(f"main a[href='/players/{club_world['anna'].pk}/stats/']")
    heights = charts_drawn(page)
    assert len(heights) == 3 and all(h > 40 for h in heights)
    assert page_width(page) <= PHONE["viewport"]["width"]
    audit.shot(page, f"player-stats-{locale}")
    bars = page.locator("#contract-chart + line ~ rect")
    assert bars.count() == 12  # one bar per contract played
    page.goto(f"{base}/clubs/{club_world['club'].slug}/season/picture/")
    heights = charts_drawn(page)
    assert len(heights) == 3 and all(h > 40 for h in heights)
    assert page.locator("svg.chart polyline").count() == 5  # the five rating leaders
    assert page_width(page) <= PHONE["viewport"]["width"]
    audit.shot(page, f"season-picture-{locale}")
    assert not audit.violations, "\n".join(audit.violations)
