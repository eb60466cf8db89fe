"""An organizer corrects one game after the round closed, on a phone, for every game: from the
club's page to the event, the round, the table's score sheet and history; one game (round,
hand; Bonko's result) picked; changed in the table page's own inputs; saved without a reason
first (the problem is shown at the top, in the page's language), then with one. The new
revision changed only that part, kept the rest (Bonken's doubles included), and the standings
follow. 390 x 844 and 360 x 740, Dutch and English; nothing is wider than the screen.
Screenshots of the organizer's correction page before (the whole paper sheet) and after go to
artifacts/look/correction/."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from games.models import Session
from tests.conftest import ROOT
from tests.correction_world import SLUG, closed_night
from tournaments.models import Standing

from .conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LOOK = ROOT / "artifacts" / "look" / "correction"
LOCALES = {"en": "en-GB", "nl": "nl-NL"}
SMALL = {**PHONE, "viewport": {"width": 360, "height": 740}}
MISSING = {"en": "Say why the result changes", "nl": "Zeg waarom de uitslag verandert"}
SAVED = {"en": "is corrected", "nl": "is verbeterd"}


def look(audit: Any, page: Any, name: str) -> None:
    """A screenshot to look at, the audit's checks, and nothing wider than the screen."""
    LOOK.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(LOOK / f"{name}.png"), full_page=True)
    audit.shot(page, name)
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
    seat = (hand["out"]["seat"] + 1) % 4
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

JOURNEYS = [
    ("bonken", "en", PHONE),
    ("bonken", "nl", SMALL),
    ("jonkler", "nl", PHONE),
    ("jonkler", "en", SMALL),
    ("bonanza", "en", PHONE),
    ("bonanza", "nl", SMALL),
    ("bonko", "nl", PHONE),
    ("bonko", "en", SMALL),
]


@pytest.mark.parametrize(("code", "lang", "phone"), JOURNEYS)
def test_the_organizer_corrects_one_game_after_the_round_closed(
    chromium, live_server, audit, code, lang, phone
):
    world = closed_night(code)
    event, table = world["event"], world["table"]
    before = copy.deepcopy(Session.objects.get(table=table).document)
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
    # One game's inputs: the page is a few screens at most, not the whole sheet.
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height < (2400 if code == "bonanza" else 2000), (name, height)

    number, key, expected = change(page, code, before)
    if code == "jonkler":
        jonkler_fill(page, expected)
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
    LOOK.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(LOOK / f"before-{code}-paper-en.png"), full_page=True)
    whole = asked(page)
    page.goto(f"{live_server.url}/manage/tables/{table.pk}/correct/1/")
    one = asked(page)
    if code == "bonko":
        assert whole == 0 < one
    else:
        assert whole > 2 * one, (code, whole, one)
