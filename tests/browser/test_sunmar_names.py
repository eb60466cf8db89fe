"""The Bonken app's backup names the club's members in other spellings: on a 390 × 844 phone
in English the review page proposes each member whatever the case, accents and spaces, asks
only for the name two members carry, and the import creates no duplicate; in Dutch the same
page says so in Dutch, and the count of imported games reads as words, not "spel(len)"."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from clubs.models import Club, Membership, Player, Role
from results.models import Session
from tests.conftest import ROOT
from tests.factories import UserFactory
from tests.sunmar_backups import build_backup, finished_game, renamed

from .conftest import PHONE, snap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LOOK = ROOT / "artifacts" / "look" / "codes"
APP_ID = "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d"


def look(page: Any, name: str) -> Path:
    path = LOOK / f"{name}.png"
    snap(page, path)
    return path


def sign_in(page: Any, base: str, username: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", "secret")
    with page.expect_navigation():
        page.click("main form button[type=submit]")


def club_with_members() -> tuple[Club, dict[str, Player]]:
    club = Club.objects.create(name="De Troefkaart", slug="de-troefkaart", city="Leiden")
    organizer = UserFactory(username="olga")
    organizer.set_password("secret")
    organizer.save()
    Membership.objects.create(
        club=club, role=Role.ORGANIZER, player=Player.objects.create(name="Olga", user=organizer)
    )
    members = {}
    for key, name in [
        ("anna", "Anna"),
        ("bram", "Bräm"),
        ("cees", "Cées  Bakker"),
        ("daan", "Daan"),
        ("daan2", "daan"),
    ]:
        members[key] = Player.objects.create(name=name)
        Membership.objects.create(club=club, player=members[key])
    return club, members


def backup(tmp_path: Path) -> Path:
    game = renamed(finished_game(), APP_ID, Anna="ANNA", Cees="cees bakker")
    path = tmp_path / "backup.zip"
    path.write_bytes(build_backup([game]))
    return path


def upload(page: Any, base: str, club: Club, path: Path) -> None:
    page.goto(f"{base}/clubs/{club.slug}/")
    with page.expect_navigation():
        page.locator(f"a[href='/manage/clubs/{club.slug}/import/']").click()
    page.set_input_files("#id_backup", str(path))
    with page.expect_navigation():
        page.click("main form button[type=submit]")
    assert re.search(r"/import/\d+/$", page.url)


def field_of(page: Any, name: str) -> Any:
    label = page.locator("main form label", has_text=re.compile(rf"^{re.escape(name)}\b"))
    return page.locator(f"#{label.get_attribute('for')}")


def no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width


def test_members_proposed_whatever_the_spelling_and_asked_only_where_unclear(
    chromium, live_server, audit, tmp_path
):
    base = live_server.url
    club, members = club_with_members()
    players_before = Player.objects.count()
    path = backup(tmp_path)

    page = audit.prepare(chromium.new_context(locale="en-GB", **PHONE)).new_page()
    sign_in(page, base, "olga")
    upload(page, base, club, path)
    assert field_of(page, "ANNA").input_value() == str(members["anna"].pk)
    assert field_of(page, "Bram").input_value() == str(members["bram"].pk)  # Bräm
    assert field_of(page, "cees bakker").input_value() == str(members["cees"].pk)
    daan = field_of(page, "Daan")
    assert daan.input_value() == ""  # two members are called Daan: asked
    assert page.locator("[data-match=found]").count() == 3
    assert page.locator("[data-match=ambiguous]").count() == 1
    assert "Several members have this name: choose one." in page.inner_text("main form")
    offered = daan.locator("optgroup").first
    assert offered.get_attribute("label") == "Members with this name"
    assert offered.locator("option").all_inner_texts() == [
        f"Daan (#{members['daan'].pk})",
        f"daan (#{members['daan2'].pk})",
    ]
    no_sideways_scroll(page)
    audit.shot(page, "import-names-en")
    look(page, "after-import-review-en")

    with page.expect_navigation():  # not answered: asked again, nothing stored
        page.click("main form button[type=submit]")
    assert "Say who 'Daan' is: a member or a new player." in page.inner_text("main")
    assert Session.objects.count() == 0
    look(page, "after-import-unanswered-en")

    field_of(page, "Daan").select_option(str(members["daan2"].pk))
    with page.expect_navigation():
        page.click("main form button[type=submit]")
    assert "1 game imported." in page.inner_text(".messages")
    look(page, "after-import-done-en")
    seated = set(Session.objects.get().seat_results.values_list("player_id", flat=True))
    assert seated == {members[k].pk for k in ("anna", "bram", "cees", "daan2")}
    assert Player.objects.count() == players_before  # nobody created twice
    assert not audit.violations, "\n".join(audit.violations)


def test_the_review_page_in_dutch(chromium, live_server, audit, tmp_path):
    base = live_server.url
    club, members = club_with_members()
    page = audit.prepare(chromium.new_context(locale="nl-NL", **PHONE)).new_page()
    sign_in(page, base, "olga")
    upload(page, base, club, backup(tmp_path))
    form = page.inner_text("main form")
    assert "lid gevonden" in form and "kiezen: meerdere leden" in form
    assert "Meerdere leden hebben deze naam" in form
    no_sideways_scroll(page)
    audit.shot(page, "import-names-nl")
    look(page, "after-import-review-nl")
    field_of(page, "Daan").select_option(str(members["daan"].pk))
    with page.expect_navigation():
        page.click("main form button[type=submit]")
    assert "1 spel geïmporteerd." in page.inner_text(".messages")
    look(page, "after-import-done-nl")
    assert not audit.violations, "\n".join(audit.violations)
