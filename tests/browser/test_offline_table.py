"""A table's page without a network, in Chromium with the network switched off and on in the
middle of a session (Playwright's offline mode): games entered offline are checked on the
phone, kept and shown as waiting to send, survive a reload (the page comes from the service
worker), and arrive exactly once when the connection returns (the conflict with a second
phone, and what the waiting entries look like: test_offline_truth.py)."""

import random
from typing import Any

import pytest

from clubs.models import Player
from games.bonken.rules import get_ruleset
from games.bonken.rules.sample import random_session
from games.jonkler.rules import GAME as JONKLER
from games.jonkler.rules.sample import random_session as jonkler_session
from results.models import Session
from tests.factories import EventFactory, seated_table

from .conftest import ARTIFACTS, PHONE, snap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Anna de Vries", "Bram Jansen", "Cees Bakker", "Daan Visser", "Eva Smit"]
LOOK = ARTIFACTS.parent / "look" / "offline"

FILL_BONKEN = """(game) => {
  const form = document.querySelector("form[data-offline-form]");
  const pick = (selector) => { const el = form.querySelector(selector); el.checked = true;
    el.dispatchEvent(new Event("change", {bubbles: true})); };
  pick(`input[name=chooser][value="${game.chooser}"]`);
  pick(`input[name=contract][value="${game.contract}"]`);
  const takers = form.querySelector(`[data-taker-contract="${game.contract}"]`);
  if (takers) {
    let n = 1;
    game.counts.forEach((count, seat) => { for (let i = 0; i < count; i++, n++) {
      pick(`input[name=took_${game.contract}_${n}][value="${seat}"]`); } });
  } else {
    game.counts.forEach((count, seat) => {
      form.querySelector(`[name=count_${seat}]`).value = count; });
  }
  game.doubles.forEach(([s, t]) => { form.querySelector(`[name=d_${s}_${t}]`).checked = true; });
}"""


def look(page: Any, name: str) -> None:
    """A phone's screenshot for people to look at (artifacts/look/offline/)."""
    snap(page, LOOK / f"{name}.png")


def controlled(page: Any) -> None:
    """Wait until the service worker controls the page and has kept it."""
    page.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.wait_for_function(
        "() => caches.keys().then(names => Promise.all(names.map(n => caches.open(n)"
        ".then(c => c.match(location.href))))).then(found => found.some(Boolean))"
    )


def waiting(page: Any) -> int:
    """How many entries the phone shows as waiting to be sent."""
    return int(page.locator("[data-offline-list] li").count())


def save_online(page: Any, game: dict[str, Any]) -> None:
    page.evaluate(FILL_BONKEN, game)
    with page.expect_navigation():
        page.click("form[data-offline-form] button[type=submit]")


def keep_offline(page: Any, game: dict[str, Any], queued: int) -> None:
    page.evaluate(FILL_BONKEN, game)
    page.click("form[data-offline-form] button[type=submit]")
    page.wait_for_function(
        "(n) => document.querySelectorAll('[data-offline-list] li').length === n", arg=queued
    )


def bonken_table() -> Any:
    players = [Player.objects.create(name=name) for name in NAMES[:4]]
    return seated_table(EventFactory(published=True), players=players)


@pytest.mark.parametrize("locale", ["nl-NL", "en-GB"])
def test_a_bonken_session_entered_offline_arrives_once(chromium, live_server, audit, locale):
    games = random_session(random.Random(3), ruleset=get_ruleset("classic"))["games"]
    table = bonken_table()
    url = f"{live_server.url}/t/{table.scoring_token}/"
    context = audit.prepare(chromium.new_context(locale=locale, **PHONE))
    page = context.new_page()
    page.goto(url)
    lang = locale[:2]
    if lang == "en" and page.get_attribute("html", "lang") != "en":
        with page.expect_navigation():
            page.click("header.site .language-switch button[value=en]")  # a phone's one button
    save_online(page, games[0])
    save_online(page, games[1])
    controlled(page)
    assert page.is_visible("[data-offline-state]")
    assert page.locator("link[rel=manifest]").count() == 1

    context.set_offline(True)
    page.wait_for_selector(".offline-box.is-offline")
    # What the page can check offline it refuses, and says so: the counts must add up.
    wrong = (
        {**games[2], "counts": [1, 1, 1, 1]}
        if games[2]["contract"] in ("trumps_hearts", "no_trumps", "hearts", "duck")
        else None
    )
    if wrong:
        page.evaluate(FILL_BONKEN, wrong)
        page.click("form[data-offline-form] button[type=submit]")
        page.wait_for_selector("form[data-offline-form] [data-error-summary]")
        look(page, f"bonken-refused-offline-{lang}")
        assert waiting(page) == 0
    for number, game in enumerate(games[2:], start=1):
        keep_offline(page, game, number)
        if number == 3:
            look(page, f"bonken-waiting-{lang}")
    assert waiting(page) == 10 and "10" in page.inner_text("[data-offline-state]")
    assert Session.objects.get(table=table).revision == 2

    page.reload()  # no network: the service worker gives the kept page, the queue is still there
    page.wait_for_selector("[data-offline-list] li")
    assert page.locator("[data-offline-list] li").count() == 10
    assert page.is_visible("[data-offline-full]")
    look(page, f"bonken-reloaded-offline-{lang}")
    audit.shot(page, f"offline-reloaded-{lang}")

    with page.expect_navigation():
        context.set_offline(False)
    page.wait_for_selector("[data-offline-note]:not([hidden])")
    session = Session.objects.get(table=table)
    assert session.complete and session.revision == 12
    assert [g["contract"] for g in session.document["games"]] == [g["contract"] for g in games]
    assert session.revisions.count() == 12
    assert waiting(page) == 0
    look(page, f"bonken-sent-{lang}")
    assert not audit.violations, audit.violations
    context.close()


def test_jonkler_rounds_entered_offline_follow_the_deal(chromium, live_server, audit):
    players = [Player.objects.create(name=name) for name in NAMES]
    event = EventFactory(published=True, game="jonkler", ruleset="jonkler")
    table = seated_table(event, players=players[:4])
    from tournaments.models import Seat

    Seat.objects.create(table=table, round=table.round, player=players[4], position=4)
    document = jonkler_session(random.Random(7), seats=5, ruleset=JONKLER.rulesets["jonkler"])
    rounds, dealer = document["rounds"], document["first_dealer"]
    url = f"{live_server.url}/t/{table.scoring_token}/"
    context = audit.prepare(chromium.new_context(locale="en-GB", **PHONE))
    page = context.new_page()
    page.goto(url)
    if page.get_attribute("html", "lang") != "en":
        with page.expect_navigation():
            page.click("header.site .language-switch button[value=en]")  # a phone's one button
    with page.expect_navigation():
        with page.expect_navigation():
            page.click(f"a[href='?dealer={dealer}']")

    def enter(played: dict[str, Any]) -> None:
        for seat, bid in enumerate(played["bids"]):
            page.fill(f"#id_bid_{seat}", str(bid))
        for seat, tricks in enumerate(played["tricks"]):
            page.fill(f"#id_tricks_{seat}", str(tricks))
        page.click("form[data-offline-form] button[type=submit]")

    with page.expect_navigation():
        enter(rounds[0])
    assert Session.objects.get(table=table).revision == 1
    controlled(page)
    context.set_offline(True)
    for number, played in enumerate(rounds[1:5], start=1):
        enter(played)
        page.wait_for_function(
            "(n) => document.querySelectorAll('[data-offline-list] li').length === n", arg=number
        )
        # The next round's bidding order starts left of the next dealer.
        order = page.eval_on_selector_all(
            "input[data-bid]", "inputs => inputs.map(i => parseInt(i.dataset.bid, 10))"
        )
        next_dealer = (dealer + number + 1) % 5
        assert order[-1] == next_dealer and page.get_attribute(
            "form[data-offline-form]", "data-cards"
        ) == str(number + 2)
    # The waiting rounds in the sheet's words; the totals include them and say so.
    first = page.inner_text("[data-offline-list] li >> nth=0")
    bids, tricks = rounds[1]["bids"], rounds[1]["tricks"]
    assert first.startswith("Round 2: ") and "deals — " in first
    assert f"{NAMES[0].split()[0]} bid {bids[0]}, took {tricks[0]}" in first
    said = "Totals with the 4 waiting rounds, not sent yet."
    expected = JONKLER.score({**document, "rounds": rounds[:5]}).totals

    def shown() -> list[int]:
        return page.eval_on_selector_all(
            ".sticky-bar .seats-totals .total", "els => els.map(e => parseInt(e.textContent, 10))"
        )

    assert page.inner_text("[data-offline-totals]") == said and shown() == expected
    look(page, "jonkler-waiting-en")
    page.reload()
    assert page.inner_text("[data-offline-totals]") == said and shown() == expected
    assert page.locator("[data-offline-list] li").count() == 4
    assert "Round 6 of" in page.inner_text("[data-entry-title]")
    with page.expect_navigation():
        context.set_offline(False)
    session = Session.objects.get(table=table)
    assert len(session.document["rounds"]) == 5 and session.revision == 5
    assert [r["bids"] for r in session.document["rounds"]] == [r["bids"] for r in rounds[:5]]
    assert session.result["totals"] == expected
    look(page, "jonkler-sent-en")
    context.close()
