"""An organizer corrects one game after the round closed, on a phone, for every game: from the
club's page to the event, the round, the table's score sheet and history; one game (round,
hand; Bonko's result) picked; changed in the table page's own inputs; saved without a reason
first (the problem is shown at the top, in the page's language), then with one. The new
revision changed only that part, kept the rest (Bonken's doubles included), and the standings
follow, and the history says which part changed. 390 x 844 and 360 x 740, Dutch and English;
nothing is wider than the screen. A Bonanza hand of six players is corrected in the table
page's compact rows (about two screens) with its chips counted before saving; a Bonko tie asks
for the roll-off at once; a Bonken game's points take a minus from the ± button. Screenshots of
the organizer's correction page before (the whole paper sheet) and after go to
artifacts/look/correction/."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from results.models import Session
from tests.conftest import ROOT
from tests.correction_world import SLUG, bonken_paper, closed_night
from tournaments.models import Standing

from .conftest import PHONE, snap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LOOK = ROOT / "artifacts" / "look" / "correction"
LOCALES = {"en": "en-GB", "nl": "nl-NL"}
SMALL = {**PHONE, "viewport": {"width": 360, "height": 740}}
MISSING = {"en": "Say why the result changes", "nl": "Zeg waarom de uitslag verandert"}
SAVED = {"en": "is corrected", "nl": "is verbeterd"}
CORRECTED = {"en": "corrected", "nl": "verbeterd"}
SEATS = {"bonanza": 6}  # a Bonanza table of six: the tallest hand


def look(audit: Any, page: Any, name: str) -> None:
    """A screenshot to look at, the audit's checks, and nothing wider than the screen."""
    audit.shot(page, name, look=LOOK / f"{name}.png")
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= page.evaluate("innerWidth"), (name, wide)


def sign_in(page: Any, base: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "olga")
    page.fill("#id_password", "secret")
    with page.expect_navigation():
        page.click("main form button[type=submit]")


def follow(page: Any, selector: str) -> None:
    with page.expect_navigation():
        page.locator(selector).first.click()


# --- What each game's organizer changes, and the part of the document that changes ---------


def bonken_change(page: Any, document: dict[str, Any]) -> tuple[int, str, Any]:
    """Game 3, a plus contract: the fourth trick went to seat 0, not to the chooser."""
    game = document["games"][2]
    counts = list(game["counts"])
    counts[game["chooser"]] -= 1
    counts[(game["chooser"] + 2) % 4] += 1
    for seat, count in enumerate(counts):
        page.fill(f"#id_count_{seat}", str(count))
    return 3, "games", {**game, "counts": counts}


def jonkler_change(page: Any, document: dict[str, Any]) -> tuple[int, str, Any]:
    """A round nobody jonkled in: one trick went to the next player."""
    index = next(
        i for i, r in enumerate(document["rounds"]) if i and not any(r.get("jonkled") or [])
    )
    played = copy.deepcopy(document["rounds"][index])
    giver = next(seat for seat, took in enumerate(played["tricks"]) if took)
    played["tricks"][giver] -= 1
    played["tricks"][(giver + 1) % 4] += 1
    return index + 1, "rounds", played


def jonkler_fill(page: Any, played: dict[str, Any]) -> None:
    for seat, took in enumerate(played["tricks"]):
        page.fill(f"#id_tricks_{seat}", str(took))


def bonanza_change(page: Any, document: dict[str, Any]) -> tuple[int, str, Any]:
    """Hand 2: the player after whoever went out had one card more left."""
    hand = copy.deepcopy(document["hands"][1])
    seat = (hand["out"]["seat"] + 1) % len(hand["out"]["cards_left"])
    hand["out"]["cards_left"][seat] += 1
    page.fill(f"#id_cards_{seat}", str(hand["out"]["cards_left"][seat]))
    return 2, "hands", hand


def bonko_change(page: Any, document: dict[str, Any]) -> tuple[int, str, Any]:
    """The scores were written under the wrong teams, and so was the Bonko."""
    page.fill("#id_score_0", "9")
    page.fill("#id_score_1", "23")
    page.check("#id_winner_1")
    page.fill("#id_bonkos_0", "0")
    page.fill("#id_bonkos_1", "1")
    teams = copy.deepcopy(document["teams"])
    teams[0]["score"], teams[1]["score"] = 9, 23
    return 1, "teams", teams


def change(page: Any, code: str, document: dict[str, Any]) -> tuple[int, str, Any]:
    if code == "bonken":
        return bonken_change(page, document)
    if code == "bonanza":
        return bonanza_change(page, document)
    if code == "bonko":
        return bonko_change(page, document)
    return jonkler_change(page, document)


# --- The journey ---------------------------------------------------------------------------

# Each game once; each language and each phone size twice.
JOURNEYS = [
    ("bonken", "en", PHONE),
    ("jonkler", "nl", SMALL),
    ("bonanza", "en", SMALL),
    ("bonko", "nl", PHONE),
]


@pytest.mark.parametrize(("code", "lang", "phone"), JOURNEYS)
def test_the_organizer_corrects_one_game_after_the_round_closed(
    chromium, live_server, audit, code, lang, phone
):
    world = closed_night(code, seats=SEATS.get(code, 4))
    event, table = world["event"], world["table"]
    before = copy.deepcopy(Session.objects.get(table=table).document)
    stored = Session.objects.get(table=table).result
    width = phone["viewport"]["width"]
    name = f"{code}-{lang}-{width}"
    base = live_server.url
    page = audit.prepare(chromium.new_context(**phone, locale=LOCALES[lang])).new_page()
    sign_in(page, base)
    page.goto(f"{base}/clubs/{SLUG}/")
    assert page.locator("html").get_attribute("lang") == lang
    follow(page, f"a[href='/manage/events/{event.pk}/']")
    follow(page, f"a[href='/manage/rounds/{table.round_id}/']")
    look(audit, page, f"{name}-1-round")
    follow(page, f"a[href='/events/{event.pk}/tables/{table.pk}/']")
    look(audit, page, f"{name}-2-history")
    number, key, expected = change_target(code, before)
    follow(page, f".correct-list a[href='/manage/tables/{table.pk}/correct/{number}/']")
    look(audit, page, f"{name}-3-correct")
    # One game's inputs: the page is a few screens at most, not the whole sheet (a Bonanza
    # hand of six players in the table page's compact rows: about two screens).
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height <= (1900 if code == "bonanza" else 2000), (name, height)
    title = page.inner_text("main h1")

    number, key, expected = change(page, code, before)
    if code == "jonkler":
        jonkler_fill(page, expected)
    if code == "bonanza":
        chips_counted(page, stored["hands"][number - 1]["nets"], expected)
        look(audit, page, f"{name}-3b-chips")
    with page.expect_navigation():
        page.click("form.correction .sticky-bar button[type=submit]")
    errors = page.locator("#errors")
    assert MISSING[lang] in errors.inner_text()
    assert errors.bounding_box()["y"] < phone["viewport"]["height"] / 2  # at the top
    look(audit, page, f"{name}-4-no-reason")
    assert Session.objects.get(table=table).revision == 1

    page.fill("#id_reason", "overgeschreven" if lang == "nl" else "copied wrong")
    with page.expect_navigation():
        page.click("form.correction .sticky-bar button[type=submit]")
    assert SAVED[lang] in page.inner_text(".messages")
    assert page.url.endswith(f"/events/{event.pk}/tables/{table.pk}/")
    history = page.inner_text("section[aria-labelledby=history]")
    reason = "overgeschreven" if lang == "nl" else "copied wrong"
    assert f"{title} {CORRECTED[lang]}: {reason}" in history, history
    look(audit, page, f"{name}-5-saved")

    session = Session.objects.get(table=table)
    assert session.revision == 2
    after = session.document
    if key == "teams":  # Bonko: the scores and the Bonko, the night's own keys kept
        assert after["teams"] == expected
        assert after["bonkos"] == [0, 1, 0, 0]
        kept = {k: v for k, v in before.items() if k not in ("teams", "bonkos")}
    else:
        assert after[key][number - 1] == expected
        others = [p for i, p in enumerate(after[key]) if i != number - 1]
        assert others == [p for i, p in enumerate(before[key]) if i != number - 1]
        kept = {k: v for k, v in before.items() if k != key}
    assert {k: after[k] for k in kept} == kept
    if code == "bonken":
        assert after["games"][4]["doubles"] == before["games"][4]["doubles"] != []
    assert session.revisions.get(number=2).reason in ("overgeschreven", "copied wrong")
    # The standings follow the correction.
    standings = {row.player_id: row for row in Standing.objects.filter(event=event)}
    for seat, player in enumerate(world["players"]):
        assert standings[player.pk].total == session.result["totals"][seat], (name, seat)
    page.goto(f"{base}/events/{event.pk}/")
    look(audit, page, f"{name}-6-standings")
    assert not audit.violations, audit.violations


def chips_counted(page: Any, nets: list[int], hand: dict[str, Any]) -> None:
    """The hand's chips, counted as the organizer taps (nothing saved): one card more in the
    hand of the player after whoever went out (``hand``, as changed) is a chip more for the
    one who went out than the stored hand's ``nets``, and a chip less for that player."""
    out = hand["out"]["seat"]
    seat = (out + 1) % len(hand["out"]["cards_left"])
    expected = list(nets)
    expected[seat] -= 1
    expected[out] += 1
    page.wait_for_function(
        "([seat, net]) => document.getElementById('hand-net-' + seat).textContent.trim() === net",
        arg=[seat, f"{expected[seat]:+d}"],
    )
    shown = [int(page.inner_text(f"#hand-net-{s}")) for s in range(len(nets))]
    assert shown == expected, (shown, expected)
    assert page.locator("#hand-net-" + str(out)).inner_text() == f"{expected[out]:+d}"
    assert page.locator("#check [data-hand-preview]").is_visible()


def change_target(code: str, document: dict[str, Any]) -> tuple[int, str, Any]:
    """Which part the journey picks (what ``change`` will change), before any input."""

    class Quiet:
        def fill(self, *args: Any) -> None: ...

        def check(self, *args: Any) -> None: ...

    return change(Quiet(), code, document)


def asked(page: Any) -> int:
    """How many things the page's form asks (its fields by name; a tile group is one)."""
    return page.evaluate(
        """() => new Set([...document.querySelectorAll("main form [name]")]
            .filter(e => e.type !== "hidden" && e.name !== "language")
            .map(e => e.name)).size"""
    )


@pytest.mark.parametrize("code", ["bonken", "jonkler", "bonanza", "bonko"])
def test_before_a_correction_was_the_whole_session_again(chromium, live_server, audit, code):
    """The organizer's way in before (kept for copying a paper sheet): every game of the
    session again (a closed Bonko round: no way at all), many more inputs than one part's."""
    world = closed_night(code)
    table = world["table"]
    page = audit.prepare(chromium.new_context(**PHONE, locale="en-GB")).new_page()
    sign_in(page, live_server.url)
    page.goto(f"{live_server.url}/t/{table.scoring_token}/paper/")
    snap(page, LOOK / f"before-{code}-paper-en.png")
    whole = asked(page)
    page.goto(f"{live_server.url}/manage/tables/{table.pk}/correct/1/")
    one = asked(page)
    if code == "bonko":
        assert whole == 0 < one
    else:
        assert whole > 2 * one, (code, whole, one)


def to_correction(page: Any, base: str, world: dict[str, Any], number: int) -> None:
    """Signed in, from the club's page to the table's history and its part ``number``."""
    event, table = world["event"], world["table"]
    sign_in(page, base)
    page.goto(f"{base}/clubs/{SLUG}/")
    follow(page, f"a[href='/manage/events/{event.pk}/']")
    follow(page, f"a[href='/manage/rounds/{table.round_id}/']")
    follow(page, f"a[href='/events/{event.pk}/tables/{table.pk}/']")
    follow(page, f".correct-list a[href='/manage/tables/{table.pk}/correct/{number}/']")


LEVEL = {"en": "Both teams have 25", "nl": "Beide teams hebben 25"}
UNDECIDED = {"en": "the roll-off decides", "nl": "uitgooien beslist"}


@pytest.mark.parametrize(("lang", "phone"), [("en", PHONE), ("nl", SMALL)])
def test_a_bonko_correction_to_a_tie_asks_for_the_roll_off_at_once(
    chromium, live_server, audit, lang, phone
):
    """The scores corrected to a tie: the roll-off is asked the moment they are level (before
    any save), a team tapped as the winner while level is refused with the reason, and the
    roll-off's points decide, as on the table page."""
    world = closed_night("bonko")
    table = world["table"]
    name = f"bonko-tie-{lang}-{phone['viewport']['width']}"
    page = audit.prepare(chromium.new_context(**phone, locale=LOCALES[lang])).new_page()
    to_correction(page, live_server.url, world, 1)
    rolloff = page.locator("form.correction [data-rolloff]")
    assert rolloff.is_hidden()
    page.fill("#id_score_0", "25")
    page.fill("#id_score_1", "25")
    rolloff.wait_for(state="visible")
    assert LEVEL[lang] in rolloff.inner_text()
    assert not page.is_checked("#id_winner_0") and not page.is_checked("#id_winner_1")
    page.click("label[for=id_winner_0]")
    assert not page.is_checked("#id_winner_0")
    assert UNDECIDED[lang] in page.inner_text("[data-winner-note]")
    look(audit, page, f"{name}-1-level")
    page.fill("#id_rolloff_0_0", "3")
    page.fill("#id_rolloff_1_0", "5")
    assert page.is_checked("#id_winner_1")  # the roll-off's leader
    page.click("label[for=id_winner_0]")  # the other team cannot have won: the page says why
    assert page.is_checked("#id_winner_1")
    assert page.inner_text("[data-winner-note]").strip()
    page.fill("#id_reason", "gelijkspel" if lang == "nl" else "it was a tie")
    look(audit, page, f"{name}-2-rolloff")
    with page.expect_navigation():
        page.click("form.correction .sticky-bar button[type=submit]")
    assert SAVED[lang] in page.inner_text(".messages")
    session = Session.objects.get(table=table)
    assert session.revision == 2
    assert [t["rolloff"] for t in session.document["teams"]] == [[3], [5]]
    assert session.result["winner"] == 1
    assert not audit.violations, audit.violations


@pytest.mark.parametrize(("lang", "phone"), [("nl", PHONE), ("en", SMALL)])
def test_the_plus_minus_button_makes_a_bonken_points_correction_negative(
    chromium, live_server, audit, lang, phone
):
    """A Bonken session copied game by game as points: a minus game's points are corrected
    with the digit keypad (no minus on an iPhone's) and the ± button beside each field."""
    world = closed_night("bonken", bonken_paper("games"))
    table = world["table"]
    games = Session.objects.get(table=table).document["games"]
    index = next(
        i for i, game in enumerate(games) if len(set(game["net"])) > 1 and min(game["net"]) < 0
    )
    before = games[index]["net"]
    changed = [*before[1:], before[0]]  # each player's points written one seat off
    name = f"bonken-sign-{lang}-{phone['viewport']['width']}"
    page = audit.prepare(chromium.new_context(**phone, locale=LOCALES[lang])).new_page()
    to_correction(page, live_server.url, world, index + 1)
    for seat, value in enumerate(changed):
        field = page.locator(f"#id_points_{seat}")
        assert field.get_attribute("inputmode") == "numeric"  # the digit keypad
        field.fill(str(abs(value)))
        if value < 0:
            page.click(f"button[data-sign-toggle][aria-controls=id_points_{seat}]")
        assert field.input_value() == str(value)
    toggle = page.locator("button[data-sign-toggle][aria-controls=id_points_0]")
    box = toggle.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    toggle.click()  # twice: back again
    toggle.click()
    assert page.input_value("#id_points_0") == str(changed[0])
    page.fill("#id_reason", "overgeschreven" if lang == "nl" else "copied wrong")
    look(audit, page, f"{name}-1-points")
    with page.expect_navigation():
        page.click("form.correction .sticky-bar button[type=submit]")
    assert SAVED[lang] in page.inner_text(".messages")
    after = Session.objects.get(table=table).document["games"][index]["net"]
    assert after == changed
    assert not audit.violations, audit.violations
