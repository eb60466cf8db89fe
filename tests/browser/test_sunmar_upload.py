"""Importing the Bonken app's backup in a real browser, on a phone in Dutch: the organizer
uploads the example backup, sees what it holds, corrects the match the service proposed for
one name, imports, and finds the evening in the club's history (its public standings); the
player they chose carries the imported result and no duplicate player was made."""

import re

import pytest

from clubs.models import Club, Membership, Player, Role
from results.models import Session
from tests.factories import UserFactory
from tests.sunmar_backups import EXAMPLE_ZIP

from .conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def sign_in(page, base: str, username: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", "secret")
    with page.expect_navigation():
        page.click("main form button[type=submit]")


def test_an_organizer_uploads_corrects_a_match_and_imports(chromium, live_server, audit):
    base = live_server.url
    club = Club.objects.create(name="De Troefkaart", slug="de-troefkaart", city="Leiden")
    organizer = UserFactory(username="olga")
    organizer.set_password("secret")
    organizer.save()
    Membership.objects.create(
        club=club, role=Role.ORGANIZER, player=Player.objects.create(name="Olga", user=organizer)
    )
    for name in ("Anna", "Bram", "Cees"):
        Membership.objects.create(club=club, player=Player.objects.create(name=name))
    # The app's "Daan" is this member, but the names differ: nothing is proposed, the page
    # asks, offering the member with a similar name first.
    daan = Player.objects.create(name="Daan de Wit")
    Membership.objects.create(club=club, player=daan)
    players_before = Player.objects.count()

    page = audit.prepare(chromium.new_context(locale="nl-NL", **PHONE)).new_page()
    sign_in(page, base, "olga")
    page.goto(f"{base}/manage/clubs/{club.slug}/import/")
    audit.shot(page, "import-upload-phone")
    page.set_input_files("#id_backup", str(EXAMPLE_ZIP))
    with page.expect_navigation():
        page.click("main form button[type=submit]")
    assert re.search(r"/import/\d+/$", page.url)

    # The match screen: one game to import (the unfinished one skipped), the names.
    main = page.locator("main")
    assert main.locator("article.card").count() == 1
    assert "Anna" in main.locator("article.card").inner_text()
    assert "3" in main.locator("#skipped-title + ul").inner_text()  # rounds of the unfinished
    anna = page.locator("label", has_text="Anna").get_attribute("for")
    assert page.locator(f"#{anna}").input_value() == str(
        Player.objects.get(name="Anna").pk
    )  # found in the club
    field = page.locator("label", has_text="Daan").get_attribute("for")
    assert page.locator(f"#{field}").input_value() == ""  # asked: nothing chosen yet
    similar = page.locator(f"#{field} optgroup").first
    assert similar.locator("option").all_inner_texts() == ["Daan de Wit"]
    assert page.locator("[data-match=found]").count() == 3
    assert page.locator("[data-match=none]").count() == 1
    assert Session.objects.count() == 0  # nothing stored yet
    audit.shot(page, "import-match-phone")
    page.select_option(f"#{field}", str(daan.pk))
    with page.expect_navigation():
        page.click("main form button[type=submit]")

    # Back on the upload page: the import is done and lists the history event.
    assert page.locator("[role=status], .messages, .alert").first.is_visible()
    imported = page.locator("#imported-title + ul li")
    assert imported.count() == 1
    audit.shot(page, "import-done-phone")
    with page.expect_navigation():
        imported.locator("a").first.click()
    assert re.search(r"/events/\d+/$", page.url)
    assert "Bonken-app" in page.locator("h1").inner_text()  # "Geschiedenis uit de Bonken-app"
    standings = page.locator("main").inner_text()
    for name in ("Anna", "Bram", "Cees", "Daan de Wit"):
        assert name in standings
    audit.shot(page, "import-history-event-phone")

    session = Session.objects.get()
    assert daan.pk in set(session.seat_results.values_list("player_id", flat=True))
    assert Player.objects.count() == players_before  # every name matched a member
    assert not Player.objects.filter(name="Daan").exists()
    assert not audit.violations, "\n".join(audit.violations)
