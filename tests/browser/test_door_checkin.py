"""Players check themselves in at the door, in a real Chromium: the door's QR code on the
room's screen, three players on their own phones (separate browser contexts) picking their
names, the organizer's check-in page showing them arrive without a reload and undoing one, a
player leaving after round 1 who is not seated in round 2, and a signed-in player whose table
and seat appear on their phone when round 1 starts. Phone screenshots (390 x 844) in English
and Dutch go to artifacts/browser/ and artifacts/look/checkin/."""

from typing import Any

import pytest

from clubs.models import Club, Membership, Player, Role
from tests.conftest import ROOT
from tests.factories import UserFactory
from tournaments.door.views import door as door_views
from tournaments.door.views import organizer as organizer_views
from tournaments.events.services import entry_set_present
from tournaments.models import Event, EventPlayer
from tournaments.rounds.lifecycle import round_close
from tournaments.rounds.services import round_accept, round_generate

from .conftest import DESKTOP, PHONE, snap

# Milliseconds to the next poll of the door's and the check-in page's (the pages' clocks are put
# forward by this much).
POLL = 1000 * max(door_views.POLL_SECONDS, organizer_views.POLL_SECONDS)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
LOOK = ROOT / "artifacts" / "look" / "checkin"
MEMBERS = [
    "Anna de Vries",
    "Bram Jansen",
    "Carla Smit",
    "Dirk Bakker",
    "Eva Visser",
    "Fleur Mulder",
]


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
    assert page.evaluate("document.documentElement.scrollWidth") <= 390 + 1


def pick(page: Any, name: str) -> None:
    """On the door page: find the name and tap "that's me" (the question is answered yes)."""
    page.fill("#door-search", name.split()[0])
    page.locator("#door-names tr", has=page.locator("td", has_text=name)).locator("button").click()
    page.wait_for_selector(".door-me")


def test_players_check_themselves_in_at_the_door(chromium, live_server, audit, settings):
    settings.DOOR_NAMES_PER_ADDRESS = 3  # every phone here shares one address
    base = live_server.url
    club = Club.objects.create(name="De Harten Vrouw", slug="de-harten-vrouw", city="Delft")
    organizer = user("olga", "Olga Organisator", club, Role.ORGANIZER)
    user("sanne", "Sanne Speler", club, Role.MEMBER)
    players = {name: Player.objects.create(name=name) for name in MEMBERS}
    for player in players.values():
        Membership.objects.create(club=club, player=player)
    event = Event.objects.create(
        club=club,
        name="Clubavond december",
        date="2026-12-04",
        status=Event.Status.RUNNING,
        published=True,
        planned_rounds=2,
        seating_method="balanced",
    )
    door = f"/door/{event.door_token}/"

    # The room's screen shows the door's code (on a phone here, in both languages).
    for locale, lang in (("en-GB", "en"), ("nl-NL", "nl")):
        screen = audit.prepare(chromium.new_context(**PHONE, locale=locale)).new_page()
        screen.goto(f"{base}/events/{event.pk}/screen/")
        assert screen.locator(".screen-door svg").is_visible()
        shot(audit, screen, f"screen-door-{lang}")
        # The code is for the room: neither the page's text nor its JSON hands out the link.
        state = screen.evaluate(f"fetch('/events/{event.pk}/screen.json').then(r => r.text())")
        assert event.door_token not in state and event.door_token not in screen.content()

    # The organizer follows the check-in page on a laptop.
    desk = audit.prepare(chromium.new_context(**DESKTOP, locale="en-GB")).new_page()
    # The pages' clocks run as the room's do, and are put forward to their next poll instead of
    # waiting for it.
    desk.clock.install()
    sign_in(desk, base, "olga", f"/manage/events/{event.pk}/checkin/")
    desk.wait_for_selector("#door-arrivals")

    # Three players check in on their own phones, without signing in.
    phones = {}
    for name, locale in (
        ("Anna de Vries", "en-GB"),
        ("Bram Jansen", "nl-NL"),
        ("Carla Smit", "en-GB"),
    ):
        phone = audit.prepare(chromium.new_context(**PHONE, locale=locale)).new_page()
        phone.clock.install()
        phone.goto(base + door)
        if name == "Anna de Vries":
            shot(audit, phone, "door-names-en")
        if name == "Bram Jansen":
            shot(audit, phone, "door-names-nl")
        pick(phone, name)
        phones[name] = phone
        pk = players[name].pk
        desk.clock.fast_forward(POLL)
        desk.wait_for_selector(f"#arrival-{pk}", timeout=15_000)  # no reload: the poll
        desk.wait_for_selector(f"#player-{pk} button[aria-pressed=true]", timeout=15_000)
    shot(audit, phones["Anna de Vries"], "door-checked-in-en")
    shot(audit, phones["Bram Jansen"], "door-checked-in-nl")

    # A fourth fresh phone from the same address is one name too many without signing in.
    fourth = audit.prepare(chromium.new_context(**PHONE, locale="nl-NL")).new_page()
    fourth.goto(base + door)
    fourth.fill("#door-search", "Dirk")
    fourth.locator("#door-names tr", has=fourth.locator("td", has_text="Dirk Bakker")).locator(
        "button"
    ).click()
    fourth.wait_for_selector("#errors")
    assert "3 namen" in fourth.content()
    shot(audit, fourth, "door-too-many-names-nl")
    assert not EventPlayer.objects.filter(event=event, player=players["Dirk Bakker"]).exists()
    assert "checked in at the door" in desk.text_content("#door-arrivals")
    audit.shot(desk, "checkin-arrivals")

    # The organizer undoes Carla's check-in.
    carla = players["Carla Smit"].pk
    desk.locator(f"#arrival-{carla} button").click()
    desk.wait_for_function(
        f"() => document.querySelector('#arrival-{carla}').textContent"
        ".includes('check-in taken back')"
    )
    assert not EventPlayer.objects.get(event=event, player_id=carla).present

    # A signed-in player checks in on her phone (in Dutch) and waits for the round.
    sanne = audit.prepare(chromium.new_context(**PHONE, locale="nl-NL")).new_page()
    sanne.clock.install()
    sign_in(sanne, base, "sanne", door)
    sanne.click("form[action$='/check-in/'] button.door-big")
    sanne.wait_for_selector(".door-me")
    assert sanne.locator("#my-seat p.muted").is_visible()  # waiting for the round
    shot(audit, sanne, "door-signed-in-waiting-nl")

    # Anna leaves after round 1; the organizer sees it without a reload.
    anna = phones["Anna de Vries"]
    anna.click("text=I'm leaving after this round")
    anna.wait_for_selector("text=You leave after round 1")
    shot(audit, anna, "door-leaving-en")
    desk.clock.fast_forward(POLL)
    desk.wait_for_function(
        f"() => document.querySelector('#arrival-{players['Anna de Vries'].pk}')"
        ".textContent.includes('leaving after round 1')",
        timeout=15_000,
    )

    # The organizer checks in the others and starts round 1: the seats appear on the phones.
    for name in ("Carla Smit", "Dirk Bakker", "Eva Visser", "Fleur Mulder"):
        entry_set_present(event=event, actor=organizer, player=players[name], present=True)
    entry_set_present(event=event, actor=organizer, player=organizer.player, present=True)
    first = round_generate(event=event, actor=organizer, seed=1)
    round_accept(round_=first, actor=organizer)
    sanne.clock.fast_forward(POLL)
    sanne.wait_for_selector("#my-seat .door-seat strong", timeout=15_000)
    seat = first.seats.get(player__user__username="sanne")
    shown = sanne.text_content("#my-seat .door-seat strong")
    assert str(seat.table.number) in shown and str(seat.position + 1) in shown
    shot(audit, sanne, "door-seat-nl")
    anna.clock.fast_forward(POLL)
    anna.wait_for_selector("#my-seat .door-seat strong", timeout=15_000)
    shot(audit, anna, "door-seat-en")

    # The door sign prints on A4: the code and the link written out.
    desk.goto(f"{base}/manage/events/{event.pk}/door/")
    assert desk.locator(".door-sign-qr svg").is_visible()
    desk.emulate_media(media="print")
    snap(desk, LOOK / "door-sign-print.png")
    desk.emulate_media(media="screen")

    # Round 2 is seated without Anna.
    round_close(
        round_=first,
        actor=organizer,
        unfinished={t.number: "not_played" for t in first.tables.all()},
    )
    second = round_generate(event=event, actor=organizer, seed=1)
    anna_pk = players["Anna de Vries"].pk
    assert not second.seats.filter(player_id=anna_pk).exists()
    assert not second.byes.filter(player_id=anna_pk).exists()
    assert second.seats.count() == 4 and second.byes.count() == 3
    assert audit.violations == []


@pytest.mark.parametrize(("locale", "lang"), [("nl-NL", "nl"), ("en-GB", "en")])
def test_a_player_checked_in_by_the_organizer_sees_where_they_sit_at_the_door(
    chromium, live_server, audit, locale, lang
):
    """Checked in at the organizer's table, a player scans the door code on their own phone:
    their name, marked here, still says "that's me"; after the question, the phone shows
    their table and seat (with whom), and the leaving button."""
    base = live_server.url
    club = Club.objects.create(name="De Harten Vrouw", slug="de-harten-vrouw", city="Delft")
    organizer = user("olga", "Olga Organisator", club, Role.ORGANIZER)
    players = [Player.objects.create(name=name) for name in MEMBERS[:4]]
    event = Event.objects.create(
        club=club,
        name="Clubavond december",
        date="2026-12-04",
        status=Event.Status.RUNNING,
        published=True,
        planned_rounds=2,
        seating_method="balanced",
    )
    for player in players:
        Membership.objects.create(club=club, player=player)
        entry_set_present(event=event, actor=organizer, player=player, present=True)
    round_accept(round_=round_generate(event=event, actor=organizer, seed=1), actor=organizer)
    anna = players[0]

    page = audit.prepare(chromium.new_context(**PHONE, locale=locale)).new_page()
    page.goto(f"{base}/door/{event.door_token}/")
    row = page.locator("#door-names tr", has=page.locator("td", has_text=anna.name))
    assert row.locator(".muted").inner_text().startswith("✓")  # marked as here
    page.once("dialog", lambda dialog: dialog.accept())
    with page.expect_navigation(url=f"{base}/door/{event.door_token}/"):
        pick(page, anna.name)
    seat = page.locator(".door-seat").inner_text()
    assert ("Tafel 1" if lang == "nl" else "Table 1") in seat
    others = page.locator(".door-me").inner_text()
    assert all(player.name in others for player in players[1:])
    assert (" en " if lang == "nl" else " and ") in others  # "with Bram, Carla and Dirk"
    assert page.locator(".door-me form button").count() == 1  # "I'm leaving after this round"
    shot(audit, page, f"door-claimed-{lang}")
    entry = EventPlayer.objects.get(event=event, player=anna)
    assert entry.present and entry.door_device
    assert not audit.violations, audit.violations
