"""Every page a person reads, on a phone, in both languages, over the demo data (every game):
axe-core finds no serious or critical violation, the strict Content-Security-Policy blocks
nothing, and no page scrolls sideways."""

import pytest
from django.core.management import call_command

from clubs.models import Club, Player
from tournaments.models import Event, Round, Table
from webhooks.models import Delivery, Hook

from .conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def a_hook(club: Club) -> Hook:
    """A webhook with a long URL and a failed delivery in its log."""
    hook = Hook.objects.create(
        club=club,
        url="https://hooks.example.org/bonken/" + "a-long-path-segment/" * 6,
        kinds=["result.saved", "standings.changed"],
        secret="0123456789abcdef" * 3,
    )
    Delivery.objects.create(
        hook=hook,
        kind="result.saved",
        payload={},
        attempts=6,
        status=Delivery.Status.FAILED,
        status_code=502,
        error="redirect not followed",
    )
    return hook


def pages() -> list[tuple[str, str]]:
    club = Club.objects.get()
    player = Player.objects.filter(session_results__isnull=False).first()
    assert player is not None
    found = [
        ("home", "/"),
        ("my-clubs", "/clubs/"),
        ("club", f"/clubs/{club.slug}/"),
        ("club-players", f"/manage/clubs/{club.slug}/players/"),
        ("house-rules", f"/manage/clubs/{club.slug}/rulesets/"),
        ("new-event", f"/manage/clubs/{club.slug}/events/new/"),
        ("import", f"/manage/clubs/{club.slug}/import/"),
        ("webhooks", f"/manage/clubs/{club.slug}/webhooks/"),
        ("webhook", f"/manage/clubs/{club.slug}/webhooks/{a_hook(club).pk}/"),
        ("ratings", f"/clubs/{club.slug}/ratings/"),
        ("season", f"/clubs/{club.slug}/season/"),
        ("season-picture", f"/clubs/{club.slug}/season/picture/"),
        ("player", f"/players/{player.pk}/"),
        ("player-stats", f"/players/{player.pk}/stats/"),
        ("player-ratings", f"/players/{player.pk}/ratings/"),
        ("stale-link", "/t/nothing/"),
        ("account", "/accounts/"),
        ("my-seat", "/me/"),
    ]
    for event in Event.objects.order_by("pk"):
        name = event.game
        found += [
            (f"{name}-{event.pk}-standings", f"/events/{event.pk}/"),
            (f"{name}-{event.pk}-screen", f"/events/{event.pk}/screen/"),
            (f"{name}-{event.pk}-dashboard", f"/manage/events/{event.pk}/"),
            (f"{name}-{event.pk}-checkin", f"/manage/events/{event.pk}/checkin/"),
            (f"{name}-{event.pk}-codes", f"/manage/events/{event.pk}/codes/"),
            (f"{name}-{event.pk}-door", f"/door/{event.door_token}/"),
            (f"{name}-{event.pk}-door-sign", f"/manage/events/{event.pk}/door/"),
        ]
        if event.game == "bonko":
            found.append((f"{name}-teams", f"/manage/events/{event.pk}/teams/"))
        round_ = Round.objects.filter(event=event).order_by("-number").first()
        if round_ is None:
            continue
        found += [
            (f"{name}-{event.pk}-round", f"/manage/rounds/{round_.pk}/"),
            (f"{name}-{event.pk}-cards", f"/manage/rounds/{round_.pk}/cards/"),
            (f"{name}-{event.pk}-sheets", f"/manage/rounds/{round_.pk}/sheets/"),
        ]
        table = Table.objects.filter(round=round_).order_by("number").first()
        if table is not None:
            found += [
                (f"{name}-{event.pk}-table", f"/t/{table.scoring_token}/"),
                (f"{name}-{event.pk}-paper", f"/t/{table.scoring_token}/paper/"),
                (f"{name}-{event.pk}-sheet", f"/events/{event.pk}/tables/{table.pk}/"),
                (
                    f"{name}-{event.pk}-evening",
                    f"/events/{event.pk}/players/{table.seats.order_by('position')[0].player_id}/",
                ),
                (f"{name}-{event.pk}-signoff", f"/manage/tables/{table.pk}/signoff/"),
                (f"{name}-{event.pk}-correct", f"/manage/tables/{table.pk}/correct/1/"),
            ]
    return found


def sign_in(page, base: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "demo")
    page.fill("#id_password", "demo")  # the demo's organizer
    page.click("main form button[type=submit]")
    page.wait_for_load_state()


def test_every_page_passes_axe_and_fits_a_phone(chromium, live_server, audit):
    call_command("load_demo")
    base = live_server.url
    checked = 0
    for language in ("nl-NL", "en-GB"):
        context = audit.prepare(chromium.new_context(locale=language, **PHONE))
        code = language[:2]
        context.add_cookies([{"name": "django_language", "value": code, "url": base}])
        page = context.new_page()
        sign_in(page, base)
        for name, url in pages():
            response = page.goto(f"{base}{url}")
            # Every page is there for the demo's organizer; a table link that leads nowhere
            # is the one page that answers "not found" (and says what probably happened).
            expected = 404 if name == "stale-link" else 200
            assert response is not None and response.status == expected, (url, response)
            audit.check(page, f"{name}-{code}")
            width = page.evaluate("() => document.documentElement.scrollWidth")
            assert width <= 390, f"{url} in {code} scrolls sideways ({width}px)"
            checked += 1
        context.close()
    assert checked > 60
    assert not audit.violations, "\n".join(audit.violations)
