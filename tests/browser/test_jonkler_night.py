"""A Jonkler night in a real browser: nine players seated at tables of five and four, a
scorer on a phone names the first dealer and enters eight rounds (the dealer's forbidden bid
is pointed out while it is typed; the round's entry for five keeps every name whole and its
boxes big enough to tap at 390 and 360 px, and the box being typed in clear of the totals'
bar), the organizer closes the round (the table of four counts as not played) and publishes;
the public standings show the engine's totals."""

import datetime
import random
from typing import Any

import pytest

from clubs.models import Club, Membership, Player, Role
from games.jonkler.rules import GAME
from games.jonkler.rules.rules import dealer
from games.jonkler.rules.sample import random_session
from tests.factories import UserFactory
from tournaments.events.services import event_create
from tournaments.models import Event, EventPlayer, Standing
from tournaments.rounds.services import round_accept, round_generate

from .conftest import DESKTOP, PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The round's entry as a phone shows it: each box's height and width, whether a box or its
# player's name (above it, and in the totals' bar) is cut off, and the page's width.
ENTRY = """() => {
  const cut = (e) => e.scrollWidth > e.clientWidth + 1
    || e.getBoundingClientRect().right > innerWidth;
  const boxes = [...document.querySelectorAll('form.jonkler-round input[type=number]')];
  return {
    boxes: boxes.map((i) => {
      const box = i.getBoundingClientRect();
      return [i.name, box.height, box.width, cut(i) || cut(i.labels[0])];
    }),
    totals: [...document.querySelectorAll('.sticky-bar .seats-totals .name')]
      .map((n) => [n.textContent, cut(n)]),
    wide: document.documentElement.scrollWidth,
  };
}"""
# The box with the focus against the totals' bar: [name, top, bottom, the bar's top].
TYPING = """() => {
  const box = document.activeElement.getBoundingClientRect();
  return [document.activeElement.name, box.top, box.bottom,
    document.querySelector('.sticky-bar').getBoundingClientRect().top];
}"""


def comfortable_entry(page: Any, width: int) -> None:
    """At ``width``: every name whole, every box at least 44 px high and wide, nothing sideways;
    with the keyboard up (a viewport 420 px high) each box, reached by Tab, is typed in clear of
    the totals' bar."""
    page.set_viewport_size({"width": width, "height": 844})
    found = page.evaluate(ENTRY)
    assert found["wide"] <= width, found
    assert len(found["boxes"]) == 10 and len(found["totals"]) == 5, found
    for name, height, wide, cut in found["boxes"]:
        assert height >= 44 and wide >= 44 and not cut, (width, name, height, wide)
    assert not [name for name, cut in found["totals"] if cut], (width, found["totals"])
    page.set_viewport_size({"width": width, "height": 420})
    page.locator("form.jonkler-round input[type=number]").first.focus()
    for _box in range(10):
        name, top, bottom, bar = page.evaluate(TYPING)
        assert 0 <= top and bottom <= bar, (width, name, top, bottom, bar)
        page.keyboard.press("Tab")
    page.set_viewport_size(PHONE["viewport"])


def test_a_jonkler_night_on_phones(chromium, live_server, audit):
    base = live_server.url
    club = Club.objects.create(name="De Haak", slug="de-haak", city="Gouda")
    organizer = UserFactory(username="olga")
    organizer.set_password("secret")
    organizer.save()
    Membership.objects.create(
        club=club, role=Role.ORGANIZER, player=Player.objects.create(name="Olga", user=organizer)
    )
    event = event_create(
        club=club,
        actor=organizer,
        name="Jonkleravond",
        date=datetime.date(2026, 11, 25),
        game="jonkler",
    )
    names = ["Adriana", "Bartholomeus", "Cornelia", "Dirk-Jan", "Elisabeth", "Frederique"]
    for name in [*names, "Geertruida", "Hendrikus", "Isabella"]:
        player = Player.objects.create(name=name)
        Membership.objects.create(club=club, player=player)
        EventPlayer.objects.create(event=event, player=player, present=True)
    round_ = round_generate(event=event, actor=organizer, seed=5)
    round_accept(round_=round_, actor=organizer)
    five = round_.tables.get(number=1)
    assert five.seats.count() == 5 and round_.tables.get(number=2).seats.count() == 4
    document = random_session(random.Random(7), seats=5, ruleset=GAME.rulesets["jonkler"])
    first = document["first_dealer"]

    phone = audit.prepare(chromium.new_context(locale="nl-NL", **PHONE))
    page = phone.new_page()
    page.goto(f"{base}/t/{five.scoring_token}/")
    audit.shot(page, "jonkler-first-dealer-phone")
    with page.expect_navigation():
        with page.expect_navigation():
            page.click(f"a[href='?dealer={first}']")
    comfortable_entry(page, 390)
    comfortable_entry(page, 360)
    for number, played in enumerate(document["rounds"], start=1):
        deals = dealer(first, number, 5)
        if number == 2:  # the dealer's forbidden bid is pointed out as it is typed
            others = sum(bid for seat, bid in enumerate(played["bids"]) if seat != deals)
            forbidden = number - others
            if 0 <= forbidden <= number:
                for seat, bid in enumerate(played["bids"]):
                    if seat != deals:
                        page.fill(f"#id_bid_{seat}", str(bid))
                page.fill(f"#id_bid_{deals}", str(forbidden))
                page.wait_for_selector("[data-hook-note].warn")
                audit.shot(page, "jonkler-forbidden-bid-phone")
        for seat, bid in enumerate(played["bids"]):
            page.fill(f"#id_bid_{seat}", str(bid))
        for seat, tricks in enumerate(played["tricks"]):
            page.fill(f"#id_tricks_{seat}", str(tricks))
        if number == 4:
            audit.shot(page, "jonkler-round-4-phone")
        with page.expect_navigation():
            page.click("form.jonkler-round button[type=submit]")
    assert page.locator(".alert.ok").count() == 1
    audit.shot(page, "jonkler-complete-phone")
    expected = GAME.score(
        {
            **document,
            "rounds": [{"bids": r["bids"], "tricks": r["tricks"]} for r in document["rounds"]],
        }
    ).totals
    assert expected is not None

    desk = audit.prepare(chromium.new_context(locale="en-GB", **DESKTOP))
    office = desk.new_page()
    office.goto(f"{base}/accounts/login/")
    office.fill("#id_username", "olga")
    office.fill("#id_password", "secret")
    with office.expect_navigation():
        office.click("main form button[type=submit]")
    office.goto(f"{base}/manage/rounds/{round_.pk}/")
    office.check("input[name='unfinished-2'][value='not_played']")
    with office.expect_navigation():
        office.click("form[action$='/close/'] button[type=submit]")
    office.goto(f"{base}/manage/events/{event.pk}/")
    with office.expect_navigation():
        office.click("form[action$='/publish/'] button[type=submit]")
    assert Event.objects.get(pk=event.pk).published
    seats = {s.position: s.player_id for s in five.seats.all()}
    for position, total in enumerate(expected):
        assert Standing.objects.get(event=event, player_id=seats[position]).total == total
    page.goto(f"{base}/events/{event.pk}/")
    audit.shot(page, "jonkler-standings-phone")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert not audit.violations, audit.violations
