"""A round of a Bonko night in a real browser: the organizer pairs the eight players present
into teams at random, seats round 1 by the teams and starts it (set 1, round 1: target 1); the
King's table's scorer rings the bell on a phone (the first tap asks; rung, it may be undone for a
few seconds, then it stands) and another table's phone shows it, and its undoing, without a
reload; the King's table enters its result; the other table's teams are level and the page asks
for a roll-off, which one team wins, and says so; the standings rank by wins."""

import re
from typing import Any

import pytest

from clubs.models import Club, Membership, Player, Role
from games.bonko.plugin.bell import UNDO_SECONDS
from results.models import Session
from tests.factories import UserFactory
from tournaments.models import Event, EventPlayer, EventTeam, Round

from .conftest import DESKTOP, PHONE
from .test_club_night import sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Anna", "Bram", "Cor", "Dewi", "Eva", "Fenna", "Gijs", "Hans"]
BELL_POLL = 4_000  # milliseconds between a table page's questions about the bell (bonko/page.js)


def save_result(page: Any, scores: tuple[int, int], winner: int | None) -> None:
    page.fill("#id_score_0", str(scores[0]))
    page.fill("#id_score_1", str(scores[1]))
    if winner is not None:
        page.check(f"#id_winner_{winner}")
    with page.expect_navigation():
        page.click("form[data-bonko] .sticky-bar button[type=submit]")


def bell_rung(event: Event) -> bool:
    return Round.objects.get(event=event, number=1).bell_rung_at is not None


def ring(king: Any) -> None:
    """The King's table rings the bell: the first tap asks in place, "Yes" rings it."""
    king.click("#ring-bell")
    king.locator("[data-bell-confirm]").wait_for(state="visible")
    with king.expect_navigation():
        king.click("[data-bell-yes]")


def ring_and_undo(king: Any, other: Any, audit: Any, event: Event) -> None:
    """The bell on the King's table's phone: the first tap asks, "Not yet" rings nothing; rung,
    the page offers to undo it for a few seconds (counting down) and every table sees it; the
    undo takes it back at every table; rung again, the time to undo runs out and it stands."""
    king.click("#ring-bell")
    confirm = king.locator("[data-bell-confirm]")
    confirm.wait_for(state="visible")
    assert king.evaluate("document.activeElement.matches('[data-bell-yes]')")
    audit.shot(king, "bonko-bell-confirm-phone")
    king.click("[data-bell-cancel]")
    assert confirm.is_hidden() and not bell_rung(event)

    ring(king)
    assert bell_rung(event)
    assert king.locator("[data-bell]").is_visible()
    undo = king.locator("[data-undo-button]")
    assert re.fullmatch(r"Bell rung – undo \(\d+\u00a0s\)", undo.inner_text())
    first = int(re.search(r"\d+", undo.inner_text()).group())
    king.wait_for_function(
        "n => parseInt(document.querySelector('[data-undo-button]').textContent.match(/\\d+/)) < n",
        arg=first,
    )  # it counts down
    other.reload()  # quicker than its poll: the seconds to undo are few
    assert other.locator("[data-bell]").is_visible()
    with king.expect_navigation():
        undo.click()
    assert not bell_rung(event)
    assert "The bell is undone" in king.locator("main").inner_text()
    assert king.locator("#ring-bell").is_visible()
    # The other table's page takes the bell away without a reload (it polls).
    other.clock.fast_forward(BELL_POLL)
    other.locator("[data-bell]").wait_for(state="hidden", timeout=20_000)

    ring(king)
    audit.shot(king, "bonko-bell-undo-phone")
    # The other table's page shows the bell without a reload (it polls).
    other.clock.fast_forward(BELL_POLL)
    other.locator("[data-bell]").wait_for(state="visible", timeout=20_000)
    audit.shot(other, "bonko-bell-phone")
    king.clock.fast_forward(1000 * (UNDO_SECONDS + 1))
    king.locator("[data-bell-undo]").wait_for(state="detached", timeout=20_000)
    assert "The bell stands" in king.locator("[data-bell-box]").inner_text()
    assert bell_rung(event)
    audit.shot(king, "bonko-bell-stands-phone")


def test_a_bonko_round_on_phones(chromium, live_server, audit):
    base = live_server.url
    club = Club.objects.create(name="Bonko Delft", slug="bonko-delft", city="Delft")
    organizer = UserFactory(username="olga")
    organizer.set_password("secret")
    organizer.save()
    Membership.objects.create(
        club=club,
        role=Role.ORGANIZER,
        player=Player.objects.create(name="Olga Organisator", user=organizer),
    )
    event = Event.objects.create(
        club=club,
        name="Bonko-avond",
        date="2026-12-04",
        game="bonko",
        ruleset="bonko",
        status=Event.Status.RUNNING,
    )
    for name in NAMES:
        player = Player.objects.create(name=name)
        Membership.objects.create(club=club, player=player)
        EventPlayer.objects.create(event=event, player=player, present=True)

    # --- The organizer pairs the teams, seats round 1 and starts it -----------------------
    desk = audit.prepare(chromium.new_context(locale="en-GB", **DESKTOP))
    page = desk.new_page()
    sign_in(page, base, "olga")
    page.goto(f"{base}/manage/events/{event.pk}/teams/")
    with page.expect_navigation():
        page.click("form:has(input[value=random]) button[type=submit]")
    assert EventTeam.objects.filter(event=event).count() == 4
    audit.shot(page, "bonko-teams")
    page.goto(f"{base}/manage/events/{event.pk}/")
    with page.expect_navigation(url=re.compile(r"/manage/rounds/\d+/$")):
        page.click("form[action$='/rounds/new/'] button[type=submit]")
    round_url = page.url
    with page.expect_navigation(url=round_url):
        page.click("form[action$='/accept/'] button[type=submit]")
    assert "set 1, round 1 · target number 1" in page.locator("main").inner_text()
    links = [
        page.locator(f".card:nth-of-type({n}) a[href^='/t/']").get_attribute("href") for n in (1, 2)
    ]
    audit.shot(page, "bonko-round-playing")

    # --- Two phones: the King's table (English) and table 2 (Dutch) ----------------------
    # Their clocks run as the room's do, and are put forward to the next poll, or to the end of
    # the time to undo, instead of waiting for it.
    king = audit.prepare(chromium.new_context(locale="en-GB", **PHONE)).new_page()
    king.clock.install()
    king.goto(f"{base}{links[0]}")
    other = audit.prepare(chromium.new_context(locale="nl-NL", **PHONE)).new_page()
    other.clock.install()
    other.goto(f"{base}{links[1]}")
    assert other.locator("[data-bell]").is_hidden()
    assert other.locator(".target-number").inner_text() == "1"
    audit.shot(other, "bonko-table-phone")
    ring_and_undo(king, other, audit, event)

    save_result(king, (23, 9), winner=0)
    assert "Saved:" in king.locator("main").inner_text()

    # Table 2: level at 12, so the page asks for a roll-off; the team that rolls second wins it.
    save_result(other, (12, 12), winner=None)
    other.locator("[data-rolloff]").wait_for(state="visible")
    audit.shot(other, "bonko-rolloff-phone")
    other.fill("#id_rolloff_0_0", "2")
    other.fill("#id_rolloff_1_0", "6")
    with other.expect_navigation():
        other.click("form[data-bonko] .sticky-bar button[type=submit]")
    table2 = Session.objects.get(table__scoring_token=links[1].split("/")[2])
    assert table2.result["winner"] == 1 and table2.result["rolloff"] == [[2], [6]]
    assert "12 tegen 12 na uitgooien met 6 tegen 2" in other.locator("main").inner_text()
    assert table2.document["set"] == 1 and table2.document["round"] == 1

    # --- The standings rank by wins ------------------------------------------------------
    standings = audit.prepare(chromium.new_context(locale="en-GB", **PHONE)).new_page()
    sign_in(standings, base, "olga")
    standings.goto(f"{base}/events/{event.pk}/")
    rows = standings.locator("#standings tbody tr")
    assert rows.count() == 8
    wins = [int(rows.nth(i).locator("td[data-stat]").first.inner_text()) for i in range(8)]
    assert wins == [1, 1, 1, 1, 0, 0, 0, 0]
    assert standings.locator("[data-prizes]").is_visible()
    audit.shot(standings, "bonko-standings-phone")

    assert not audit.violations, "\n".join(audit.violations)
