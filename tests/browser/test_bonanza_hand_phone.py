"""One Bonanza Rummy hand at a table of six, on a phone, from the table's link as a player opens
it (390 x 844 and 360 x 740, in English and in Dutch): the hand fits about two screens (a compact
row of taps per player), the chips each player wins or pays are shown before saving and are the
rules' own, a tile tapped again is taken back, and ending the session asks first in the page."""

from typing import Any

import pytest

from clubs.models import Club, Player
from games.bonanza.rules import GAME
from results.models import Session
from tests.factories import EventFactory, seated_table

from .conftest import PHONE
from .test_bonanza_table import tap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Anna de Vries", "Bram Jansen", "Cees Bakker", "Daan Visser", "Eva Smit", "Floor Mulder"]
SHORT = ["Anna", "Bram", "Cees", "Daan", "Eva", "Floor"]
# Anna deals; she sells the widow to Cees for 3; Bram, Daan and Floor play poker, Daan wins it;
# Bram shows the joker and the ace of spades, Eva the sequence; Floor goes out.
HAND: dict[str, Any] = {
    "widow": {"buyer": 2, "price": 3},
    "poker": {"entrants": [1, 3, 5], "winner": 3},
    "sections": {"joker": 1, "ace_spades": 1, "sequence": 4},
    "out": {"seat": 5, "cards_left": [4, 2, 7, 0, 3, 0]},
}
WORDS = {
    "en-GB": {
        "preview": "This hand, not saved yet:",
        "ask": "End the session now?",
        "saved": "Hand 1 is saved.",
        "over": "The session is over",
    },
    "nl-NL": {
        "preview": "Deze hand, nog niet opgeslagen:",
        "ask": "De partij nu beëindigen?",
        "saved": "Hand 1 is opgeslagen.",
        "over": "De partij is voorbij",
    },
}
SIZES = {"390x844": (390, 844), "360x740": (360, 740)}


def expected(end: bool = False) -> dict[str, Any]:
    document = {
        "game": "bonanza",
        "seats": 6,
        "first_dealer": 0,
        "hands": [HAND],
        "end": {"leftover": "split"} if end else None,
    }
    outcome = GAME.score(document)
    assert outcome.valid, outcome.errors
    return outcome.to_dict()


def no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width} px wide"


def preview_nets(page: Any) -> dict[str, int]:
    """The chips of the hand as the live check shows them, by short name."""
    box = page.locator("[data-hand-preview]")
    names = box.locator(".hand-nets .name").all_inner_texts()
    nets = [int(text) for text in box.locator(".hand-nets [data-net]").all_inner_texts()]
    return dict(zip(names, nets, strict=True))


# Each language once and each phone size once (Dutch, the longer words, on the narrower phone).
@pytest.mark.parametrize(("size", "locale"), [("390x844", "en-GB"), ("360x740", "nl-NL")])
def test_one_hand_of_six_on_a_phone(chromium, live_server, audit, locale, size):
    words = WORDS[locale]
    width, height = SIZES[size]
    club = Club.objects.create(name="De Bonte Kaart", slug="de-bonte-kaart", city="Leiden")
    event = EventFactory(club=club, name="Bonanza-avond", game="bonanza", ruleset="bonanza")
    table = seated_table(event, players=[Player.objects.create(name=name) for name in NAMES])
    phone = audit.prepare(
        chromium.new_context(
            locale=locale, **{**PHONE, "viewport": {"width": width, "height": height}}
        )
    )
    page = phone.new_page()

    # --- A player opens the table's link and names the first dealer ---------------------------
    page.goto(f"{live_server.url}/t/{table.scoring_token}/")
    with page.expect_navigation():
        with page.expect_navigation():
            page.click("a[href='?dealer=0']")
    form = page.locator("form[data-bonanza]")
    assert form.locator(".player-row[data-seat]").count() == 6  # one compact row per player
    audit.shot(page, f"bonanza-six-{size}-{locale}-empty")

    # --- The hand as taps; the chips are counted before saving -----------------------------------
    for code, seat in HAND["sections"].items():
        tap(page, f"section_{code}", seat)
    tap(page, "section_jd_qs", 0)
    tap(page, "section_jd_qs", 0)  # tapped again: taken back, nobody took it
    assert page.locator("#id_section_jd_qs_6").is_checked()  # the "nobody" tile
    page.select_option("#id_widow_buyer", "2")
    page.fill("#id_widow_price", "3")
    for seat in HAND["poker"]["entrants"]:
        tap(page, "poker_entrants", seat)
    tap(page, "poker_winner", 3)
    tap(page, "out_seat", 5)
    for seat, cards in enumerate(HAND["out"]["cards_left"]):
        if seat != 5:
            page.fill(f"#id_cards_{seat}", str(cards))
    result = expected()
    nets = result["hands"][0]["nets"]
    page.locator("[data-hand-preview]").wait_for()
    shown = "() => [...document.querySelectorAll('.hand-net')].map(e => e.textContent.trim())"
    page.wait_for_function(
        f"want => JSON.stringify(({shown})()) === JSON.stringify(want)",
        arg=[f"{net:+d}" for net in nets],
    )
    assert words["preview"] in page.locator("#check").inner_text()
    assert preview_nets(page) == dict(zip(SHORT, nets, strict=True))
    beside = [page.locator(f"#hand-net-{seat}").inner_text() for seat in range(6)]
    assert beside == [f"{net:+d}" for net in nets]  # and beside each player's name
    assert Session.objects.filter(table=table).count() == 0  # nothing saved yet

    # One hand fits about two screens, with its preview and the save bar.
    tall = form.evaluate("f => f.getBoundingClientRect().height")
    assert tall <= 1800, f"the hand is {tall:.0f} px tall"
    no_sideways_scroll(page)
    audit.shot(page, f"bonanza-six-{size}-{locale}-preview")

    with page.expect_navigation():
        form.locator(".sticky-bar button[type=submit]").click()
    assert words["saved"] in page.content()
    session = Session.objects.get(table=table)
    assert session.result["totals"] == result["totals"]

    # --- Ending asks first, in the page -----------------------------------------------------------
    ending = page.locator(".end-session")
    question = ending.locator("#end-question")
    assert question.is_hidden()
    ending.locator("summary").click()
    assert question.is_visible() and words["ask"] in question.inner_text()
    assert not Session.objects.get(table=table).complete  # asking ends nothing
    ending.locator("[data-end-cancel]").click()  # no, keep playing
    assert question.is_hidden()
    audit.shot(page, f"bonanza-six-{size}-{locale}-saved")
    ending.locator("summary").click()
    audit.shot(page, f"bonanza-six-{size}-{locale}-end-asks")
    with page.expect_navigation():
        ending.locator("button[type=submit]").click()
    assert words["over"] in page.content()
    assert Session.objects.get(table=table).complete
    assert Session.objects.get(table=table).result["totals"] == expected(end=True)["totals"]
    no_sideways_scroll(page)

    assert not audit.violations, "\n".join(audit.violations)
    assert not audit.questions  # no browser dialog: the page itself asked
