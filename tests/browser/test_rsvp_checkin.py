"""From "I'm coming" to the door, in a real Chromium on phones (390 x 844): the organizer plans
a weekly club night from the club's page and makes a player's personal link; that player
(no account) answers from the link, in Dutch; a member with an account answers from the club
page, another says maybe from the calendar page; the organizer sees who is coming and what it
means for the tables, opens the night, and the check-in lists those who said yes first and
checks them in with one tap; the door page lists them first too. Screenshots in English and
Dutch go to artifacts/browser/ and artifacts/look/planning/; no page scrolls sideways."""

import datetime
from typing import Any

import pytest
from django.utils import timezone

from clubs.models import Club, Membership, Player, Role
from tests.conftest import ROOT
from tests.factories import UserFactory
from tournaments.models import EventPlayer
from week.planning.models import PlannedNight, Rsvp

from .conftest import PHONE, snap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
LOOK = ROOT / "artifacts" / "look" / "planning"
OTHERS = ["Dirk Bakker", "Eva Visser", "Fleur Mulder", "Gijs de Boer"]


def user(username: str, name: str, club: Club, role: str) -> Any:
    account = UserFactory(username=username)
    account.set_password("secret")
    account.save()
    Membership.objects.create(
        club=club, role=role, player=Player.objects.create(name=name, user=account)
    )
    return account


def sign_in(page: Any, base: str, username: str, then: str) -> None:
    page.goto(f"{base}/accounts/login/?next={then}")
    page.fill("#id_username", username)
    page.fill("#id_password", "secret")
    with page.expect_navigation():
        page.click("main form button[type=submit]")


def shot(audit: Any, page: Any, name: str) -> None:
    snap(page, LOOK / f"{name}.png")
    audit.shot(page, name)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390 + 1, name


def phone(chromium: Any, audit: Any, locale: str) -> Any:
    return audit.prepare(chromium.new_context(**PHONE, locale=locale)).new_page()


def test_rsvp_to_door_check_in(chromium, live_server, audit):
    base = live_server.url
    club = Club.objects.create(name="De Harten Vrouw", slug="de-harten-vrouw", city="Delft")
    user("olga", "Olga Organisator", club, Role.ORGANIZER)
    user("bram", "Bram Jansen", club, Role.MEMBER)
    user("carla", "Carla Smit", club, Role.MEMBER)
    anna = Player.objects.create(name="Anna de Vries")  # no account
    Membership.objects.create(club=club, player=anna)
    for name in OTHERS:
        Membership.objects.create(club=club, player=Player.objects.create(name=name))
    day = timezone.localdate() + datetime.timedelta(days=7)

    # The organizer plans from the club's page: every week, four nights of Jonkler.
    olga = phone(chromium, audit, "en-GB")
    sign_in(olga, base, "olga", f"/clubs/{club.slug}/")
    olga.click("text=Plan nights, who is coming")
    olga.fill("#id_date", day.isoformat())
    olga.fill("#id_start", "19:30")
    olga.fill("#id_end", "23:30")
    olga.select_option("#id_game", "jonkler")
    olga.fill("#id_place", "Café 't Hoekje, zaal 2")
    olga.select_option("#id_recurrence", "weekly")
    olga.fill("#id_count", "4")
    shot(audit, olga, "plan-form-en")
    with olga.expect_navigation():
        olga.click("#plan-title ~ form button[type=submit]")
    # A series shows its dates first (a holiday among them ticked to skip): plan all four.
    for box in olga.locator("input[name=skip]:checked").all():
        box.uncheck()
    with olga.expect_navigation():
        olga.click("button[name=step][value=plan]")
    olga.wait_for_selector("text=4 nights planned.")
    nights = list(PlannedNight.objects.filter(club=club).order_by("starts_at"))
    assert len(nights) == 4 and nights[0].starts_at.astimezone().hour == 19
    night = nights[0]
    shot(audit, olga, "club-nights-en")

    # ... and makes Anna's personal link.
    olga.click("text=Players' personal links")
    olga.locator("li", has_text="Anna de Vries").locator("button", has_text="Make a link").click()
    link = olga.locator("input[aria-label='Link of Anna de Vries']").input_value()
    assert "/r/" in link
    shot(audit, olga, "links-en")

    # Anna (no account) answers from her link, in Dutch.
    anna_phone = phone(chromium, audit, "nl-NL")
    anna_phone.goto(link)
    assert anna_phone.locator("h1").inner_text() == "De Harten Vrouw"
    anna_phone.locator(f"#night-{night.pk}").locator("button", has_text="Ik kom").click()
    anna_phone.wait_for_selector("text=Genoteerd: je komt.")
    assert (
        anna_phone.locator(f"#night-{night.pk} button[aria-pressed=true]").inner_text() == "Ik kom"
    )
    shot(audit, anna_phone, "personal-link-nl")

    # Bram answers from the club page (signed in); Carla says maybe from the calendar page.
    bram = phone(chromium, audit, "en-GB")
    sign_in(bram, base, "bram", f"/clubs/{club.slug}/")
    bram.locator(f"#club-night-{night.pk}").locator("button", has_text="I'm coming").click()
    bram.wait_for_selector("text=Noted: you are coming.")
    shot(audit, bram, "club-page-answered-en")
    carla = phone(chromium, audit, "nl-NL")
    sign_in(carla, base, "carla", f"/clubs/{club.slug}/nights/")
    carla.locator(f"#night-{night.pk}").locator("button", has_text="Misschien").click()
    carla.wait_for_selector("text=Genoteerd: misschien.")
    shot(audit, carla, "club-nights-member-nl")
    assert dict(Rsvp.objects.values_list("player__name", "via")) == {
        "Anna de Vries": "link",
        "Bram Jansen": "club",
        "Carla Smit": "account",
    }

    # The organizer sees who is coming and what it means for Jonkler's tables (3 to 6).
    olga.goto(f"{base}/nights/{night.pk}/")
    outlook = olga.locator(".outlook").inner_text()
    assert "2 coming: too few for a table of 3. Ask 1 more player." in outlook
    assert "1 maybe; if they all come: one table of 3." in outlook
    shot(audit, olga, "night-en")
    # She answers for Dirk (he phoned): now 3 are coming, a table of three. No answer looks
    # chosen before a player with one is chosen; Carla's maybe does once she is.
    answers = olga.locator("form", has=olga.locator("#answer-player"))
    chosen = answers.locator("button[aria-pressed=true]:not(.secondary)")
    assert answers.locator("button:not(.secondary), button[aria-pressed=true]").count() == 0
    olga.select_option("#answer-player", label="Carla Smit · Maybe")
    assert chosen.count() == 1 and chosen.get_attribute("value") == "maybe"
    olga.select_option("#answer-player", label="Dirk Bakker")
    assert answers.locator("button:not(.secondary), button[aria-pressed=true]").count() == 0
    answers.locator("button[value=yes]").click()
    olga.wait_for_selector("text=The answer of Dirk Bakker is saved.")
    assert chosen.count() == 1 and chosen.get_attribute("value") == "yes"  # Dirk's, chosen
    assert "3 coming: one table of 3." in olga.locator(".outlook").inner_text()

    # At the night: she opens it; the check-in lists those who said yes first.
    with olga.expect_navigation():
        olga.click("text=Open the night: check-in")
    # A week early the page asks first.
    with olga.expect_navigation():
        olga.click("text=Yes, open it now")
    olga.wait_for_selector("h1:has-text('Who is here tonight?')")
    event = PlannedNight.objects.get(pk=night.pk).event
    assert event is not None and event.game == "jonkler"
    names = olga.locator("#checkin-table tbody tr td:first-child").all_inner_texts()
    first = [name.split(" said yes")[0].strip() for name in names[:3]]
    assert sorted(first) == ["Anna de Vries", "Bram Jansen", "Dirk Bakker"]
    assert "maybe" in names[3] and names[3].startswith("Carla Smit")
    shot(audit, olga, "checkin-before-en")
    olga.click("text=Check in the 3 who said yes")
    olga.wait_for_selector("text=3 players who said they are coming checked in.")
    here = set(
        EventPlayer.objects.filter(event=event, present=True).values_list("player__name", flat=True)
    )
    assert here == {"Anna de Vries", "Bram Jansen", "Dirk Bakker"}
    assert olga.locator("#checkin-table button[aria-pressed=true]").count() == 3
    shot(audit, olga, "checkin-after-en")

    # The door lists those who said yes first (Carla arrives and finds her name).
    door = phone(chromium, audit, "nl-NL")
    door.goto(f"{base}/door/{event.door_token}/")
    door_names = door.locator("#door-names tbody tr td:first-child").all_inner_texts()
    assert all("zei ja" in name for name in door_names[:3])
    shot(audit, door, "door-nl")

    # The Dutch organizer's pages.
    olga_nl = phone(chromium, audit, "nl-NL")
    sign_in(olga_nl, base, "olga", f"/nights/{nights[1].pk}/")
    assert "Nog niemand zei te komen." in olga_nl.locator(".outlook").inner_text()
    shot(audit, olga_nl, "night-nl")
    olga_nl.goto(f"{base}/manage/events/{event.pk}/checkin/")
    shot(audit, olga_nl, "checkin-nl")
    olga_nl.goto(f"{base}/clubs/{club.slug}/")
    shot(audit, olga_nl, "club-page-nl")
    assert audit.violations == []
