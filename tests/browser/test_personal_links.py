"""Personal links to the club's week, on 390 × 844 phones in a real Chromium.

The organizer starts on the club's players page (signed in): to the personal links, one
member's first link (nothing is said of an old one), every member's at once (the link a member
had keeps working), the slips to print (name, link, QR code), a link copied ("Copied" beside the
button, the clipboard holds it) and shared through the phone's share sheet, and every link
renewed, asked first. A player without an account starts on their personal link: answers for a
night, switches the evening e-mail on from there and comes back, and copies the club's calendar
address to subscribe. In Dutch and in English; no page scrolls sideways, axe-core finds nothing
serious."""

from __future__ import annotations

import datetime
import re
from typing import Any

import pytest
from django.utils import timezone

from clubs.models import Club, Membership, Player, Role
from tests.conftest import ROOT
from tests.factories import UserFactory
from week.mailings.models import MailPreference
from week.planning import links, services
from week.planning.models import RsvpLink

from .conftest import PHONE, SCREENSHOTS, snap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
LOOK = ROOT / "artifacts" / "look" / "personal-links"
NAMES = ["Anna de Vries", "Bram Jansen", "Cees Bakker", "Daan Visser", "Eva Smit"]
PAGE = re.compile(rb"/Type\s*/Page(?![a-zA-Z])")
A4_INSIDE = (733, 1062)  # A4 less the slips' 8 mm margins, in CSS pixels (96 per inch)
# The phone's share sheet, as a page sees it: what was shared is kept for the test to read.
SHARE_SHEET = """
window.__shared = [];
navigator.share = function (data) { window.__shared.push(data); return Promise.resolve(); };
"""


def world() -> dict[str, Any]:
    club = Club.objects.create(name="De Zwarte Schoppen", slug="de-zwarte-schoppen", city="Gouda")
    account = UserFactory(username="olga")
    account.set_password("secret")
    account.save()
    olga = Player.objects.create(name="Olga Organisator", user=account)
    Membership.objects.create(club=club, player=olga, role=Role.ORGANIZER)
    players = []
    for name in NAMES:
        player = Player.objects.create(name=name)
        Membership.objects.create(club=club, player=player)
        players.append(player)
    return {"club": club, "olga": account, "players": players}


def phone(chromium: Any, audit: Any, locale: str, *, share: bool = False) -> Any:
    context = audit.prepare(chromium.new_context(**PHONE, locale=locale))
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    if share:
        context.add_init_script(SHARE_SHEET)
    return context.new_page()


def shot(audit: Any, page: Any, name: str) -> None:
    snap(page, LOOK / f"{name}.png")
    audit.shot(page, name)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390 + 1, name


def sign_in(page: Any, base: str, then: str) -> None:
    page.goto(f"{base}/accounts/login/?next={then}")
    page.fill("#id_username", "olga")
    page.fill("#id_password", "secret")
    with page.expect_navigation():
        page.click("main form button[type=submit]")


QR_BESIDE = """(slip) => {
  const qr = slip.querySelector('.slip-qr').getBoundingClientRect();
  const name = slip.querySelector('.slip-name').getBoundingClientRect();
  return qr.width > 0 && qr.right <= name.left && qr.width < slip.getBoundingClientRect().width / 2;
}"""


def printed(page: Any) -> None:
    """The slips as printed: two across, seven down, 14 to an A4 page, each the same size and
    each with its QR code; the page's own header, buttons and share boxes are not printed."""
    page.emulate_media(media="print")
    page.set_viewport_size({"width": A4_INSIDE[0], "height": A4_INSIDE[1]})
    snap(page, LOOK / "slips-print-en.png", full_page=False)
    assert page.locator("header.site").is_hidden() and page.locator("h1").is_hidden()
    assert page.locator("[data-slip] [data-share-link]").first.is_hidden()
    heights = page.eval_on_selector_all(
        "[data-slip]", "els => els.map(e => e.getBoundingClientRect().height)"
    )
    assert max(heights) - min(heights) < 1
    assert page.locator("[data-slip]").first.evaluate(QR_BESIDE)  # the code left, the words right
    page.evaluate(
        "() => { const s = document.querySelector('[data-slips]');"
        " for (let i = 0; i < 8; i++) s.append(s.firstElementChild.cloneNode(true)); }"
    )
    pdf = page.pdf(format="A4", print_background=True)
    if SCREENSHOTS:
        (LOOK / "slips-en.pdf").write_bytes(pdf)
    assert len(PAGE.findall(pdf)) == 1  # 14 slips, one A4 page
    page.evaluate(
        "() => document.querySelector('[data-slips]').lastElementChild.after("
        "document.querySelector('[data-slip]').cloneNode(true))"
    )
    assert len(PAGE.findall(page.pdf(format="A4"))) == 2  # the 15th on a second page
    page.reload()
    page.emulate_media(media="screen")
    page.set_viewport_size(PHONE["viewport"])


def tokens(club: Club) -> dict[str, str]:
    return dict(RsvpLink.objects.filter(club=club).values_list("player__name", "token"))


@pytest.mark.parametrize("language", ["nl", "en"])
def test_the_organizer_makes_every_members_link_from_the_players_page(
    chromium, live_server, audit, language
):
    w = world()
    club, base = w["club"], live_server.url
    dutch = language == "nl"
    page = phone(chromium, audit, "nl-NL" if dutch else "en-GB", share=True)
    sign_in(page, base, f"/manage/clubs/{club.slug}/players/")
    assert page.url.endswith(f"/manage/clubs/{club.slug}/players/")
    shot(audit, page, f"players-{language}")

    # Anna's first link, made on its own: nothing is said of an old link.
    with page.expect_navigation():
        page.click(
            "text="
            + ("Persoonlijke links voor alle leden" if dutch else "Personal links for every member")
        )
    shot(audit, page, f"links-empty-{language}")
    with page.expect_navigation():
        page.locator("li", has_text="Anna de Vries").locator("button[value=make]").click()
    said = page.locator(".messages").inner_text()
    assert ("heeft nu een persoonlijke link" if dutch else "has a personal link now") in said
    assert ("werkt niet meer" if dutch else "no longer works") not in said
    anna = tokens(club)["Anna de Vries"]

    # Every member at once: Anna keeps hers, the others get theirs, and the slips show.
    with page.expect_navigation():
        page.locator("[data-every-member] form button[type=submit]").click()
    assert page.url.endswith(f"/clubs/{club.slug}/nights/links/slips/")
    made = tokens(club)
    assert made["Anna de Vries"] == anna and len(made) == len(NAMES) + 1
    slips = page.locator("[data-slip]")
    assert slips.count() == len(NAMES) + 1
    first = slips.first
    assert first.get_attribute("data-player") == "Anna de Vries"
    assert first.locator(".slip-qr svg").count() == 1
    assert first.evaluate(QR_BESIDE)  # the code in its narrow column, the name and link beside
    assert first.locator("[data-link]").inner_text() == f"{base}/r/{anna}/"
    shot(audit, page, f"slips-{language}")

    if not dutch:
        printed(page)

    # Copy: "Copied" beside the button, and the clipboard holds the link.
    first.locator("button[data-copy]").click()
    note = first.locator("[data-copy-note]")
    note.wait_for(state="visible")
    assert note.inner_text() == ("Gekopieerd" if dutch else "Copied")
    assert page.evaluate("navigator.clipboard.readText()") == f"{base}/r/{anna}/"
    shot(audit, page, f"slip-copied-{language}")
    # Share: the phone's share sheet gets the link and the words that go with it.
    bram = slips.nth(1)
    assert bram.locator("button[data-share]").is_visible()
    bram.locator("button[data-share]").click()
    shared = page.evaluate("window.__shared")
    assert shared[-1]["url"] == f"{base}/r/{made['Bram Jansen']}/"
    assert "De Zwarte Schoppen" in shared[-1]["text"]

    # The links page: each row copies and shares too; renewing every link asks first.
    with page.expect_navigation():
        page.click("text=" + ("Terug naar de links" if dutch else "Back to the links"))
    shot(audit, page, f"links-all-{language}")
    row = page.locator(f"#link-{w['players'][2].pk}")
    row.locator("button[data-copy]").click()
    row.locator("[data-copy-note]").wait_for(state="visible")
    assert page.evaluate("navigator.clipboard.readText()") == f"{base}/r/{made['Cees Bakker']}/"
    with page.expect_navigation():
        page.click("text=" + ("Alle links vernieuwen" if dutch else "Renew every link"))
    assert tokens(club) == made  # asking changed nothing
    shot(audit, page, f"renew-ask-{language}")
    with page.expect_navigation():
        page.click("button.danger")
    renewed = tokens(club)
    assert set(renewed) == set(made)
    assert all(renewed[name] != made[name] for name in made)
    said = page.locator(".messages").inner_text()
    assert ("6 links vernieuwd" if dutch else "6 links renewed") in said
    page.goto(f"{base}/r/{anna}/")
    assert ("niet (meer) geldig" if dutch else "no longer") in page.locator("main").inner_text()

    # Back on the players page: each player's row leads to their page and e-mail settings.
    page.goto(f"{base}/manage/clubs/{club.slug}/players/")
    row = page.locator(f"#player-{w['players'][0].pk}")
    row.locator("summary").click()
    found = row.locator("[data-personal-link] a")
    hrefs = [found.nth(i).get_attribute("href") for i in range(found.count())]
    fresh = renewed["Anna de Vries"]
    assert hrefs[:2] == [f"/r/{fresh}/", f"/mail/r/{fresh}/"]
    shot(audit, page, f"players-open-{language}")
    with page.expect_navigation():
        found.nth(1).click()
    assert page.locator("h1").inner_text() == ("E-mailinstellingen" if dutch else "E-mail settings")
    assert audit.violations == []


@pytest.mark.parametrize("language", ["nl", "en"])
def test_a_player_reaches_their_week_from_their_link(chromium, live_server, audit, language):
    w = world()
    club, base = w["club"], live_server.url
    dutch = language == "nl"
    anna = w["players"][0]
    token = links.rsvp_link_issue(club=club, player=anna, actor=w["olga"], renew=False).link.token
    starts = (timezone.now() + datetime.timedelta(days=4)).replace(
        hour=19, minute=30, second=0, microsecond=0
    )
    night, _later = services.night_plan(
        club=club,
        actor=w["olga"],
        starts_at=starts,
        game="bonken",
        place="Café De Zwaan",
        recurrence="weekly",
        count=2,
    )
    page = phone(chromium, audit, "nl-NL" if dutch else "en-GB")
    page.goto(f"{base}/r/{token}/")
    shot(audit, page, f"link-{language}")

    # Her answer for the first night.
    with page.expect_navigation():
        page.locator(f"#night-{night.pk} button[value=yes]").click()
    answer = page.locator(f"#night-{night.pk} [data-my-answer]").inner_text()
    assert answer == ("Ik kom" if dutch else "I'm coming")

    # The club's calendar: subscribe (webcal) or copy its address.
    subscribe = page.locator("a[data-subscribe=club]").get_attribute("href")
    assert subscribe.startswith("webcal://") and subscribe.endswith(".ics")
    page.locator("#feed-club").scroll_into_view_if_needed()
    calendar = page.locator("[data-share-link]", has=page.locator("#feed-club"))
    calendar.locator("button[data-copy]").click()
    calendar.locator("[data-copy-note]").wait_for(state="visible")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == page.locator("#feed-club").input_value()
    assert page.request.get(copied).status == 200
    shot(audit, page, f"link-calendar-{language}")

    # Her e-mail settings, from the link: the evening e-mail on, then back to her nights.
    with page.expect_navigation():
        page.locator("#mail-title ~ p a").click()
    assert page.url.endswith(f"/mail/r/{token}/")
    shot(audit, page, f"mail-settings-{language}")
    page.fill("#email", "anna@example.test")
    page.check("input[name=evening]")
    with page.expect_navigation():
        page.click("main form button[type=submit]")
    assert page.locator(".messages").inner_text() == (
        "Je e-mailinstellingen zijn opgeslagen." if dutch else "Your e-mail settings are saved."
    )
    preference = MailPreference.objects.get(player=anna)
    assert (preference.email, preference.evening) == ("anna@example.test", True)
    shot(audit, page, f"mail-settings-saved-{language}")
    with page.expect_navigation():
        page.click("main a.button.secondary")
    assert page.url.endswith(f"/r/{token}/")
    assert audit.violations == []
