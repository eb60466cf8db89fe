"""A whole Bonko night in a real browser: 12 players paired into 6 teams, two sets of six
rounds at three tables, every round seated by the results and started by the organizer, every
table's result entered on a phone (one tie broken by a roll-off, one late bell: the King's
table is refused below the bell score until it rings), each round closed; the standings rank
by wins, per set and for the night."""

import re
from typing import Any

import pytest

from clubs.models import Club, Membership, Player, Role
from results.models import Session
from tests.factories import UserFactory
from tournaments.models import Event, EventPlayer, EventTeam, Round, Standing

from .conftest import DESKTOP, PHONE
from .test_club_night import sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = 12  # six teams of two at three tables
TABLES = PLAYERS // 4


def save(page: Any, scores: tuple[int, int], winner: int | None) -> None:
    page.fill("#id_score_0", str(scores[0]))
    page.fill("#id_score_1", str(scores[1]))
    if winner is not None:
        page.check(f"#id_winner_{winner}")
    with page.expect_navigation():
        page.click("form[data-bonko] .sticky-bar button[type=submit]")


def ring(page: Any) -> None:
    """The first tap asks in place; "Yes" rings the bell."""
    page.click("#ring-bell")
    with page.expect_navigation():
        page.click("[data-bell-yes]")


def test_a_bonko_night_of_two_sets(chromium, live_server, audit):
    base = live_server.url
    club = Club.objects.create(name="Bonko Gouda", slug="bonko-gouda", city="Gouda")
    organizer = UserFactory(username="olga")
    organizer.set_password("secret")
    organizer.save()
    Membership.objects.create(
        club=club, role=Role.ORGANIZER, player=Player.objects.create(name="Olga", user=organizer)
    )
    event = Event.objects.create(
        club=club,
        name="Bonko-avond",
        date="2026-12-11",
        game="bonko",
        ruleset="bonko",
        status=Event.Status.RUNNING,
        published=True,
        planned_rounds=12,
    )
    for n in range(PLAYERS):
        player = Player.objects.create(name=f"Speler {n + 1:02d}")
        Membership.objects.create(club=club, player=player)
        EventPlayer.objects.create(event=event, player=player, present=True)

    desk = audit.prepare(chromium.new_context(locale="en-GB", **DESKTOP))
    office = desk.new_page()
    sign_in(office, base, "olga")
    office.goto(f"{base}/manage/events/{event.pk}/teams/")
    with office.expect_navigation():
        office.click("form:has(input[value=random]) button[type=submit]")
    assert EventTeam.objects.filter(event=event).count() == PLAYERS // 2
    phone = audit.prepare(chromium.new_context(locale="nl-NL", **PHONE)).new_page()

    for number in range(1, 13):
        office.goto(f"{base}/manage/events/{event.pk}/")
        with office.expect_navigation(url=re.compile(r"/manage/rounds/\d+/$")):
            office.locator("form[action$='/rounds/new/']").first.locator(
                "button[type=submit]"
            ).click()
        round_url = office.url
        with office.expect_navigation(url=round_url):
            office.click("form[action$='/accept/'] button[type=submit]")
        target = (number - 1) % 6 + 1
        assert f"target number {target}" in office.locator("main").inner_text()
        links = [
            link.get_attribute("href") for link in office.locator(".card a[href^='/t/']").all()
        ]
        assert len(links) == TABLES
        king, others = links[0], links[1:]
        late_bell = number == 3
        if not late_bell:
            phone.goto(f"{base}{king}")
            ring(phone)
            save(phone, (21 + number, 10), winner=0)
        for index, link in enumerate(others, start=1):
            phone.goto(f"{base}{link}")
            if number == 2 and index == 1:  # level: the page asks for a roll-off
                save(phone, (9, 9), winner=None)
                phone.locator("[data-rolloff]").wait_for(state="visible")
                audit.shot(phone, "bonko-night-rolloff")
                phone.fill("#id_rolloff_0_0", "5")
                phone.fill("#id_rolloff_1_0", "3")
                with phone.expect_navigation():
                    phone.click("form[data-bonko] .sticky-bar button[type=submit]")
            else:
                winner = (number + index) % 2
                save(phone, (14, 6) if winner == 0 else (6, 14), winner=winner)
        if late_bell:  # the other tables are done; the King's table plays on to the bell
            phone.goto(f"{base}{king}")
            save(phone, (17, 12), winner=0)
            assert "21" in phone.locator("main").inner_text()  # refused below the bell score
            ring(phone)
            save(phone, (22, 12), winner=0)
            audit.shot(phone, "bonko-night-late-bell")
        assert (
            Session.objects.filter(
                table__round__event=event, table__round__number=number, complete=True
            ).count()
            == TABLES
        )
        office.goto(round_url)
        with office.expect_navigation(url=round_url):
            office.click("form[action$='/close/'] button[type=submit]")
        assert Round.objects.get(event=event, number=number).status == Round.Status.CLOSED

    assert Round.objects.filter(event=event, bell_rung_at__isnull=False).count() == 12
    rolled = Session.objects.get(table__round__event=event, table__round__number=2, table__number=2)
    assert rolled.result["winner"] == 0 and rolled.result["rolloff"] == [[5], [3]]
    wins = sum(line.stats.get("wins", 0) for line in Standing.objects.filter(event=event))
    assert wins == 12 * TABLES * 2  # each table's two winners, every round
    office.goto(f"{base}/events/{event.pk}/")
    first_wins = int(
        office.locator("#standings tbody tr").first.locator("td[data-stat]").first.inner_text()
    )
    assert first_wins == max(
        line.stats.get("wins", 0) for line in Standing.objects.filter(event=event)
    )
    assert office.locator("[data-prize-set='1']").count() == 1
    assert office.locator("[data-prize-set='2']").count() == 1
    office.goto(f"{base}/events/{event.pk}/?set=2")
    assert office.locator("#standings tbody tr").count() == PLAYERS
    audit.shot(office, "bonko-night-set-2")
    assert not audit.violations, "\n".join(audit.violations)
