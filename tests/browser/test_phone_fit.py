"""Nothing scrolls sideways on a 360 or a 390 px wide phone, in Dutch or in English, on any page
a player or an organizer reaches for each game (the demo's four games, with a seating preview
and each table's way to the standings): a table in a scroll box never hides the column the
standings rank by, which is the one the standings' text names first; the games' round grids fit
whole; the links and buttons a thumb taps are 44 px tall."""

from typing import Any

import pytest
from django.core.management import call_command

from tournaments.models import Event, Table

from .conftest import PHONE
from .test_every_page import pages, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = ((360, 740), (390, 844))
MEASURE = """() => {
  const shown = e => e.offsetParent !== null;
  const hidden = [];
  for (const th of document.querySelectorAll('table th.ranking')) {
    const box = th.closest('.scroll');
    const edge = box ? box.getBoundingClientRect().right : window.innerWidth;
    const r = th.getBoundingClientRect();
    if (r.right > edge + 1 || r.left < 0) hidden.push(th.textContent.trim());
  }
  const grids = [...document.querySelectorAll('.jonkler-sheet, .bonanza-sheet, .sheet-table')]
    .filter(t => { const s = t.closest('.scroll'); return s && s.scrollWidth > s.clientWidth + 1; })
    .map(t => t.className);
  const taps = 'header.site a, header.site button, header.site select, a.tap, '
    + 'table.standings td.name a, [data-sign-toggle], button.small, .button.small';
  const small = [...document.querySelectorAll(taps)].filter(shown)
    .filter(e => e.getBoundingClientRect().height < 43.5).map(e => e.outerHTML.slice(0, 90));
  const first = document.querySelector('.fairness p strong');
  const column = document.querySelector('#standings th.ranking');
  const words = document.querySelector('.fairness p');
  return {
    width: document.documentElement.scrollWidth, inner: window.innerWidth, hidden, grids, small,
    ranked: [first && first.textContent.trim().toLowerCase(),
             column && column.textContent.replace(/\\u00ad/g, '').trim().toLowerCase()],
    words: words ? words.textContent.toLowerCase() : '',
    tableWins: !!document.querySelector('#standings th[data-figure=table_wins]'),
    placementPoints: !!document.querySelector('#standings th[data-figure=placement_points]'),
  };
}"""
TABLE_WINS = ("tafelwinsten", "table wins")
PLACEMENT_POINTS = ("plaatsingspunten", "placement points")


def seat_a_preview(page: Any, base: str) -> str:
    """The organizer seats the next round of the demo's running Bonken night: its preview."""
    event = Event.objects.filter(status=Event.Status.RUNNING, game="bonken").order_by("pk")[0]
    page.goto(f"{base}/manage/events/{event.pk}/")
    page.once("dialog", lambda dialog: dialog.accept())
    with page.expect_navigation():
        page.locator("form[action$='/rounds/new/'] button[type=submit]").first.click()
    return page.url.removeprefix(base)


def problems(page: Any, name: str, width: int) -> list[str]:
    found = page.evaluate(MEASURE)
    wrong = []
    if found["width"] > found["inner"] or found["inner"] != width:
        wrong.append(f"{name}: {found['width']} px wide in a {width} px phone")
    if found["hidden"]:
        wrong.append(f"{name}: the ranking column {found['hidden']} is scrolled out of view")
    if found["grids"]:
        wrong.append(f"{name}: the grid {found['grids']} does not fit")
    if found["small"]:
        wrong.append(f"{name}: tap targets under 44 px: {found['small'][:3]}")
    first, column = found["ranked"]
    if first and column and first != column:
        wrong.append(f"{name}: ranked by {first!r} but the first figure is {column!r}")
    if any(word in found["words"] for word in TABLE_WINS) and not found["tableWins"]:
        wrong.append(f"{name}: the text names table wins, the table has no such column")
    if any(word in found["words"] for word in PLACEMENT_POINTS) and not found["placementPoints"]:
        wrong.append(f"{name}: the text names placement points, the table has no such column")
    return wrong


def test_no_page_scrolls_sideways_on_a_small_phone(chromium, live_server):
    call_command("load_demo")
    base = live_server.url
    organizer = chromium.new_context(locale="nl-NL", **PHONE).new_page()
    sign_in(organizer, base)
    visited = [*pages(), ("preview", seat_a_preview(organizer, base))]
    visited += [
        (f"{t.round.event.game}-table-standings", f"/t/{t.scoring_token}/standings/")
        for t in Table.objects.filter(number=1).select_related("round__event")
    ]
    wrong: list[str] = []
    for width, height in SIZES:
        for language in ("nl", "en"):
            size = {**PHONE, "viewport": {"width": width, "height": height}}
            context = chromium.new_context(locale=f"{language}-NL", **size)
            context.add_cookies([{"name": "django_language", "value": language, "url": base}])
            page = context.new_page()
            sign_in(page, base)
            for name, url in visited:
                response = page.goto(f"{base}{url}")
                assert response is not None and response.status in (200, 404), (url, response)
                wrong += problems(page, f"{name} {language} {width}", width)
            context.close()
    assert len(visited) > 60
    assert not wrong, "\n".join(wrong)
