"""Bonken's table page on a 390 × 844 phone, in English and Dutch: the contract and the chooser
are tiles, a one-card contract asks who took it, counts have steppers that say what is left,
and the save button is in view without scrolling whatever contract is tapped."""

from typing import Any

import pytest

from clubs.models import Player
from results.models import Session
from tests.factories import EventFactory, seated_table

from .conftest import ARTIFACTS, PHONE, snap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Anna de Vries", "Bram Jansen", "Cees Bakker", "Daan Visser"]
HEIGHT = PHONE["viewport"]["height"]


def save_button_in_view(page: Any) -> bool:
    """Whether the save button lies inside the viewport with the page scrolled to the top."""
    page.evaluate("() => window.scrollTo(0, 0)")
    box = page.evaluate(
        "() => { const b = document.querySelector('form[data-game-form] button[type=submit]')"
        ".getBoundingClientRect(); return {top: b.top, bottom: b.bottom, height: b.height}; }"
    )
    return box["height"] >= 44 and box["top"] >= 0 and box["bottom"] <= HEIGHT


def screen(page: Any, name: str) -> None:
    """What the phone shows without scrolling (the audit's shots are whole pages)."""
    page.evaluate("() => window.scrollTo(0, 0)")
    snap(page, ARTIFACTS / f"{name}-screen.png", full_page=False)


def tap_every_open_contract(page: Any) -> list[str]:
    """Tap each contract the chooser may pick; the save button stays in view for every one."""
    codes = page.eval_on_selector_all(
        "input[name=contract]:not([disabled])", "inputs => inputs.map(i => i.value)"
    )
    for code in codes:
        page.click(f"label[for=id_contract_{code}]")
        assert page.is_checked(f"#id_contract_{code}")
        assert save_button_in_view(page), f"the save button is out of view for {code}"
    return codes


def tap_sizes(page: Any, selector: str) -> list[tuple[float, float]]:
    return page.eval_on_selector_all(
        selector,
        "els => els.filter(e => e.offsetParent !== null).map(e => {"
        " const r = e.getBoundingClientRect(); return [r.width, r.height]; })",
    )


def test_a_game_fits_a_phone_in_both_languages(chromium, live_server, audit):
    players = [Player.objects.create(name=name) for name in NAMES]
    table = seated_table(EventFactory(published=False), players=players)
    url = f"{live_server.url}/t/{table.scoring_token}/"

    phone = audit.prepare(chromium.new_context(locale="en-GB", **PHONE))
    page = phone.new_page()
    page.goto(url)
    assert "seven of spades" in page.inner_text(".table-talk")
    audit.shot(page, "bonken-phone-start-en")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    screen(page, "bonken-phone-start-en")
    assert len(tap_every_open_contract(page)) == 13

    # Game 1: Anna chooses hearts; the steppers say how many hearts are left.
    page.click("label[for=id_chooser_0]")
    assert "Cees Bakker deals" in page.inner_text(".table-talk")
    page.click("label[for=id_contract_hearts]")
    assert page.is_visible("[data-plain-counts]")
    assert not page.is_visible("[data-taker-contract=king_of_hearts]")
    for _ in range(3):
        page.click("[data-plain-counts] .stepper:nth-child(1) button[data-step='1']")
    assert page.inner_text("[data-counts-left]") == "10 hearts left"
    for seat, count in ((1, 4), (2, 5), (3, 1)):
        page.fill(f"#id_count_{seat}", str(count))
    page.wait_for_function(
        "() => document.querySelector('[data-counts-left]').textContent.includes('assigned')"
    )
    assert not page.is_visible("table.doubles")  # folded away: the game fits the screen
    page.click("details.doubles-box > summary")
    for width, height in tap_sizes(
        page, "table.doubles input, button[data-tap], .stepper-row button, .tiles .tile > span"
    ):
        assert width >= 44 and height >= 44
    page.click("button[data-tap=zalen][data-seat='1']")
    page.wait_for_selector("#check .alert.ok")
    audit.shot(page, "bonken-phone-hearts-en")
    screen(page, "bonken-phone-hearts-en")
    with page.expect_navigation():
        page.click("form[data-game-form] button[type=submit]")

    # Game 2: Bram chooses; hearts is greyed out; the King of hearts asks who took it.
    assert page.is_disabled("#id_contract_hearts")
    assert page.is_checked("#id_chooser_1")
    talk = page.inner_text(".table-talk")
    assert (
        "Bram Jansen chooses, Daan Visser deals, Cees Bakker doubles first and "
        "Anna de Vries leads." in talk
    )
    page.click("label[for=id_contract_king_of_hearts]")
    assert not page.is_visible("[data-plain-counts]")
    page.click("label[for=id_took_king_of_hearts_1_2]")
    page.wait_for_selector("#check .alert.ok")
    # The sticky bar shows what saving would give: Cees takes the king's -100.
    page.wait_for_selector("#bar-totals.preview")
    assert page.locator("#bar-totals .total").all_inner_texts() == ["-20", "-70", "-160", "20"]
    audit.shot(page, "bonken-phone-king-en")
    screen(page, "bonken-phone-king-en")
    with page.expect_navigation():
        page.click("form[data-game-form] button[type=submit]")
    session = Session.objects.get(table=table)
    assert session.document["games"][1]["counts"] == [0, 0, 1, 0]
    assert session.document["games"][0]["doubles"] == [[1, 0], [1, 2], [1, 3]]

    # The same table in Dutch: eleven contracts open, two greyed out.
    dutch = audit.prepare(chromium.new_context(locale="nl-NL", **PHONE))
    page = dutch.new_page()
    page.goto(url)
    audit.shot(page, "bonken-phone-nl")
    screen(page, "bonken-phone-nl")
    assert page.is_disabled("#id_contract_king_of_hearts")
    assert len(tap_every_open_contract(page)) == 11
    page.click("label[for=id_contract_queens]")
    page.fill("#id_count_0", "1")
    left = page.inner_text("[data-counts-left]")  # Dutch once the catalogue has the line
    assert left in ("nog 3 vrouwen", "3 queens left"), left
    page.click("label[for=id_contract_seventh_thirteenth]")
    assert page.is_visible(
        "#id_took_seventh_thirteenth_2_label, [data-taker-contract=seventh_thirteenth]"
    )
    audit.shot(page, "bonken-phone-7-13-nl")
    screen(page, "bonken-phone-7-13-nl")
    page.goto(f"{url}paper/")  # the sheet per contract, as the club's paper has it
    assert page.is_visible("[name=g1_contract]")  # games entered: per game to start
    assert not page.is_visible("input[name=c_hearts_0]")  # the other parts fold away
    page.check("input[name=mode][value=sheet]")
    assert page.is_visible("input[name=c_hearts_0]")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390  # no sideways
    audit.shot(page, "bonken-phone-paper-nl")
    screen(page, "bonken-phone-paper-nl")
    assert not audit.violations, audit.violations


def test_the_tiles_and_taps_work_without_javascript(chromium, live_server):
    players = [Player.objects.create(name=name) for name in NAMES]
    table = seated_table(EventFactory(published=False), players=players)
    context = chromium.new_context(locale="en-GB", java_script_enabled=False, **PHONE)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{table.scoring_token}/")
    assert page.is_visible("[data-taker-contract=seventh_thirteenth]")  # every block shows
    assert page.is_visible("[data-plain-counts]")
    page.click("label[for=id_chooser_3]")
    page.click("label[for=id_contract_seventh_thirteenth]")
    page.click("label[for=id_took_seventh_thirteenth_1_0]")
    page.click("label[for=id_took_seventh_thirteenth_2_2]")
    with page.expect_navigation():
        page.click("form[data-game-form] button[type=submit]")
    game = Session.objects.get(table=table).document["games"][0]
    assert (game["chooser"], game["counts"]) == (3, [1, 0, 1, 0])
    assert page.is_disabled("#id_contract_seventh_thirteenth")
    context.close()
