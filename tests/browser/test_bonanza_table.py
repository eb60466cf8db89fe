"""A Bonanza Rummy table in a real browser, on a phone: the organizer opens the table's page
from the round, names the first dealer and enters the hands as taps (one hand is refused by
the rules and shown at its field, then corrected; one is taken back), ends the session with
the ruleset's leftover rule, and anyone then reads the public table sheet."""

import re
from typing import Any

import pytest

from clubs.models import Club, Membership, Player, Role
from games.bonanza.rules import GAME
from results.models import Session
from tests.factories import EventFactory, UserFactory, seated_table

from .conftest import PHONE
from .test_club_night import sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Anna de Vries", "Bram Jansen", "Cees Bakker", "Daan Visser"]

# The hands as the document will have them (seats from 0; Anna deals the first hand).
HANDS: list[dict[str, Any]] = [
    {  # Anna deals; Anna and Bram play poker, Bram wins; the joker to Cees, who goes out
        "sections": {"joker": 2},
        "poker": {"entrants": [0, 1], "winner": 1},
        "out": {"seat": 2, "cards_left": [3, 5, 0, 2]},
    },
    {  # Bram deals and sells the widow to Daan for 2; Anna shows the ace of spades
        "widow": {"buyer": 3, "price": 2},
        "sections": {"ace_spades": 0},
        "out": {"seat": 3, "cards_left": [4, 1, 2, 0]},
    },
    {  # Cees deals; Anna plays poker alone; Daan shows the king of hearts; Anna goes out
        "poker": {"entrants": [0], "winner": 0},
        "sections": {"king_hearts": 3},
        "out": {"seat": 0, "cards_left": [0, 2, 3, 1]},
    },
]


def expected(hands: list[dict[str, Any]], end: bool) -> Any:
    document = {
        "game": "bonanza",
        "seats": 4,
        "first_dealer": 0,
        "hands": hands,
        "end": {"leftover": "split"} if end else None,
    }
    outcome = GAME.score(document)
    assert outcome.valid, outcome.errors
    return outcome


def tap(page: Any, name: str, value: int | str) -> None:
    """Tap the tile of ``name`` for ``value`` (a seat, or "" for nobody)."""
    page.click(f"label.tile:has(input[name='{name}'][value='{value}'])")


def fill_hand(page: Any, hand: dict[str, Any]) -> None:
    for code, seat in (hand.get("sections") or {}).items():
        tap(page, f"section_{code}", seat)
    widow = hand.get("widow")
    if widow:
        page.select_option("#id_widow_buyer", str(widow["buyer"]))
        page.fill("#id_widow_price", str(widow["price"]))
    poker = hand.get("poker")
    if poker:
        for seat in poker["entrants"]:
            tap(page, "poker_entrants", seat)
        tap(page, "poker_winner", poker["winner"])
    out = hand["out"]["seat"]
    tap(page, "out_seat", out)  # the page empties that player's cards box and locks it
    assert page.locator(f"#id_cards_{out}").get_attribute("readonly") is not None
    for seat, cards in enumerate(hand["out"]["cards_left"]):
        if seat != out:
            page.fill(f"#id_cards_{seat}", str(cards))


def net_chips(page: Any) -> list[int]:
    """The net chips the page shows per seat, in seat order."""
    return [int(total) for total in page.locator(".seats-totals .total").all_inner_texts()]


def save(page: Any) -> None:
    with page.expect_navigation():
        page.click("form[data-bonanza] button[type=submit]")


def test_a_bonanza_session_on_a_phone(chromium, live_server, audit):
    base = live_server.url
    club = Club.objects.create(name="De Bonte Kaart", slug="de-bonte-kaart", city="Leiden")
    organizer = UserFactory(username="olga")
    organizer.set_password("secret")
    organizer.save()
    Membership.objects.create(
        club=club,
        role=Role.ORGANIZER,
        player=Player.objects.create(name="Olga Organisator", user=organizer),
    )
    event = EventFactory(club=club, name="Bonanza-avond", game="bonanza", ruleset="bonanza")
    players = [Player.objects.create(name=name) for name in NAMES]
    table = seated_table(event, players=players)

    # --- The organizer, on a phone, opens the table from the round ------------------------
    phone = audit.prepare(chromium.new_context(locale="en-GB", **PHONE))
    page = phone.new_page()
    sign_in(page, base, "olga")
    page.goto(f"{base}/manage/rounds/{table.round_id}/")
    with page.expect_navigation():
        with page.expect_navigation():
            page.click(f"a[href='/t/{table.scoring_token}/']")
    assert page.locator("#dealer-title").is_visible()  # who deals the first hand?
    audit.shot(page, "bonanza-first-dealer-phone")
    with page.expect_navigation():
        with page.expect_navigation():
            page.click("a[href='?dealer=0']")
    assert "Anna de Vries deals." in page.locator("form[data-bonanza]").inner_text()
    # The board before the first hand: four antes on each of the ten sections.
    assert page.locator(".board .chips").all_inner_texts() == ["4"] * 10
    audit.shot(page, "bonanza-hand-1-phone")

    fill_hand(page, HANDS[0])
    save(page)
    assert "Hand 1 is saved." in page.content()
    assert net_chips(page) == expected(HANDS[:1], False).totals
    fill_hand(page, HANDS[1])
    save(page)
    # Hand 3: seven sections carried over twice (8 chips) ... and shown on the board.
    assert "Cees Bakker deals." in page.locator("form[data-bonanza]").inner_text()
    carried = page.locator(".board .carried").all_inner_texts()
    assert len(carried) >= 6 and all(text.endswith("carried") for text in carried)
    audit.shot(page, "bonanza-hand-3-phone")

    # --- Hand 3 entered wrongly: the poker winner did not play -------------------------------
    wrong = {**HANDS[2], "poker": {"entrants": [0], "winner": 3}}
    fill_hand(page, wrong)
    save(page)
    problems = page.locator("#errors")
    assert problems.is_visible() and "The hand is not saved" in problems.inner_text()
    assert problems.locator("a[href='#id_poker_winner_1']").count() == 1
    assert "must be one of the entrants (Anna de Vries), not Daan Visser" in problems.inner_text()
    assert problems.locator("li").count() == 1  # only that field
    assert Session.objects.get(table=table).revision == 2  # nothing saved
    audit.shot(page, "bonanza-refused-phone")
    tap(page, "poker_winner", 0)  # the rest of the hand is still filled in
    save(page)
    assert "Hand 3 is saved." in page.content()
    assert net_chips(page) == expected(HANDS, False).totals

    # --- Hand 4 saved, then taken back -----------------------------------------------------
    fill_hand(page, {"out": {"seat": 1, "cards_left": [1, 0, 1, 1]}})
    save(page)
    assert len(Session.objects.get(table=table).document["hands"]) == 4
    with page.expect_navigation():
        page.click("form[action$='/undo/'] button[type=submit]")
    assert audit.questions[-1].startswith("Undo the last hand?")
    assert "The last hand is taken back." in page.content()
    assert "Save hand 4" in page.content()
    assert net_chips(page) == expected(HANDS, False).totals

    # --- The session ends: the leftover rule (split) settles the board ----------------------
    ending = page.locator(".end-session")
    chips = expected(HANDS, True).to_dict()["end"]["chips"]
    assert f"{chips} chips are left on the board: shared out equally" in ending.inner_text()
    assert "Anna de Vries went out last." in ending.inner_text()
    audit.shot(page, "bonanza-ending-phone")
    ending.locator("summary").click()  # ending asks first, in the page
    assert ending.locator("#end-question").is_visible()
    with page.expect_navigation():
        ending.locator("button[type=submit]").click()
    final = expected(HANDS, True)
    assert "The session is over" in page.content()
    assert net_chips(page) == final.totals and sum(final.totals) == 0
    session = Session.objects.get(table=table)
    assert session.complete and session.result["totals"] == final.totals
    assert session.document["end"] == {"leftover": "split"}
    assert page.locator("form[data-bonanza]").count() == 0
    audit.shot(page, "bonanza-complete-phone")

    # --- Anyone: the public table sheet ----------------------------------------------------
    public = audit.prepare(chromium.new_context(locale="en-GB", **PHONE)).new_page()
    public.goto(f"{base}/events/{event.pk}/tables/{table.pk}/")
    assert "Complete session." in public.content()
    sheet = public.locator("table.bonanza-sheet")
    rows = sheet.locator("tbody tr")
    assert rows.count() == 3
    result = final.to_dict()
    for number, hand in enumerate(result["hands"]):
        cells = rows.nth(number).locator("td")
        nets = [
            int(re.match(r"[+-]\d+", cells.nth(seat).inner_text()).group()) for seat in range(4)
        ]
        assert nets == hand["nets"]
        assert int(cells.nth(4).inner_text()) == hand["board_total"]
    footer = {
        row.locator("th").inner_text(): [
            int(td) for td in row.locator("td").all_inner_texts() if td.strip()
        ]
        for row in sheet.locator("tfoot tr").all()
    }
    assert footer["Board"][:4] == result["end"]["shares"]
    assert footer["Total"] == final.totals and footer["Place"] == final.placements
    assert f"At the end the {chips} chips on the board were shared out equally" in (
        public.content()
    )
    # The revision list is for the club's scorers and organizers, not the public.
    assert public.locator("section[aria-labelledby=history]").count() == 0
    audit.shot(public, "bonanza-public-sheet-phone")

    assert not audit.violations, "\n".join(audit.violations)
