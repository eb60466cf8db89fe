"""A club night's small things on a 360 and a 390 px wide phone, in Dutch and in English.

Every points field that may be negative has a minus: a text field with the digit keypad and a
± button beside it; a paper sheet full of negative points is typed with it and saved. Fields
that are never negative keep the digit keypad without the button. The round plan says the
sheet was entered per contract (not "as totals"). A player reaches the live standings of an
unpublished event from the table's page, the public does not, the organizer's signed-in laptop
shows the room's screen; dates read day first; links a thumb taps are 44 px tall.
"""

from typing import Any

import pytest

from clubs.models import Player, Role
from games.bonken.rules import score_session
from results.models import Session
from tests.documents import classic_document
from tests.factories import EventFactory, seated_table, user_with_role

from .conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Anna de Vries", "Bram Jansen", "Cees Bakker", "Daan Visser"]
SIZES = {
    "360": {**PHONE, "viewport": {"width": 360, "height": 740}},
    "390": PHONE,
}
# Each language once and each phone size once (Dutch, the longer words, on the narrower phone).
PAIRS = [("360", "nl"), ("390", "en")]
FIELD_KIND = (
    "els => els.map(e => [e.type, e.inputMode, e.pattern,"
    " !!(e.nextElementSibling && e.nextElementSibling.matches('[data-sign-toggle]'))])"
)
ENTERED = {
    "nl": ("Per contract ingevoerd van het papieren formulier", "Ingevoerd als totalen"),
    "en": ("Entered per contract from the paper sheet", "Entered as totals"),
}
DATE = {"nl": "20 november 2026", "en": "20 November 2026"}


def phone(chromium: Any, base: str, size: str, language: str) -> Any:
    context = chromium.new_context(locale=f"{language}-NL", **SIZES[size])
    context.add_cookies([{"name": "django_language", "value": language, "url": base}])
    return context.new_page()


def organizer_of(event: Any) -> Any:
    user = user_with_role(event.club, Role.ORGANIZER)
    user.set_password("secret")
    user.save()
    return user


def sign_in(page: Any, base: str, username: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", "secret")
    with page.expect_navigation():
        page.click("main form button[type=submit]")


def fits(page: Any, size: str) -> bool:
    width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    return width[0] <= width[1] == int(size)


def type_sheet(page: Any, played: Any) -> None:
    """Each contract's points as the paper has them: the digits, then ± where negative."""
    page.check("input[name=mode][value=sheet]")
    for game in played.games:
        for seat, points in enumerate(game.points):
            field = f"#id_c_{game.contract}_{seat}"
            page.fill(field, str(abs(points)))
            if points < 0:
                page.click(f"{field} + [data-sign-toggle]")
            assert page.input_value(field) == str(points)


@pytest.mark.parametrize(("size", "language"), PAIRS)
def test_negative_points_are_typed_with_the_plus_minus_button(
    chromium, live_server, size, language
):
    event = EventFactory(published=False)
    table = seated_table(event, players=[Player.objects.create(name=n) for n in NAMES])
    organizer = organizer_of(event)
    base = live_server.url
    page = phone(chromium, base, size, language)
    page.goto(f"{base}/t/{table.scoring_token}/")
    # A count is never negative: the digit keypad, no ± anywhere on the table's page.
    assert page.get_attribute("#id_count_0", "inputmode") == "numeric"
    assert page.locator("[data-sign-toggle]").count() == 0
    assert fits(page, size)

    page.goto(f"{base}/t/{table.scoring_token}/paper/")
    kinds = page.eval_on_selector_all("input.points", FIELD_KIND)
    assert len(kinds) == 13 * 4 + 12 * 4 + 4  # per contract, per game, the totals
    assert all(kind == ["text", "numeric", "-?[0-9]*", True] for kind in kinds), kinds[:3]
    assert fits(page, size)
    # Only the part of the sheet that was chosen shows: per contract first, then the totals.
    assert page.is_visible("input[name=c_hearts_0]") and not page.is_visible("#id_total_0")
    page.check("input[name=mode][value=totals]")
    assert page.is_visible("#id_total_0") and not page.is_visible("input[name=c_hearts_0]")
    page.fill("#id_total_0", "15")
    page.click("#id_total_0 + [data-sign-toggle]")
    assert page.input_value("#id_total_0") == "-15"
    page.click("#id_total_0 + [data-sign-toggle]")
    assert page.input_value("#id_total_0") == "15"
    page.fill("#id_total_0", "")
    page.click("#id_total_0 + [data-sign-toggle]")  # empty: starts the number with a minus
    assert page.input_value("#id_total_0") == "-"
    page.fill("#id_total_0", "")
    box = page.locator("#id_total_0 + [data-sign-toggle]").bounding_box()
    assert box is not None and box["height"] >= 44 and box["width"] >= 44

    played = score_session(classic_document())
    assert any(points < 0 for game in played.games for points in game.points)
    type_sheet(page, played)
    with page.expect_navigation():
        page.click("form.paper button[type=submit]")
    session = Session.objects.get(table=table)
    assert session.complete and session.result["totals"] == played.totals

    sign_in(page, base, organizer.username)
    page.goto(f"{base}/manage/rounds/{table.round_id}/")
    card = page.inner_text(f"section[aria-labelledby=table-{table.pk}]")
    said, not_said = ENTERED[language]
    assert said in card and not_said not in card
    assert fits(page, size)


@pytest.mark.parametrize(("size", "language"), PAIRS)
def test_the_table_reaches_the_standings_of_an_unpublished_event(
    chromium, live_server, size, language
):
    event = EventFactory(published=False)
    table = seated_table(event, players=[Player.objects.create(name=n) for n in NAMES])
    organizer = organizer_of(event)
    base = live_server.url
    page = phone(chromium, base, size, language)
    page.goto(f"{base}/t/{table.scoring_token}/")
    link = page.locator("a[data-table-standings]")
    box = link.bounding_box()
    assert box is not None and box["height"] >= 44
    with page.expect_navigation():
        link.click()
    assert page.inner_text("h1") == event.name
    assert DATE[language] in page.inner_text("main")
    assert page.locator("#standings table th.ranking").count() == 1
    assert fits(page, size)
    # Not published: the public pages of the event stay hidden.
    for address in (f"/events/{event.pk}/", f"/events/{event.pk}/screen/"):
        response = page.goto(f"{base}{address}")
        assert response is not None and response.status == 404, address
    # The organizer's laptop, signed in, shows the room's screen.
    sign_in(page, base, organizer.username)
    response = page.goto(f"{base}/events/{event.pk}/screen/")
    assert response is not None and response.status == 200
    assert fits(page, size)
