"""What a table's phone shows while entries wait to be sent, and what it offers when another
phone entered the same game meanwhile, in Chromium at 390×844 and 360×740, in Dutch and in
English: the waiting entries in the sheet's own words under one line of state, the totals with
them added, marked as not yet sent (equal to what the server saves once they arrive), sent when
the connection returns; in a conflict only the choices the server accepts, each doing what it
says, with each version's totals beside it, labelled (theirs as saved, this phone's as its
entries add up), and none in the sticky bar until the scorer chose."""

import random
from typing import Any

import pytest

from clubs.models import Player
from core.view_helpers import short_names
from games.bonanza.rules import GAME as BONANZA
from games.bonanza.rules import RULESETS as BONANZA_RULESETS
from games.bonken.rules import get_ruleset, score_session
from games.bonken.rules.sample import random_session
from results.models import Session
from tests.factories import EventFactory, seated_table

from .conftest import ARTIFACTS, PIXEL_RATIO, snap
from .test_bonanza_table import HANDS, fill_hand
from .test_offline_table import FILL_BONKEN, controlled

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Anna de Vries", "Bram Jansen", "Cees Bakker", "Daan Visser"]
SHORT = short_names(NAMES)
LOOK = ARTIFACTS.parent / "look" / "offline-truth"
SIZES = {"390": {"width": 390, "height": 844}, "360": {"width": 360, "height": 740}}
SAID = {
    "nl": {
        "waiting": "2 spellen wachten om verstuurd te worden",
        "totals": "Stand met de 2 wachtende spellen, nog niet verstuurd.",
        "sent": "De 2 wachtende spellen zijn verstuurd.",
        "game": "Spel",
        "chosen": "gekozen door",
        "same": "is intussen vanaf een andere telefoon opgeslagen",
        "keep": "Houd die van de ander",
        "replace": "Vervang die door de mijne",
        "after": "De mijne komt erna",
        "chips": "Fiches met de wachtende hand, nog niet verstuurd.",
        "theirs": "Stand met die van de ander, zoals opgeslagen",
        "mine": "Stand met de jouwe, op deze telefoon",
        "choose": "Welke stand telt, hangt af van je keuze hierboven.",
        "chips-theirs": "Fiches met die van de ander, zoals opgeslagen",
        "chips-mine": "Fiches met de jouwe, op deze telefoon",
        "chips-choose": "Welke fiches tellen, hangt af van je keuze hierboven.",
    },
    "en": {
        "waiting": "2 games wait to be sent",
        "totals": "Totals with the 2 waiting games, not sent yet.",
        "sent": "The 2 waiting games are sent.",
        "game": "Game",
        "chosen": "chosen by",
        "same": "was saved from another phone meanwhile",
        "keep": "Keep theirs",
        "replace": "Replace theirs with mine",
        "after": "Mine comes after theirs",
        "chips": "Chips with the waiting hand, not sent yet.",
        "theirs": "Totals with theirs, as saved",
        "mine": "Totals with yours, on this phone",
        "choose": "Which totals count depends on your choice above.",
        "chips-theirs": "Chips with theirs, as saved",
        "chips-mine": "Chips with yours, on this phone",
        "chips-choose": "Which chips count depends on your choice above.",
    },
}


def phone(chromium: Any, audit: Any, lang: str, size: str) -> Any:
    return audit.prepare(
        chromium.new_context(
            locale="nl-NL" if lang == "nl" else "en-GB",
            viewport=SIZES[size],
            device_scale_factor=PIXEL_RATIO,
            is_mobile=True,
            has_touch=True,
        )
    )


def open_table(context: Any, url: str, lang: str) -> Any:
    page = context.new_page()
    page.goto(url)
    if lang == "en" and page.get_attribute("html", "lang") != "en":
        with page.expect_navigation():
            page.click("header.site .language-switch button[value=en]")  # a phone's one button
    return page


def look(page: Any, name: str) -> None:
    """A screenshot for people to look at, and nothing wider than the phone."""
    path = LOOK / f"{name}.png"
    snap(page, path)
    wide = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 0, f"{name}: the page is {wide}px wider than the phone"


def save_online(page: Any, game: dict[str, Any]) -> None:
    page.evaluate(FILL_BONKEN, game)
    with page.expect_navigation():
        page.click("form[data-offline-form] button[type=submit]")


def keep_offline(page: Any, game: dict[str, Any], queued: int) -> str:
    """Enter a game without a network; the contract's name as its tile says it."""
    page.evaluate(FILL_BONKEN, game)
    name = page.inner_text(f"label.tile:has(input[name=contract][value={game['contract']}]) span")
    page.click("form[data-offline-form] button[type=submit]")
    page.wait_for_function(
        "(n) => document.querySelectorAll('[data-offline-list] li').length === n", arg=queued
    )
    return str(name).strip()


def bar_totals(page: Any) -> list[int]:
    texts = page.eval_on_selector_all("#bar-totals .total", "els => els.map(e => e.textContent)")
    return [int(text.strip()) for text in texts]


def version_totals(page: Any, which: str) -> tuple[str, list[int]]:
    """A version's totals in the conflict: its label and each seat's total."""
    box = page.locator(f"[data-offline-{which}-totals]")
    numbers = box.locator(".total").all_inner_texts()
    return box.locator(".offline-totals-label").inner_text(), [int(n) for n in numbers]


def bonken_table() -> Any:
    players = [Player.objects.create(name=name) for name in NAMES]
    return seated_table(EventFactory(published=True), players=players)


@pytest.mark.parametrize(("lang", "size"), [("nl", "390"), ("en", "360")])
def test_waiting_games_in_words_and_in_the_totals_marked_as_not_sent(
    chromium, live_server, audit, lang, size
):
    said = SAID[lang]
    games = random_session(random.Random(3), ruleset=get_ruleset("classic"))["games"]
    table = bonken_table()
    context = phone(chromium, audit, lang, size)
    page = open_table(context, f"{live_server.url}/t/{table.scoring_token}/", lang)
    save_online(page, games[0])
    save_online(page, games[1])
    saved = Session.objects.get(table=table).result["totals"]
    assert bar_totals(page) == saved
    assert page.locator("[data-offline-totals]").count() == 0
    controlled(page)
    look(page, f"bonken-online-{lang}-{size}")

    context.set_offline(True)
    page.wait_for_selector(".offline-box.is-offline")
    names = [keep_offline(page, game, n) for n, game in enumerate(games[2:4], start=1)]
    # One line of state, the waiting games in the sheet's words, the totals marked as saved.
    assert said["waiting"] in page.inner_text("[data-offline-state]")
    items = page.eval_on_selector_all("[data-offline-list] li", "els => els.map(e => e.innerText)")
    for number, (item, game, name) in enumerate(zip(items, games[2:4], names, strict=True), 3):
        assert item.startswith(f"{said['game']} {number}: {name}, {said['chosen']} ")
        assert SHORT[game["chooser"]] in item
    # The totals include the waiting games, marked; the server's totals once sent are the same.
    ruleset = get_ruleset("classic")
    expected = score_session({"games": games[:4]}, ruleset=ruleset).to_dict()["totals"]
    assert bar_totals(page) == expected != saved
    assert page.inner_text("[data-offline-totals]") == said["totals"]
    assert "is-pending" in (page.get_attribute("#bar-totals", "class") or "")
    assert not page.is_visible("[data-offline-checks] p")  # the explanation waits behind a tap
    look(page, f"bonken-waiting-{lang}-{size}")

    with page.expect_navigation():
        context.set_offline(False)
    page.wait_for_selector("[data-offline-note]:not([hidden])")
    session = Session.objects.get(table=table)
    assert session.revision == 4 and len(session.document["games"]) == 4
    assert page.inner_text("[data-offline-note]") == said["sent"]
    assert bar_totals(page) == session.result["totals"] == expected
    assert "is-pending" not in (page.get_attribute("#bar-totals", "class") or "")
    assert page.locator("[data-offline-totals]").count() == 0
    assert page.locator("[data-offline-list] li").count() == 0
    look(page, f"bonken-sent-{lang}-{size}")
    assert not audit.violations, audit.violations
    context.close()


def conflict(chromium: Any, live_server: Any, audit: Any, lang: str, size: str) -> Any:
    """Phone one keeps game 2 offline; phone two saves its own game 2 meanwhile; phone one comes
    back online and sees the conflict with the choices the server accepts."""
    games = random_session(random.Random(3), ruleset=get_ruleset("classic"))["games"]
    mine, theirs = games[1], {**games[1], "doubles": []}
    assert mine["doubles"]
    table = bonken_table()
    url = f"{live_server.url}/t/{table.scoring_token}/"
    first = phone(chromium, audit, lang, size)
    one = open_table(first, url, lang)
    save_online(one, games[0])
    controlled(one)
    first.set_offline(True)
    keep_offline(one, mine, 1)
    second = phone(chromium, audit, lang, size)
    two = open_table(second, url, lang)
    save_online(two, theirs)
    first.set_offline(False)
    one.wait_for_selector("[data-offline-problem]:not([hidden])")
    one.wait_for_selector("[data-offline-asking]", state="hidden")
    return table, one, mine, games


@pytest.mark.parametrize(
    ("choice", "lang", "size"), [("replace", "nl", "390"), ("keep", "en", "360")]
)
def test_two_phones_entered_the_same_game(chromium, live_server, audit, choice, lang, size):
    said = SAID[lang]
    table, one, mine, games = conflict(chromium, live_server, audit, lang, size)
    assert f"{said['game']} 2 {said['same']}" in one.inner_text("[data-offline-problem-text]")
    # Each version's totals beside the choices, labelled: theirs as the server saved them, this
    # phone's as game 1 and its own game 2 add up; the sticky bar takes no side, and says so.
    ruleset = get_ruleset("classic")
    theirs_saved = Session.objects.get(table=table).result["totals"]
    yours = score_session({"games": [games[0], mine]}, ruleset=ruleset).to_dict()["totals"]
    assert theirs_saved != yours
    assert version_totals(one, "server") == (said["theirs"], theirs_saved)
    assert version_totals(one, "mine") == (said["mine"], yours)
    assert not one.is_visible("#bar-totals")
    assert one.inner_text("[data-offline-totals]") == said["choose"]
    assert one.locator("[data-offline-server-sheet] tfoot").count() == 0  # said once, below
    # Theirs as the sheet has it, from game 2 on; mine in words.
    assert one.locator("[data-offline-server-sheet] tbody tr").count() == 1
    assert one.inner_text("[data-offline-mine]").startswith(f"{said['game']} 2: ")
    # The server takes theirs kept or replaced by mine; mine after theirs is the wrong chooser.
    assert one.inner_text("[data-offline-discard]") == said["keep"]
    assert one.inner_text("[data-offline-replace]") == said["replace"]
    assert not one.is_visible("[data-offline-ontop]")
    assert "2" in one.inner_text("[data-offline-state]")
    look(one, f"bonken-conflict-{lang}-{size}")
    session = Session.objects.get(table=table)
    assert session.revision == 2 and session.document["games"][1]["doubles"] == []

    with one.expect_navigation():
        one.click(f"[data-offline-{'replace' if choice == 'replace' else 'discard'}]")
    one.wait_for_load_state()
    session = Session.objects.get(table=table)
    assert one.locator("[data-offline-list] li").count() == 0
    if choice == "replace":  # theirs taken back (kept in the history), mine in its place
        assert session.revision == 4 and len(session.document["games"]) == 2
        assert sorted(session.document["games"][1]["doubles"]) == sorted(mine["doubles"])
        history = session.revisions.order_by("number").values_list("document", flat=True)
        assert [len(d["games"]) for d in history] == [1, 2, 1, 2]
    else:
        assert session.revision == 2 and session.document["games"][1]["doubles"] == []
    # The totals in view are the chosen version's, as the server saved it.
    assert (
        bar_totals(one)
        == session.result["totals"]
        == (yours if choice == "replace" else theirs_saved)
    )
    look(one, f"bonken-conflict-{choice}-{lang}-{size}")
    assert not audit.violations, audit.violations


def bonanza_table() -> Any:
    players = [Player.objects.create(name=name) for name in NAMES]
    event = EventFactory(published=True, game="bonanza", ruleset="bonanza")
    return seated_table(event, players=players)


@pytest.mark.parametrize(("lang", "size"), [("en", "390"), ("nl", "360")])
def test_a_hand_entered_on_two_phones_may_come_after_theirs(
    chromium, live_server, audit, lang, size
):
    table = bonanza_table()
    url = f"{live_server.url}/t/{table.scoring_token}/"
    first = phone(chromium, audit, lang, size)
    one = open_table(first, url, lang)
    with one.expect_navigation():
        with one.expect_navigation():
            one.click("a[href='?dealer=0']")
    fill_hand(one, HANDS[0])
    with one.expect_navigation():
        one.click("form[data-offline-form] button[type=submit]")
    controlled(one)
    first.set_offline(True)
    one.wait_for_selector(".offline-box.is-offline")
    fill_hand(one, HANDS[1])
    one.click("form[data-offline-form] button[type=submit]")
    one.wait_for_selector("[data-offline-list] li")
    item = one.inner_text("[data-offline-list] li")
    hand = "Hand 2: "  # the rules' word in both languages
    assert item.startswith(hand) and ("Daan went out" if lang == "en" else "Daan ging uit") in item
    assert (
        "widow sold to Daan for 2" if lang == "en" else "blinde verkocht aan Daan voor 2"
    ) in item
    # The chips in the bar include the waiting hand, as the rules will count it when it is sent.
    document = {"seats": 4, "first_dealer": 0, "hands": HANDS[:2]}
    scored = BONANZA.score(document, ruleset=BONANZA_RULESETS["bonanza"])
    expected = scored.totals
    shown = one.eval_on_selector_all(
        "#bar-summary .total", "els => els.map(e => parseInt(e.textContent, 10))"
    )
    assert shown == expected
    # The board as hand 3 finds it: what hands 1 and 2 left, plus every player's ante.
    board = one.eval_on_selector_all(
        "ol.board li",
        "els => els.map(e => [e.dataset.section, +e.querySelector('.chips').textContent])",
    )
    left = scored.to_dict()["board"]
    assert board == [[code, chips + 4] for code, chips in left.items()]
    assert one.inner_text("[data-offline-totals]") == SAID[lang]["chips"]
    dealer = one.inner_text("[data-hand-dealer]")
    assert dealer == ("Cees Bakker deals." if lang == "en" else "Cees Bakker deelt.")
    saving = one.inner_text("form[data-offline-form] .sticky-bar button[type=submit]")
    assert saving == ("Save hand 3" if lang == "en" else "Hand 3 opslaan")
    look(one, f"bonanza-waiting-{lang}-{size}")

    second = phone(chromium, audit, lang, size)
    two = open_table(second, url, lang)
    fill_hand(two, HANDS[2] | {"sections": {}})
    with two.expect_navigation():
        two.click("form[data-offline-form] button[type=submit]")
    assert Session.objects.get(table=table).revision == 2
    first.set_offline(False)
    one.wait_for_selector("[data-offline-problem]:not([hidden])")
    one.wait_for_selector("[data-offline-asking]", state="hidden")
    said = SAID[lang]
    # Each version's chips, labelled: theirs as saved (hands 1 and theirs), this phone's (hands
    # 1 and 2 as it has them); the sticky bar's chips take no side until the scorer chose.
    theirs_saved = Session.objects.get(table=table).result["totals"]
    assert version_totals(one, "server") == (said["chips-theirs"], theirs_saved)
    assert version_totals(one, "mine") == (said["chips-mine"], expected)
    assert not one.is_visible("#bar-summary .seats-totals")
    assert one.inner_text("[data-offline-totals]") == said["chips-choose"]
    assert one.inner_text("[data-offline-discard]") == said["keep"]
    assert one.is_visible("[data-offline-replace]") and one.is_visible("[data-offline-ontop]")
    assert one.inner_text("[data-offline-ontop]") == said["after"]
    look(one, f"bonanza-conflict-{lang}-{size}")
    with one.expect_navigation():
        one.click("[data-offline-ontop]")
    session = Session.objects.get(table=table)
    hands = session.document["hands"]
    assert len(hands) == 3 and hands[2]["out"]["seat"] == HANDS[1]["out"]["seat"]
    assert hands[1]["out"]["seat"] == HANDS[2]["out"]["seat"]
    look(one, f"bonanza-after-{lang}-{size}")
    assert not audit.violations, audit.violations


def test_a_bonko_result_waits_in_words_and_is_sent(chromium, live_server, audit):
    players = [Player.objects.create(name=name) for name in NAMES]
    table = seated_table(
        EventFactory(published=True, game="bonko", ruleset="bonko"), players=players
    )
    context = phone(chromium, audit, "nl", "360")
    page = open_table(context, f"{live_server.url}/t/{table.scoring_token}/", "nl")
    controlled(page)
    context.set_offline(True)
    page.wait_for_selector(".offline-box.is-offline")
    page.fill("#id_score_0", "21")
    page.fill("#id_score_1", "18")
    page.fill("#id_bonkos_0", "1")
    page.click("form[data-bonko] .sticky-bar button[type=submit]")
    page.wait_for_selector("[data-offline-list] li")
    assert (
        page.inner_text("[data-offline-state]")
        == "Offline: de uitslag wacht om verstuurd te worden."
    )
    teams = page.eval_on_selector_all(
        "input[data-score]", "els => els.map(e => e.labels[0].innerText)"
    )
    assert page.inner_text("[data-offline-list] li") == (
        f"De uitslag: {teams[0]} 21 – {teams[1]} 18; {teams[0]} won; Bonko's: {NAMES[0]} 1"
    )
    look(page, "bonko-waiting-nl-360")
    with page.expect_navigation():
        context.set_offline(False)
    session = Session.objects.get(table=table)
    assert session.result["scores"] == [21, 18] and session.result["winner"] == 0
    look(page, "bonko-sent-nl-360")
    assert not audit.violations, audit.violations
