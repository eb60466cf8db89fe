"""Personal codes for a whole night, as the organizer reaches them: from the club's page to the
event, "Personal codes for everyone", issue, and the slips. On a 390 × 844 phone in Dutch,
then at 1366 × 768 in English (issued again: the earlier codes stop working). Printed, the
24 slips of the night fit one A4 page; at the table, the players sign their result with the
codes on their slips."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from clubs.models import Club, Membership, Player, Role
from results.models import Session
from results.services import session_submit
from tests.conftest import ROOT
from tests.documents import classic_document
from tests.factories import EventFactory, UserFactory, seated_table
from tournaments.models import EventPlayer

from .conftest import PHONE, SCREENSHOTS, snap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LOOK = ROOT / "artifacts" / "look" / "codes"
LAPTOP = {"viewport": {"width": 1366, "height": 768}}
NAMES = [
    "Anna de Vries", "Bram Jansen", "Cees Bakker", "Daan Visser", "Eva Smit", "Floor Mulder",
    "Gijs de Boer", "Hanna Meijer", "Ilse de Groot", "Joost Bos", "Karin Vos", "Lars Peters",
    "Mirjam Hendriks", "Niels van Leeuwen", "Olivier Dekker", "Petra Brouwer", "Quinten de Wit",
    "Roos Dijkstra", "Sander Smits", "Tessa de Graaf", "Ugo van der Meer", "Vera van der Linden",
    "Willem Kok", "Xandra Jacobs",
]  # fmt: skip
PAGE = re.compile(rb"/Type\s*/Page(?![a-zA-Z])")
A4_INSIDE = (733, 1062)  # A4 less the slips' 8 mm margins, in CSS pixels (96 per inch)


def look(page: Any, name: str) -> Path:
    path = LOOK / f"{name}.png"
    snap(page, path)
    return path


def sign_in(page: Any, base: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "olga")
    page.fill("#id_password", "secret")
    with page.expect_navigation():
        page.click("main form button[type=submit]")


def world() -> dict[str, Any]:
    club = Club.objects.create(name="De Troefkaart", slug="de-troefkaart", city="Leiden")
    organizer = UserFactory(username="olga")
    organizer.set_password("secret")
    organizer.save()
    olga = Player.objects.create(name="Olga Organisator", user=organizer)
    Membership.objects.create(club=club, player=olga, role=Role.ORGANIZER)
    event = EventFactory(club=club, name="Clubavond", standings_count="signed")
    players = [Player.objects.create(name=name) for name in NAMES]
    for player in players[13::8]:  # two long names with an account: their slips say the most
        player.user = UserFactory(username=player.name.split()[0].lower())
        player.save()
    for player in players:
        Membership.objects.create(club=club, player=player)
        EventPlayer.objects.create(event=event, player=player, present=True)
    table = seated_table(event, players=players[:4])
    session_submit(table=table, submitted_by=organizer, document=classic_document())
    return {"club": club, "event": event, "table": table}


def to_the_slips(page: Any, base: str, w: dict[str, Any]) -> None:
    """From the club's page to the event's personal codes."""
    page.goto(f"{base}/clubs/{w['club'].slug}/")
    with page.expect_navigation():
        page.locator(f"main a[href='/manage/events/{w['event'].pk}/']").click()
    look(page, f"after-dashboard-{page.evaluate('document.documentElement.lang')}")
    with page.expect_navigation():
        page.locator("[data-night-codes-link]").click()
    assert page.locator(".code-states li").count() == len(NAMES)


def issue(page: Any) -> dict[str, str]:
    with page.expect_navigation():
        page.locator("form[data-night-codes] button[type=submit]").click()
    slips = page.locator("[data-slip]")
    assert slips.count() == len(NAMES)
    codes = {
        slip.get_attribute("data-player"): slip.locator("[data-code]").inner_text()
        for slip in slips.all()
    }
    assert list(codes) == NAMES and all(re.fullmatch(r"\d{4}", c) for c in codes.values())
    return codes


def no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width


def sign(page: Any, name: str, code: str) -> None:
    row = page.locator(f"li[data-player='{name}']")
    if row.locator("details.signoff-player[open]").count() == 0:  # open after a refusal
        row.locator("summary.signoff-name").click()
    row.locator("input[name=code]").first.fill(code)
    with page.expect_navigation():
        row.locator("form.signoff-code button[type=submit]").click()


def test_the_organizer_prints_every_players_code_and_the_table_signs_with_them(
    chromium, live_server, audit
):
    w = world()
    base = live_server.url

    # On the phone, in Dutch.
    phone = audit.prepare(chromium.new_context(locale="nl-NL", **PHONE)).new_page()
    sign_in(phone, base)
    to_the_slips(phone, base, w)
    assert "Persoonlijke codes voor vanavond" in phone.inner_text("h1")
    assert phone.locator("[data-state=none]").count() == len(NAMES)
    no_sideways_scroll(phone)
    audit.shot(phone, "night-codes-nl")
    look(phone, "after-codes-page-nl")
    first = issue(phone)
    assert "24 nieuwe codes worden hier één keer getoond" in phone.inner_text("main")
    no_sideways_scroll(phone)
    audit.shot(phone, "code-slips-nl")
    look(phone, "after-slips-phone-nl")

    # At the laptop, in English: issued again, printed.
    laptop = audit.prepare(chromium.new_context(locale="en-GB", **LAPTOP)).new_page()
    sign_in(laptop, base)
    to_the_slips(laptop, base, w)
    assert laptop.locator("[data-state=issued]").count() == len(NAMES)
    codes = issue(laptop)
    assert "24 new codes are shown here once" in laptop.inner_text("main")
    look(laptop, "after-slips-laptop-en")
    laptop.emulate_media(media="print")
    laptop.set_viewport_size({"width": A4_INSIDE[0], "height": A4_INSIDE[1]})
    look(laptop, "after-slips-print-en")  # the page as printed, inside its margins
    bottom = laptop.eval_on_selector("[data-slips]", "e => e.getBoundingClientRect().bottom")
    assert bottom <= A4_INSIDE[1]
    pdf = laptop.pdf(format="A4", print_background=True)
    if SCREENSHOTS:  # the printed slips, for people to look at
        (LOOK / "after-slips-en.pdf").write_bytes(pdf)
    assert len(PAGE.findall(pdf)) == 1  # 24 slips, one A4 page
    heights = laptop.eval_on_selector_all(
        "[data-slip]", "els => els.map(e => e.getBoundingClientRect().height)"
    )
    assert max(heights) - min(heights) < 1  # every slip the same size, cut along the lines
    cut = laptop.eval_on_selector_all(
        "[data-slip]",
        "els => els.filter(e => e.scrollHeight > e.clientHeight + 1"
        " || e.scrollWidth > e.clientWidth + 1).map(e => e.dataset.player)",
    )
    assert cut == []  # nothing on a slip is cut off: its words, its code, its QR code
    assert laptop.locator("header.site").is_hidden() and laptop.locator("h1").is_hidden()
    # The page counter counts: 34 slips take two pages.
    laptop.evaluate(
        "() => { const s = document.querySelector('[data-slips]');"
        " for (let i = 0; i < 10; i++) s.append(s.firstElementChild.cloneNode(true)); }"
    )
    assert len(PAGE.findall(laptop.pdf(format="A4"))) == 2
    laptop.emulate_media(media="screen")

    # A slip's QR code (and, on the screen, its link) leads to tonight's page, which a player
    # without an account opens as they are: no sign-in, no account page.
    night = laptop.locator("[data-slip-link]").first.get_attribute("href")
    assert night == f"{base}/door/{w['event'].door_token}/"
    assert "account" not in laptop.locator("[data-slip]").first.inner_text().lower()
    guest = audit.prepare(chromium.new_context(locale="en-GB", **PHONE)).new_page()
    guest.goto(night)
    assert "/accounts/" not in guest.url and w["event"].name in guest.inner_text("h1")

    # At the table: the earlier code is refused, the slips' codes sign.
    table = audit.prepare(chromium.new_context(locale="en-GB", **PHONE)).new_page()
    table.goto(f"{base}/t/{w['table'].scoring_token}/")
    anna = "Anna de Vries"
    if first[anna] != codes[anna]:
        sign(table, anna, first[anna])
        assert f"That is not {anna}'s personal code." in table.inner_text("#signoff #errors")
    for name in NAMES[:4]:
        sign(table, name, codes[name])
        assert f"{name} signed the result." in table.inner_text(".messages")
    assert table.locator("[data-signed-all]").count() == 1
    look(table, "after-table-signed-en")
    assert Session.objects.get(table=w["table"]).signed_at is not None
    assert not audit.violations, "\n".join(audit.violations)
