"""The phone passed around a finished table, on a 390 × 844 phone in English and Dutch: three
players sign with their personal codes, the fourth disputes; the standings, counting signed
tables only, leave the table out and list it as disputed; the organizer resolves the dispute
on the round's table; the fourth player signs and the table enters the standings."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from clubs.access.codes import player_code_issue
from clubs.models import Membership, Player, Role
from results.models import Session
from results.services import session_submit
from tests.conftest import ROOT
from tests.documents import classic_document
from tests.factories import EventFactory, UserFactory, seated_table
from tournaments.models import Event

from .conftest import PHONE, snap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Anna de Vries", "Bram Jansen", "Cees Bakker", "Daan Visser"]
LOOK = ROOT / "artifacts" / "look" / "signoff"


def look(page: Any, name: str) -> Path:
    path = LOOK / f"{name}.png"
    snap(page, path)
    return path


def sign(page: Any, name: str, code: str) -> None:
    row = page.locator(f"li[data-player='{name}']")
    if row.locator("details.signoff-player[open]").count() == 0:  # open after a refusal
        row.locator("summary.signoff-name").click()
    row.locator("input[name=code]").first.fill(code)
    with page.expect_navigation():
        row.locator("form.signoff-code button[type=submit]").click()


def sign_in(page: Any, base: str, username: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", "secret")
    with page.expect_navigation():
        page.click("main form button[type=submit]")


def sessions_of(page: Any, name: str) -> str:
    """The standings' "Sessions" cell of ``name``."""
    headers = page.locator("#standings thead th").all_inner_texts()
    cells = page.locator(f"#standings tbody tr:has-text('{name}') > *").all_inner_texts()
    return cells[headers.index("Sessions")].strip()


def world() -> dict[str, Any]:
    event = EventFactory(
        published=True, status=Event.Status.RUNNING, standings_count="signed", name="Clubavond"
    )
    organizer = UserFactory(username="organizer")
    organizer.set_password("secret")
    organizer.save()
    boss = Player.objects.create(name="Olga Organisator", user=organizer)
    Membership.objects.create(club=event.club, player=boss, role=Role.ORGANIZER)
    table = seated_table(event, players=[Player.objects.create(name=n) for n in NAMES])
    session_submit(table=table, submitted_by=organizer, document=classic_document())
    players = [s.player for s in table.seats.order_by("position")]
    codes = {p.name: player_code_issue(actor=organizer, player=p) for p in players}
    return {"event": event, "table": table, "codes": codes}


def test_the_phone_goes_round_the_table(chromium, live_server, audit):
    w = world()
    table, codes, event = w["table"], w["codes"], w["event"]
    base = live_server.url
    phone = audit.prepare(chromium.new_context(locale="en-GB", **PHONE))
    page = phone.new_page()
    page.goto(f"{base}/t/{table.scoring_token}/")
    assert page.locator("li[data-signed=no]").count() == 4
    look(page, "01-table-complete-en")
    page.locator("li[data-player='Anna de Vries'] summary.signoff-name").click()
    audit.shot(page, "signoff-code-open-en")
    look(page, "02-code-open-en")
    page.locator("li[data-player='Anna de Vries'] summary.signoff-name").click()  # fold it

    wrong = "0000" if codes["Anna de Vries"] != "0000" else "1111"
    sign(page, "Anna de Vries", wrong)
    assert "That is not Anna de Vries's personal code." in page.inner_text("#signoff #errors")
    for name in NAMES[:3]:
        sign(page, name, codes[name])
        assert f"{name} signed the result." in page.inner_text(".messages")
    assert page.locator("li[data-signed=yes]").count() == 3

    daan = page.locator("li[data-player='Daan Visser']")
    daan.locator("summary.signoff-name").click()
    daan.locator("details.signoff-dispute > summary").click()
    daan.locator("input[name=reason]").fill("Game 9: I took two queens, not one")
    daan.locator("details.signoff-dispute input[name=code]").fill(codes["Daan Visser"])
    with page.expect_navigation():
        daan.locator("details.signoff-dispute button[type=submit]").click()
    assert "Daan Visser disputes the result" in page.inner_text(".messages")
    audit.shot(page, "signoff-disputed-en")
    look(page, "03-disputed-en")

    # The standings count signed tables only: table 1's session is not counted yet.
    public = audit.prepare(chromium.new_context(locale="en-GB", **PHONE)).new_page()
    public.goto(f"{base}/events/{event.pk}/")
    assert sessions_of(public, "Anna de Vries") == "0"
    assert "Tables not signed yet" in public.inner_text("[data-to-sign]")
    assert "disputed" in public.inner_text("[data-to-sign]")
    audit.shot(public, "signoff-standings-unsigned-en")
    look(public, "04-standings-unsigned-en")

    # The organizer sees the disputed table on the round page and resolves the dispute.
    boss = audit.prepare(chromium.new_context(locale="en-GB", **PHONE)).new_page()
    sign_in(boss, base, "organizer")
    boss.goto(f"{base}/manage/rounds/{table.round_id}/")
    assert boss.locator("[data-signoff=disputed]").count() == 1
    look(boss, "05-round-disputed-en")
    with boss.expect_navigation():
        boss.locator("[data-signoff=disputed] a").click()
    assert "Game 9: I took two queens" in boss.inner_text("main")
    audit.shot(boss, "signoff-manage-en")
    look(boss, "06-manage-en")
    boss.fill("input[name=resolution]", "Checked the sheet: one queen. Result stands.")
    with boss.expect_navigation():
        boss.click("form:has(input[value=resolve]) button[type=submit]")
    assert "The dispute of Daan Visser is resolved." in boss.inner_text(".messages")
    look(boss, "07-resolved-en")

    # Daan signs after all: the table is signed and counts.
    page.goto(f"{base}/t/{table.scoring_token}/")
    sign(page, "Daan Visser", codes["Daan Visser"])
    assert page.locator("[data-signed-all]").count() == 1
    look(page, "08-all-signed-en")
    assert Session.objects.get(table=table).signed_at is not None
    public.goto(f"{base}/events/{event.pk}/")
    assert sessions_of(public, "Anna de Vries") == "1"
    assert "Tables not signed yet" not in public.inner_text("main")
    look(public, "09-standings-signed-en")
    assert not audit.violations, "\n".join(audit.violations)


def test_the_sign_off_in_dutch(chromium, live_server, audit):
    w = world()
    table, codes, event = w["table"], w["codes"], w["event"]
    base = live_server.url
    phone = audit.prepare(chromium.new_context(locale="nl-NL", **PHONE))
    page = phone.new_page()
    page.goto(f"{base}/t/{table.scoring_token}/")
    sign(page, "Anna de Vries", codes["Anna de Vries"])
    page.locator("li[data-player='Bram Jansen'] summary.signoff-name").click()
    audit.shot(page, "signoff-table-nl")
    look(page, "11-table-nl")
    daan = page.locator("li[data-player='Daan Visser']")
    daan.locator("summary.signoff-name").click()
    daan.locator("details.signoff-dispute > summary").click()
    daan.locator("input[name=reason]").fill("Spel 9 klopt niet")
    daan.locator("details.signoff-dispute input[name=code]").fill(codes["Daan Visser"])
    with page.expect_navigation():
        daan.locator("details.signoff-dispute button[type=submit]").click()
    look(page, "12-disputed-nl")
    public = audit.prepare(chromium.new_context(locale="nl-NL", **PHONE)).new_page()
    public.goto(f"{base}/events/{event.pk}/")
    audit.shot(public, "signoff-standings-nl")
    look(public, "13-standings-nl")
    boss = audit.prepare(chromium.new_context(locale="nl-NL", **PHONE)).new_page()
    sign_in(boss, base, "organizer")
    boss.goto(f"{base}/manage/tables/{table.pk}/signoff/")
    audit.shot(boss, "signoff-manage-nl")
    look(boss, "14-manage-nl")
    boss.goto(f"{base}/accounts/")
    look(boss, "15-account-nl")
    assert not audit.violations, "\n".join(audit.violations)


@pytest.mark.parametrize("locale", ["en-GB", "nl-NL"])
def test_a_closed_round_is_the_organizers_to_sign_off(chromium, live_server, audit, locale):
    """After the close the table's phone shows who signed and no forms; the organizer resolves
    the dispute saying how and signs for the last player with a reason."""
    from django.contrib.auth.models import User

    from results.signoff.services import dispute_raise, sign_with_code
    from tournaments.rounds.lifecycle import round_close

    w = world()
    table, codes = w["table"], w["codes"]
    players = [s.player for s in table.seats.order_by("position")]
    for player in players[:2]:
        sign_with_code(
            table=table,
            actor=None,
            player_id=player.pk,
            code=codes[player.name],
            revision=1,
            table_token=table.scoring_token,
        )
    dispute_raise(
        table=table,
        actor=None,
        player_id=players[3].pk,
        reason="Game 9",
        code=codes[players[3].name],
        table_token=table.scoring_token,
    )
    round_close(round_=table.round, actor=User.objects.get(username="organizer"))
    base, lang = live_server.url, locale[:2]
    page = audit.prepare(chromium.new_context(locale=locale, **PHONE)).new_page()
    page.goto(f"{base}/t/{table.scoring_token}/")
    assert page.locator("[data-signoff-closed]").count() == 1
    offers = "form.signoff-code, form.signoff-self, details.signoff-dispute"
    assert page.locator(offers).count() == 0
    assert page.locator("li[data-signed=yes]").count() == 2
    audit.shot(page, f"signoff-closed-{lang}")
    look(page, f"20-closed-table-{lang}")
    boss = audit.prepare(chromium.new_context(locale=locale, **PHONE)).new_page()
    sign_in(boss, base, "organizer")
    boss.goto(f"{base}/manage/tables/{table.pk}/signoff/")
    assert boss.locator("input[name=resolution][required]").count() == 1
    look(boss, f"21-closed-manage-{lang}")
    boss.fill("input[name=resolution]", "Checked the sheet")
    with boss.expect_navigation():
        boss.click("form:has(input[value=resolve]) button[type=submit]")
    boss.locator("li[data-player='Cees Bakker'] summary.signoff-name").click()
    boss.fill(f"#why-{players[2].pk}", "Went home before the end")
    with boss.expect_navigation():
        boss.click("li[data-player='Cees Bakker'] form button[type=submit]")
    look(boss, f"22-closed-manage-signed-for-{lang}")
    assert Session.objects.get(table=table).signed_at is None  # Daan has not signed
    assert not audit.violations, "\n".join(audit.violations)
