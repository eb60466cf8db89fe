"""The week in public, in a real Chromium on a phone (390 x 844).

A visitor without an account starts on the club's page: the next nights are there, each a
link to its page; the night's page names the club (a link back), the game, its rules (a link
to the game's rules page, at the ruleset the night plays) and the rounds planned; the calendar
lists the nights and a date the series skipped. In Dutch and in English.

The organizer starts on the club's page too: plans a weekly series of Bonken under the eleven
rounds rules, two rounds a night, over King's Day; the series' dates come first with King's Day
ticked; skipping every date is refused where the organizer sees it; with King's Day skipped
the series is planned and the calendar shows the date as skipped; opening the first night,
weeks early, asks first, and the event plays the night's rules and rounds.

Screenshots (SCREENSHOTS=1) go to artifacts/look/week/; no page scrolls sideways."""

import datetime
from typing import Any

import pytest
from django.utils import timezone

from clubs.models import Club, Membership, Player, Role
from tests.conftest import ROOT
from tests.factories import UserFactory
from week.planning import services
from week.planning.holidays import days_of
from week.planning.models import PlannedNight, SkippedDate

from .conftest import PHONE, snap
from .test_refusals_in_view import refused_in_view

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
LOOK = ROOT / "artifacts" / "look" / "week"
LOCALES = {"en": "en-GB", "nl": "nl-NL"}


def next_kings_day() -> datetime.date:
    """The next King's Day at least three weeks away."""
    soon = timezone.localdate() + datetime.timedelta(days=21)
    for year in (soon.year, soon.year + 1):
        (day,) = [d.date for d in days_of(year) if d.code == "kings_day"]
        if day >= soon:
            return day
    raise AssertionError("no King's Day ahead")


def at(day: datetime.date, hour: int = 20) -> datetime.datetime:
    return datetime.datetime.combine(day, datetime.time(hour), timezone.get_default_timezone())


def organizer(club: Club) -> Any:
    account = UserFactory(username="olga")
    account.set_password("secret")
    account.save()
    player = Player.objects.create(name="Olga Organisator", user=account)
    Membership.objects.create(club=club, player=player, role=Role.ORGANIZER)
    return account


def phone(chromium: Any, audit: Any, lang: str) -> Any:
    return audit.prepare(chromium.new_context(**PHONE, locale=LOCALES[lang])).new_page()


def shot(audit: Any, page: Any, name: str) -> None:
    snap(page, LOOK / f"{name}.png")
    audit.shot(page, name)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390 + 1, name


def follow(page: Any, selector: str) -> None:
    with page.expect_navigation():
        page.locator(selector).first.click()


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_a_visitor_finds_the_next_night_its_rules_and_the_club(chromium, live_server, audit, lang):
    base = live_server.url
    club = Club.objects.create(name="De Harten Vrouw", slug="de-harten-vrouw", city="Delft")
    olga = organizer(club)
    soon = timezone.localdate() + datetime.timedelta(days=4)
    (night,) = services.night_plan(
        club=club,
        actor=olga,
        starts_at=at(soon),
        game="jonkler",
        planned_rounds=4,
        place="Café 't Hoekje, zaal 2",
        notes="De sleutel ligt bij Jan.",
    )
    kings_day = next_kings_day()
    series = services.night_plan(
        club=club,
        actor=olga,
        starts_at=at(kings_day - datetime.timedelta(weeks=1)),
        game="bonken",
        ruleset="eleven",
        planned_rounds=2,
        recurrence="weekly",
        count=3,
        skip=[kings_day],
    )
    assert len(series) == 2

    page = phone(chromium, audit, lang)
    page.goto(f"{base}/clubs/{club.slug}/")
    nights = page.locator("#nights-title + * + ul.nights, section[aria-labelledby=nights-title]")
    assert "Jonkler" in nights.first.inner_text()
    assert page.locator("text=Olga Organisator").count() == 0  # no players for the public
    shot(audit, page, f"club-public-{lang}")

    # The night's page: when, where, the game and its rules, the rounds; the club a link.
    follow(page, f"a[href='/nights/{night.pk}/']")
    words = page.locator("main").inner_text()
    assert "Café 't Hoekje, zaal 2" in words
    assert ("4 rounds planned" if lang == "en" else "4 rondes gepland") in words
    assert "De sleutel ligt bij Jan." not in words  # the notes are the members'
    shot(audit, page, f"night-public-{lang}")
    follow(page, "text=" + ("Read the rules" if lang == "en" else "Lees de spelregels"))
    assert page.url.endswith("/games/jonkler/rules/#ruleset-jonkler")
    assert page.locator("#ruleset-jonkler").is_visible()
    assert ("8 rounds" if lang == "en" else "8 rondes") in page.locator(
        "#ruleset-jonkler"
    ).inner_text()
    shot(audit, page, f"rules-jonkler-{lang}")
    page.go_back()
    page.wait_for_load_state()

    # The calendar from the night's page: the series, King's Day skipped among its nights.
    follow(page, f"main a[href='/clubs/{club.slug}/nights/']")
    skipped = page.locator(f"#skipped-{kings_day.isoformat()}")
    assert ("King's Day" if lang == "en" else "Koningsdag") in skipped.inner_text()
    shot(audit, page, f"calendar-public-{lang}")
    follow(page, f"a[href='/nights/{series[0].pk}/']")
    assert ("Rules: Eleven rounds" if lang == "en" else "Spelregels: Elf rondes") in page.locator(
        "main"
    ).inner_text()
    follow(page, "text=" + ("Read the rules" if lang == "en" else "Lees de spelregels"))
    assert page.url.endswith("/games/bonken/rules/#ruleset-eleven")
    shot(audit, page, f"rules-bonken-{lang}")
    page.go_back()
    page.wait_for_load_state()

    # Back to the club by its name.
    follow(page, f"main a[href='/clubs/{club.slug}/']")
    assert page.locator("h1").inner_text().startswith("De Harten Vrouw")
    assert audit.violations == []


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_organizer_plans_a_weekly_series_and_skips_kings_day(
    chromium, live_server, audit, lang
):
    base = live_server.url
    club = Club.objects.create(name="De Harten Vrouw", slug="de-harten-vrouw", city="Delft")
    organizer(club)
    kings_day = next_kings_day()
    first = kings_day - datetime.timedelta(weeks=2)
    page = phone(chromium, audit, lang)
    page.goto(f"{base}/accounts/login/?next=/clubs/{club.slug}/")
    page.fill("#id_username", "olga")
    page.fill("#id_password", "secret")
    follow(page, "main form button[type=submit]")
    follow(page, f"a[href='/clubs/{club.slug}/nights/']")

    page.fill("#id_date", first.isoformat())
    page.fill("#id_start", "19:30")
    page.fill("#id_end", "23:30")
    page.select_option("#id_game", "bonken")
    page.select_option("#id_ruleset", "eleven")
    page.fill("#id_planned_rounds", "2")
    page.fill("#id_place", "Café 't Hoekje")
    page.select_option("#id_recurrence", "weekly")
    page.fill("#id_count", "4")
    shot(audit, page, f"plan-form-{lang}")
    follow(page, "#plan-title ~ form button[type=submit]")

    # The series' dates: King's Day ticked to skip, the others not.
    assert page.locator("h1").inner_text() == (
        "The dates of the series" if lang == "en" else "De datums van de reeks"
    )
    assert page.locator(f"input[value='{kings_day.isoformat()}']").is_checked()
    assert page.locator("input[name=skip]:checked").count() == 1
    assert ("King's Day" if lang == "en" else "Koningsdag") in page.locator("li.clash").inner_text()
    assert PlannedNight.objects.count() == 0
    shot(audit, page, f"plan-dates-{lang}")

    # Skipping every date is refused where she sees it.
    for box in page.locator("input[name=skip]").all():
        box.check()
    follow(page, "button[name=step][value=plan]")
    says = "Every date of the series" if lang == "en" else "Elke datum van de reeks"
    refused_in_view(page, "id_skip_0", says, f"plan-dates-refused-{lang}")
    assert PlannedNight.objects.count() == 0

    # King's Day only: three nights, one date skipped.
    for box in page.locator("input[name=skip]").all():
        box.uncheck()
    page.locator(f"input[value='{kings_day.isoformat()}']").check()
    follow(page, "button[name=step][value=plan]")
    told = (
        "3 nights planned. 1 date skipped."
        if lang == "en"
        else "3 avonden gepland. 1 datum overgeslagen."
    )
    assert told in page.locator(".messages").inner_text()
    nights = list(PlannedNight.objects.order_by("starts_at"))
    assert len(nights) == 3 and {(n.ruleset, n.planned_rounds) for n in nights} == {("eleven", 2)}
    assert list(SkippedDate.objects.values_list("date", flat=True)) == [kings_day]
    assert page.locator(f"#skipped-{kings_day.isoformat()}").is_visible()
    shot(audit, page, f"calendar-planned-{lang}")

    # Opening the first night weeks early asks first; then its event plays its rules.
    follow(page, f"#night-{nights[0].pk} a[href='/nights/{nights[0].pk}/']")
    shot(audit, page, f"night-organizer-{lang}")
    follow(page, "form[action$='/open/'] button[type=submit]")
    assert page.locator("h1").inner_text() == (
        "Open the night now?" if lang == "en" else "De avond nu openen?"
    )
    nights[0].refresh_from_db()
    assert nights[0].event_id is None
    shot(audit, page, f"open-early-{lang}")
    follow(page, "input[name=confirmed] ~ button[type=submit]")
    nights[0].refresh_from_db()
    event = nights[0].event
    assert event is not None and (event.ruleset, event.planned_rounds) == ("eleven", 2)
    assert f"/manage/events/{event.pk}/checkin/" in page.url
    assert audit.violations == []
