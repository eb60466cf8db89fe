"""A whole club night in a real browser: the organizer creates the event, checks in seven
members and a walk-in, seats and starts round 1; two scorers enter their tables' sessions
on a phone (one entry is refused on the way, one game is taken back); the organizer
publishes and closes; the public standings show the right totals."""

import re
from typing import Any

import pytest

from clubs.models import Club, Membership, Player, Role
from games.bonken.rules import score_session
from results.models import Session
from tests.documents import classic_games
from tests.factories import UserFactory

from .conftest import DESKTOP, PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MEMBERS = [
    "Anna de Vries",
    "Bram Jansen",
    "Cees Bakker",
    "Daan Visser",
    "Eva Smit",
    "Floor Mulder",
    "Gijs de Boer",
]
WALK_IN = "Hanna Inloop"


def table_a_games() -> list[dict[str, Any]]:
    games = classic_games()
    games[0]["doubles"] = [[1, 0], [1, 2], [1, 3]]  # seat 1 zaalt
    games[1]["doubles"] = [[3, 0], [3, 2]]  # seat 3 ruitenwist (chooser is seat 1)
    return games


def table_b_games() -> list[dict[str, Any]]:
    plus = ["no_trumps", "trumps_clubs", "trumps_diamonds", "trumps_hearts"]
    games = []
    for seat, contract in enumerate(plus):
        counts = [2, 2, 2, 2]
        counts[seat] = 7
        games.append({"contract": contract, "chooser": seat, "counts": counts, "doubles": []})
    for index, game in enumerate(classic_games()[4:]):
        counts = game["counts"][1:] + game["counts"][:1]
        games.append(
            {"contract": game["contract"], "chooser": index % 4, "counts": counts, "doubles": []}
        )
    games[5]["doubles"] = [[0, 1], [1, 0]]
    return games


def expected_totals(games: list[dict[str, Any]]) -> list[int]:
    result = score_session({"ruleset": "classic", "games": games})
    assert result.valid and result.complete, result.errors
    return result.totals


def sign_in(page: Any, base: str, username: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", "secret")
    with page.expect_navigation():
        page.click("main form button[type=submit]")


def enter_game(page: Any, game: dict[str, Any], *, taps: dict[int, str] | None = None) -> None:
    """Fill in one game on the scorer's page and save it."""
    page.click(f"label[for=id_chooser_{game['chooser']}]")
    page.click(f"label[for=id_contract_{game['contract']}]")
    takers = [seat for seat, count in enumerate(game["counts"]) for _ in range(count)]
    if page.locator(f"[data-taker-contract={game['contract']}]").count():  # who took it?
        for number, seat in enumerate(takers, start=1):
            page.click(f"label[for=id_took_{game['contract']}_{number}_{seat}]")
    else:
        for seat, count in enumerate(game["counts"]):
            page.fill(f"#id_count_{seat}", str(count))
    if taps or game["doubles"]:  # the doubles fold away until opened
        page.click("details.doubles-box > summary")
    tapped = set()
    for seat, tap in (taps or {}).items():
        page.click(f"button[data-tap={tap}][data-seat='{seat}']")
        tapped.add(seat)
    for doubler, target in game["doubles"]:
        if doubler not in tapped:
            page.check(f"#id_d_{doubler}_{target}")
    page.wait_for_selector("#check .alert.ok")  # the engine agrees while typing
    with page.expect_navigation():
        page.click("form[data-game-form] button[type=submit]")


def seat_totals(page: Any) -> dict[str, int]:
    names = [name.get_attribute("data-name") for name in page.locator(".seats-totals .name").all()]
    totals = page.locator(".seats-totals .total").all_inner_texts()
    return {name: int(total) for name, total in zip(names, totals, strict=True)}


def test_a_club_night_from_check_in_to_published_standings(chromium, live_server, audit):
    base = live_server.url
    club = Club.objects.create(name="De Harten Vrouw", slug="de-harten-vrouw", city="Delft")
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
    games_a, games_b = table_a_games(), table_b_games()
    totals_a, totals_b = expected_totals(games_a), expected_totals(games_b)

    # --- The organizer, on a laptop, in Dutch --------------------------------------------
    desk = audit.prepare(chromium.new_context(locale="nl-NL", **DESKTOP))
    page = desk.new_page()
    sign_in(page, base, "olga")
    page.goto(f"{base}/clubs/{club.slug}/")
    audit.shot(page, "club")
    with page.expect_navigation():
        page.click("a[href$='/events/new/']")
    page.fill("#id_name", "Clubavond december")
    page.fill("#id_date", "2026-12-04")
    page.select_option("#id_ruleset", "classic")
    page.fill("#id_planned_rounds", "1")
    page.select_option("#id_seating_method", "balanced")
    audit.shot(page, "event-form")
    with page.expect_navigation(url=re.compile(r"/manage/events/\d+/checkin/$")):
        page.click("main form button[type=submit]")
    event_id = int(re.search(r"/manage/events/(\d+)/", page.url).group(1))

    for name in MEMBERS:
        row = page.locator("tr", has=page.locator("td", has_text=name))
        row.locator("button").click()
        page.locator("tr", has=page.locator("td", has_text=name)).locator(
            "button[aria-pressed=true]"
        ).wait_for()
    page.fill("#id_name", WALK_IN)
    with page.expect_navigation(url=re.compile(r"/checkin/$")):
        page.click("form[action$='/walk-in/'] button[type=submit]")
    assert (
        page.locator("tr", has=page.locator("td", has_text=WALK_IN))
        .locator("button[aria-pressed=true]")
        .count()
        == 1
    )
    audit.shot(page, "checkin")

    page.goto(f"{base}/manage/events/{event_id}/")
    audit.shot(page, "event-dashboard")
    with page.expect_navigation(url=re.compile(r"/manage/rounds/\d+/$")):
        page.click("form[action$='/rounds/new/'] button[type=submit]")
    round_url = page.url
    audit.shot(page, "round-plan")

    # Swap the first players of tables 1 and 2.
    first = [page.locator(f".card:nth-of-type({n}) ol li").first.inner_text() for n in (1, 2)]
    for field, name in zip(("player_a", "player_b"), first, strict=True):
        value = page.locator(f"#id_{field} option", has_text=name).get_attribute("value")
        page.select_option(f"#id_{field}", value)
    with page.expect_navigation(url=round_url):
        page.click("form[action$='/swap/'] button[type=submit]")
    assert page.locator(".card:nth-of-type(1) ol li").first.inner_text() == first[1]
    with page.expect_navigation(url=round_url):
        page.click("form[action$='/accept/'] button[type=submit]")
    links = [
        page.locator(f".card:nth-of-type({n}) a[href^='/t/']").get_attribute("href") for n in (1, 2)
    ]
    audit.shot(page, "round-playing")
    page.goto(f"{round_url}cards/")
    audit.shot(page, "table-cards")
    page.goto(f"{round_url}sheets/")
    page.emulate_media(media="print")
    audit.shot(page, "score-sheets-print", axe=False)
    page.emulate_media(media="screen")

    # --- Scorer A, table 1, on a phone, in English: a zalen and a ruitenwissen tap, an undo --
    phone_a = audit.prepare(chromium.new_context(locale="en-GB", **PHONE))
    scorer_a = phone_a.new_page()
    scorer_a.goto(f"{base}{links[0]}")
    audit.shot(scorer_a, "score-empty-phone")
    enter_game(scorer_a, games_a[0], taps={1: "zalen"})
    enter_game(scorer_a, games_a[1], taps={3: "ruitenwissen"})
    wrong = dict(games_a[2], counts=[3, 4, 3, 3])  # game 3 entered wrongly, then taken back
    enter_game(scorer_a, wrong)
    with scorer_a.expect_navigation():
        scorer_a.click("form[action$='/undo/'] button[type=submit]")
    assert audit.questions[-1].startswith("Undo the last game?")  # asked before undoing
    for game in games_a[2:]:
        if game is games_a[6]:
            assert scorer_a.is_checked(f"#id_chooser_{game['chooser']}")
            audit.shot(scorer_a, "score-midway-phone")
        enter_game(scorer_a, game)
    assert scorer_a.locator(".alert.ok").count() >= 1
    audit.shot(scorer_a, "score-complete-phone")
    seats_a = seat_totals(scorer_a)
    assert list(seats_a.values()) == totals_a

    # --- Scorer B, table 2, signed in on a phone, in Dutch: one entry refused on the way ---
    scorer = UserFactory(username="sam")
    scorer.set_password("secret")
    scorer.save()
    Membership.objects.create(
        club=club, role=Role.SCORER, player=Player.objects.create(name="Sam Scorer", user=scorer)
    )
    phone_b = audit.prepare(chromium.new_context(locale="nl-NL", **PHONE))
    scorer_b = phone_b.new_page()
    sign_in(scorer_b, base, "sam")
    scorer_b.goto(f"{base}{links[1]}")
    bad = dict(games_b[0], counts=[5, 3, 3, 4])  # 15 tricks: a deal has 13
    scorer_b.click("label[for=id_chooser_0]")
    scorer_b.click(f"label[for=id_contract_{bad['contract']}]")
    for seat, count in enumerate(bad["counts"]):
        scorer_b.fill(f"#id_count_{seat}", str(count))
    # The engine's Dutch message about the whole of what was typed: 15 tricks, not 13.
    scorer_b.locator("#check .alert.error", has_text="15").wait_for()
    assert "13" in scorer_b.locator("#check").inner_text()
    audit.shot(scorer_b, "score-live-error-phone")
    with scorer_b.expect_navigation():
        scorer_b.click("form[data-game-form] button[type=submit]")
    assert scorer_b.locator("#errors").is_visible()
    assert (
        "slagen" in scorer_b.locator("#errors").inner_text()
        or "13" in scorer_b.locator("#errors").inner_text()
    )
    audit.shot(scorer_b, "score-rejected-phone")
    assert seat_totals(scorer_b) and set(seat_totals(scorer_b).values()) == {0}
    for game in games_b:
        enter_game(scorer_b, game)
    seats_b = seat_totals(scorer_b)
    assert list(seats_b.values()) == totals_b
    assert Session.objects.get(table__scoring_token=links[1].split("/")[2]).updated_by == scorer

    # --- The organizer follows the tables, publishes and closes ---------------------------
    page.goto(round_url)
    assert page.locator(".card .badge.done").count() == 2
    audit.shot(page, "round-done")
    page.goto(f"{base}/manage/events/{event_id}/")
    with page.expect_navigation():
        page.click("form[action$='/publish/'] button[type=submit]")
    with page.expect_navigation():
        page.click("form[action$='/close/'] button[type=submit]")
    audit.shot(page, "event-closed")

    # --- Anyone: the public standings and a table's score sheet ---------------------------
    public = audit.prepare(chromium.new_context(locale="en-GB", **PHONE)).new_page()
    public.goto(f"{base}/events/{event_id}/")
    rows = public.locator("#standings tbody tr")
    shown = {
        rows.nth(i).locator("td.name a").first.inner_text(): int(
            rows.nth(i).locator("td[data-total]").inner_text()
        )
        for i in range(rows.count())
    }
    assert shown == {**seats_a, **seats_b}
    assert sorted(shown.values(), reverse=True) == list(shown.values())
    assert WALK_IN in shown and len(shown) == 8
    audit.shot(public, "public-standings-phone")
    with public.expect_navigation():
        public.click("a[href*='/tables/']")
    audit.shot(public, "public-table-sheet-phone")
    with public.expect_navigation():
        public.click("main p a[href^='/players/']")
    audit.shot(public, "public-player-phone")

    assert not audit.violations, "\n".join(audit.violations)
