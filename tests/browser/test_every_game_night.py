"""A night of every game, from the organizer's first page to the public standings, in a real
Chromium on 390 x 844 phones, two games in English and two in Dutch. Nothing is made through a
service or the admin: the organizer signs in, opens the club's page, creates the event with the
new-event form (the game chosen there), checks three players in on the check-in page while the
fourth checks in through the door link on their own phone, seats round 1 (Bonko: pairs the teams
first) and starts it; a scorer plays the table through its link on a phone; the organizer closes
the round and publishes; anyone reads the public standings and the room's screen. Each journey
also makes an event of its game with script turned off (the rulesets grouped by game). The event
form and the table page of each game in each language go to artifacts/look/games/."""

import random
import re
from typing import Any

import pytest

from clubs.models import Club, Membership, Player, Role
from games.jonkler.rules import GAME as JONKLER
from games.jonkler.rules.sample import random_session
from games.registry import games, get_game
from results.models import Session
from tests.conftest import ROOT
from tests.documents import classic_games
from tests.factories import UserFactory
from tournaments.models import Event

from .conftest import PHONE
from .test_bonanza_table import HANDS, fill_hand
from .test_bonanza_table import save as save_hand
from .test_bonko_night import save_result
from .test_club_night import sign_in
from .test_door_checkin import pick

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LOOK = ROOT / "artifacts" / "look" / "games"
MEMBERS = ["Anna de Vries", "Bram Jansen", "Cees Bakker", "Daan Visser"]
AT_THE_DOOR = "Daan Visser"
LOCALES = {"en": "en-GB", "nl": "nl-NL"}
NIGHT = {"en": "Night of {game}", "nl": "{game}avond"}


def signed(text: str) -> int:
    """A figure as the standings show it: "+55", "−12" (a minus sign), "0"."""
    return int(text.strip().replace("\u2212", "-").removeprefix("+"))


def look(audit: Any, page: Any, name: str) -> None:
    """A screenshot for the eye (artifacts/look/games/) and the audit's checks; nothing is
    wider than the phone."""
    audit.shot(page, name, look=LOOK / f"{name}.png")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, name


# --- Playing one table on a phone, per game ------------------------------------------------


def enter_bonken_game(page: Any, game: dict[str, Any]) -> None:
    """One game on Bonken's table page, saved without waiting for the live check (the
    club-night journey follows that check)."""
    page.click(f"label[for=id_chooser_{game['chooser']}]")
    page.click(f"label[for=id_contract_{game['contract']}]")
    if page.locator(f"[data-taker-contract={game['contract']}]").count():  # who took it?
        takers = [seat for seat, count in enumerate(game["counts"]) for _ in range(count)]
        for number, seat in enumerate(takers, start=1):
            page.click(f"label[for=id_took_{game['contract']}_{number}_{seat}]")
    else:
        for seat, count in enumerate(game["counts"]):
            page.fill(f"#id_count_{seat}", str(count))
    if game["doubles"]:  # the doubles fold away until opened
        page.click("details.doubles-box > summary")
        for doubler, target in game["doubles"]:
            page.check(f"#id_d_{doubler}_{target}")
    with page.expect_navigation():
        page.click("form[data-game-form] button[type=submit]")


def play_bonken(page: Any, audit: Any, shot: str) -> None:
    games = classic_games()
    look(audit, page, shot)
    for game in games:
        enter_bonken_game(page, game)
    assert page.locator(".alert.ok").count() >= 1


def play_jonkler(page: Any, audit: Any, shot: str) -> None:
    document = random_session(random.Random(3), seats=4, ruleset=JONKLER.rulesets["jonkler"])
    with page.expect_navigation():
        with page.expect_navigation():
            page.click(f"a[href='?dealer={document['first_dealer']}']")
    look(audit, page, shot)
    for played in document["rounds"]:
        for seat, bid in enumerate(played["bids"]):
            page.fill(f"#id_bid_{seat}", str(bid))
        for seat, tricks in enumerate(played["tricks"]):
            page.fill(f"#id_tricks_{seat}", str(tricks))
        with page.expect_navigation():
            page.click("form.jonkler-round button[type=submit]")
    assert page.locator(".alert.ok").count() == 1


def play_bonko(page: Any, audit: Any, shot: str) -> None:
    look(audit, page, shot)
    save_result(page, (23, 9), winner=0)
    assert page.locator("form[data-bonko]").count() == 1


def play_bonanza(page: Any, audit: Any, shot: str) -> None:
    with page.expect_navigation():
        with page.expect_navigation():
            page.click("a[href='?dealer=0']")
    look(audit, page, shot)
    for hand in HANDS:
        fill_hand(page, hand)
        save_hand(page)
    page.locator(".end-session summary").click()  # ending asks first, in the page
    with page.expect_navigation():
        page.locator(".end-session button[type=submit]").click()
    assert page.locator("form[data-bonanza]").count() == 0


PLAY = {
    "bonken": play_bonken,
    "jonkler": play_jonkler,
    "bonko": play_bonko,
    "bonanza": play_bonanza,
}


# --- The night -----------------------------------------------------------------------------


def make_club() -> Club:
    club = Club.objects.create(name="De Vrolijke Dobbelsteen", slug="de-vrolijke-dobbelsteen")
    organizer = UserFactory(username="olga")
    organizer.set_password("secret")
    organizer.save()
    Membership.objects.create(
        club=club,
        role=Role.ORGANIZER,
        player=Player.objects.create(name="Olga Organisator", user=organizer),
    )
    for name in MEMBERS:
        Membership.objects.create(club=club, player=Player.objects.create(name=name))
    return club


def other_language(
    chromium: Any, audit: Any, base: str, code: str, lang: str, table_link: str
) -> None:
    """The event form with the game chosen and the table's page, on a phone in the language
    the journey does not use (screenshots to look at)."""
    page = audit.prepare(chromium.new_context(**PHONE, locale=LOCALES[lang])).new_page()
    sign_in(page, base, "olga")
    page.goto(f"{base}/manage/clubs/de-vrolijke-dobbelsteen/events/new/?game={code}")
    assert page.locator("html").get_attribute("lang") == lang
    assert page.input_value("#id_game") == code
    look(audit, page, f"{code}-{lang}-event-form")
    page.goto(f"{base}/manage/clubs/de-vrolijke-dobbelsteen/rulesets/")
    look(audit, page, f"{code}-{lang}-house-rules")
    page.goto(base + table_link)
    look(audit, page, f"{code}-{lang}-table")
    dealer = page.locator("a[href^='?dealer=']")
    if dealer.count():  # who deals first is asked before the form (nothing is saved yet)
        with page.expect_navigation():
            dealer.first.click()
        look(audit, page, f"{code}-{lang}-table-form")
    page.context.close()


def without_script(chromium: Any, base: str, code: str, lang: str) -> None:
    """The new-event form without JavaScript: every game's rulesets grouped under its name;
    the game's own picked from its group makes the event."""
    context = chromium.new_context(**PHONE, locale=LOCALES[lang], java_script_enabled=False)
    page = context.new_page()
    sign_in(page, base, "olga")
    page.goto(f"{base}/manage/clubs/de-vrolijke-dobbelsteen/events/new/")
    groups = page.eval_on_selector_all("#id_ruleset optgroup", "gs => gs.map(g => g.label)")
    assert len(groups) == len(games())
    game = get_game(code)
    page.fill("#id_name", "Zonder script")
    page.fill("#id_date", "2026-12-11")
    page.select_option("#id_game", code)
    page.select_option("#id_ruleset", game.default_ruleset)
    with page.expect_navigation():
        page.click("main form button[type=submit]")
    assert page.url.endswith("/checkin/"), page.url
    assert Event.objects.get(name="Zonder script").game == code
    context.close()


# Every game's whole journey in one language, two games in each; the event form, the house
# rules and the table page of each game are seen in the other language on the way
# (other_language).
JOURNEYS = [("bonken", "nl"), ("jonkler", "en"), ("bonko", "nl"), ("bonanza", "en")]


@pytest.mark.parametrize(("code", "lang"), JOURNEYS)
def test_a_night_of_every_game_from_the_organizers_first_page(
    chromium, live_server, audit, code, lang
):
    base = live_server.url
    club = make_club()
    game = get_game(code)
    game_name = game.name_nl if lang == "nl" else game.name
    phone = dict(PHONE, locale=LOCALES[lang])
    tag = f"{code}-{lang}"

    # --- The organizer: sign in, the club's page, the new-event form ---------------------
    page = audit.prepare(chromium.new_context(**phone)).new_page()
    sign_in(page, base, "olga")
    page.goto(f"{base}/clubs/{club.slug}/")
    assert page.locator("html").get_attribute("lang") == lang
    with page.expect_navigation():
        with page.expect_navigation():
            page.click("a[href$='/events/new/']")
    page.fill("#id_name", NIGHT[lang].format(game=game_name))
    page.fill("#id_date", "2026-12-04")
    # Rules picked for another game are let go when the game changes.
    other = next(g for g in games().values() if g.code != code)
    page.select_option("#id_game", other.code)
    page.select_option("#id_ruleset", other.default_ruleset)
    page.select_option("#id_game", code)
    assert page.input_value("#id_ruleset") == ""
    # The rules on offer are the chosen game's (and "the game's usual rules").
    offered = page.eval_on_selector_all(
        "#id_ruleset option:not([hidden])", "options => options.map(o => o.value)"
    )
    assert offered == ["", *game.rulesets]
    page.select_option("#id_ruleset", game.default_ruleset)
    page.fill("#id_planned_rounds", "1")
    look(audit, page, f"{tag}-event-form")
    with page.expect_navigation():
        page.click("main form button[type=submit]")
    assert re.search(r"/manage/events/\d+/checkin/$", page.url), page.url
    event_id = int(re.search(r"/manage/events/(\d+)/", page.url).group(1))

    # --- Check-in: three on the organizer's page, one through the door link ---------------
    for name in MEMBERS:
        if name == AT_THE_DOOR:
            continue
        row = page.locator("tr", has=page.locator("td", has_text=name))
        row.locator("button").click()
        row.locator("button[aria-pressed=true]").wait_for()
    with page.expect_navigation():
        with page.expect_navigation():
            page.click("a[href$='/door/']")
    door = page.locator(".door-sign-link a").get_attribute("href")
    guest = audit.prepare(chromium.new_context(**phone)).new_page()
    guest.goto(door if door.startswith("http") else base + door)
    assert game_name in guest.locator("main").inner_text()
    pick(guest, AT_THE_DOOR)
    page.goto(f"{base}/manage/events/{event_id}/checkin/")
    door_row = page.locator("tr", has=page.locator("td", has_text=AT_THE_DOOR))
    assert door_row.locator("button[aria-pressed=true]").count() == 1

    # --- Seat round 1 and start it -------------------------------------------------------
    page.goto(f"{base}/manage/events/{event_id}/")
    assert page.locator("header.site .brand").inner_text() == club.name
    assert page.locator("main [data-game]").first.inner_text() == game_name
    if game.teams:  # a team game pairs its players first
        with page.expect_navigation():
            with page.expect_navigation():
                page.click("a[href$='/teams/']")
        with page.expect_navigation():
            page.click("form:has(input[value=random]) button[type=submit]")
        page.goto(f"{base}/manage/events/{event_id}/")
    with page.expect_navigation():
        page.locator("form[action$='/rounds/new/'] button[type=submit]").first.click()
    round_url = page.url
    assert re.search(r"/manage/rounds/\d+/$", round_url), round_url
    with page.expect_navigation():
        page.click("form[action$='/accept/'] button[type=submit]")
    look(audit, page, f"{tag}-round")
    assert page.locator("main [data-game]").first.inner_text() == game_name
    links = page.locator(".card a[href^='/t/']")
    assert links.count() == 1  # four players: one table
    table_link = links.first.get_attribute("href")
    other_language(chromium, audit, base, code, "nl" if lang == "en" else "en", table_link)
    without_script(chromium, base, code, lang)

    # --- A scorer plays the table on a phone through its link ----------------------------
    scorer = audit.prepare(chromium.new_context(**phone)).new_page()
    scorer.goto(base + table_link)
    assert game_name in scorer.locator("main").inner_text()
    assert scorer.locator("header.site .brand").inner_text() == club.name
    PLAY[code](scorer, audit, f"{tag}-table")
    session = Session.objects.get(table__scoring_token=table_link.split("/")[2])
    assert session.complete, session.result

    # --- The organizer closes the round and publishes -------------------------------------
    page.goto(round_url)
    with page.expect_navigation():
        page.click("form[action$='/close/'] button[type=submit]")
    page.goto(f"{base}/manage/events/{event_id}/")
    with page.expect_navigation():
        page.click("form[action$='/publish/'] button[type=submit]")

    # --- Anyone reads the public standings on a phone -------------------------------------
    public = audit.prepare(chromium.new_context(**phone)).new_page()
    public.goto(f"{base}/events/{event_id}/")
    assert game_name in public.locator("main").inner_text()
    assert public.locator("header.site .brand").inner_text() == club.name
    rows = public.locator("#standings tbody tr")
    assert rows.count() == len(MEMBERS)
    names = [rows.nth(i).locator("td.name a").first.inner_text() for i in range(rows.count())]
    assert sorted(names) == sorted(MEMBERS)
    seats = {
        seat.position: seat.player.name for seat in session.table.seats.select_related("player")
    }
    if game.teams:  # ranked by wins: the winning team's two players first
        winners = {seats[s] for s in game.teams[4][0]}
        assert set(names[:2]) == winners
    else:
        totals = dict(zip([seats[s] for s in sorted(seats)], session.result["totals"], strict=True))
        shown = {
            rows.nth(i).locator("td.name a").first.inner_text(): signed(
                rows.nth(i).locator("td[data-total]").inner_text()
            )
            for i in range(rows.count())
        }
        assert shown == totals
    look(audit, public, f"{tag}-standings")
    public.goto(f"{base}/events/{event_id}/screen/")
    assert public.locator(".screen-game").inner_text() == game_name
    look(audit, public, f"{tag}-screen")
    assert not audit.violations, "\n".join(audit.violations)
