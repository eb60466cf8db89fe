"""Words a phone (390 x 844, English and Dutch) shows whole: the seating method's select on the
event form and on the event's page says every method in full and what each does beside it;
Bonanza Rummy's hand shows "cards" above a focused cards field, the widow's select in full and
says what the widow's price is. Each page is opened from the first page its person opens."""

from typing import Any

import pytest

from clubs.models import Club, Membership, Player, Role
from tests.factories import EventFactory, UserFactory, seated_table

from .conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LOCALES = {"en": "en-GB", "nl": "nl-NL"}
# Two Veras: the table calls them by their whole names, the longest a select must show.
NAMES = ["Vera van der Linden", "Vera de Groot", "Bram Jansen", "Cees Bakker", "Daan Visser"]

# The widest option of a select, as the select's own font draws it, against the room the select
# leaves for its text (its width less its padding and the arrow's 24 px).
OPTIONS_FIT = """(select) => {
  const style = getComputedStyle(select);
  const pen = document.createElement('canvas').getContext('2d');
  pen.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const widest = Math.max(...[...select.options].map((o) => pen.measureText(o.text).width));
  const room = select.clientWidth - parseFloat(style.paddingLeft)
    - parseFloat(style.paddingRight) - 24;
  return {widest: Math.ceil(widest), room: Math.floor(room),
          options: [...select.options].map((o) => o.text)};
}"""
# The focused field's ring (its outline, where it is drawn outside the box) against the caption
# above it.
RING_CLEAR = """(input) => {
  const style = getComputedStyle(input);
  const grow = Math.max(0, parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset));
  const ring = input.getBoundingClientRect().top - grow;
  const cap = input.closest('label').querySelector('.cap').getBoundingClientRect();
  return {ring: ring, cap: cap.bottom, shown: cap.height > 0 && style.outlineStyle !== 'none'};
}"""


def fits(page: Any, selector: str) -> dict[str, Any]:
    measured = page.eval_on_selector(selector, OPTIONS_FIT)
    assert measured["widest"] <= measured["room"], measured
    return measured


def phone(chromium: Any, audit: Any, lang: str) -> Any:
    return audit.prepare(chromium.new_context(locale=LOCALES[lang], **PHONE)).new_page()


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_the_seating_select_says_every_method_whole_and_what_each_does(
    chromium, live_server, audit, lang
):
    club = Club.objects.create(name="De Troefkaart", slug="de-troefkaart")
    user = UserFactory(username="olga")
    user.set_password("secret")
    user.save()
    Membership.objects.create(
        club=club, player=Player.objects.create(name="Olga", user=user), role=Role.ORGANIZER
    )
    page = phone(chromium, audit, lang)
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "olga")
    page.fill("#id_password", "secret")
    with page.expect_navigation():
        page.click("main form button[type=submit]")
    page.goto(f"{live_server.url}/clubs/{club.slug}/")
    with page.expect_navigation():
        with page.expect_navigation():
            page.click("a[href$='/events/new/']")
    measured = fits(page, "#id_seating_method")
    assert len(measured["options"]) == 4
    said = page.inner_text("#id_seating_method_helptext")
    for option in measured["options"]:  # each method's name, and what it does beside it
        assert f"{option}: " in said
    described = page.get_attribute("#id_seating_method", "aria-describedby")
    assert "id_seating_method_helptext" in described
    page.locator("#id_seating_method").scroll_into_view_if_needed()
    audit.shot(page, f"event-form-seating-{lang}")

    page.fill("#id_name", "Clubavond")
    page.fill("#id_date", "2026-12-04")
    with page.expect_navigation():
        page.click("main form button[type=submit]")
    event_id = page.url.rstrip("/").split("/")[-2]
    page.goto(f"{live_server.url}/manage/events/{event_id}/")
    if page.locator("#id_method").count():  # the next round's seating on the event's page
        fits(page, "#id_method")


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_a_bonanza_hand_shows_cards_the_widow_and_its_price_on_a_phone(
    chromium, live_server, audit, lang
):
    club = Club.objects.create(name="De Bonte Kaart", slug="de-bonte-kaart")
    event = EventFactory(club=club, name="Bonanza-avond", game="bonanza", ruleset="bonanza")
    table = seated_table(event, players=[Player.objects.create(name=name) for name in NAMES])
    page = phone(chromium, audit, lang)
    page.goto(f"{live_server.url}/t/{table.scoring_token}/")
    with page.expect_navigation():
        with page.expect_navigation():
            page.click("a[href='?dealer=0']")

    # The cards field focused: its ring leaves "cards" above it in view.
    for seat in (1, 4):
        field = page.locator(f"#id_cards_{seat}")
        field.focus()
        clear = field.evaluate(RING_CLEAR)
        assert clear["shown"] and clear["ring"] >= clear["cap"], clear
    audit.shot(page, f"bonanza-cards-focused-{lang}")

    # The widow: who plays it, every name whole, and what its price is.
    measured = fits(page, "#id_widow_buyer")
    assert any("Vera van der Linden" in option for option in measured["options"])
    widow = page.locator(".widow-line")
    assert (
        widow.locator("label[for=id_widow_buyer]").inner_text()
        == {"en": "Widow", "nl": "Blinde"}[lang]
    )
    price = page.locator("label[for=id_widow_price]").inner_text()  # what the price is
    assert (
        price
        == {
            "en": "If it is sold: the chips the buyer pays the dealer",
            "nl": "Als ze verkocht is: de fiches die de koper de deler betaalt",
        }[lang]
    )
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390, width
    widow.scroll_into_view_if_needed()
    audit.shot(page, f"bonanza-widow-{lang}")
    assert not audit.violations, "\n".join(audit.violations)
