"""The week in public, through Django's client: the club page and its calendar show the next
nights to anyone, each a link to the night's page, which says when, where, which game under
which rules (a link to the game's rules page) and how many rounds, in Dutch and English; the
rules page of every game; the organizer plans a series after seeing its dates with the holidays
among them and skips some; a night's rules and rounds go over to its event; opening a night
days early asks first."""

import datetime
import html
import re

import pytest
from django.utils import timezone

from clubs.models import AuditEntry, Membership, Player, Role
from games.registry import games
from tests.factories import ClubFactory, user_with_role
from tests.web.conftest import client_for
from tournaments.house_rules.services import house_ruleset_create
from week.planning import night_rules, opening, services
from week.planning.holidays import days_of
from week.planning.models import PlannedNight, SkippedDate

pytestmark = pytest.mark.django_db


def text(response) -> str:
    """The page's main content as words."""
    body = response.content.decode()
    main = body[body.index("<main") : body.index("</main>")]
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", main)))


def ahead(days: int, hour: int = 20) -> datetime.datetime:
    day = timezone.localdate() + datetime.timedelta(days=days)
    return datetime.datetime.combine(day, datetime.time(hour), timezone.get_default_timezone())


def next_kings_day() -> datetime.date:
    """The next King's Day at least three weeks away."""
    soon = timezone.localdate() + datetime.timedelta(days=21)
    for year in (soon.year, soon.year + 1):
        (day,) = [d.date for d in days_of(year) if d.code == "kings_day"]
        if day >= soon:
            return day
    raise AssertionError("no King's Day ahead")


@pytest.fixture
def world():
    club = ClubFactory(name="De Harten Vrouw", slug="de-harten-vrouw")
    organizer = user_with_role(club, Role.ORGANIZER)
    member = user_with_role(club, Role.MEMBER)
    anna = Player.objects.create(name="Anna de Vries")
    Membership.objects.create(club=club, player=anna)
    (night,) = services.night_plan(
        club=club,
        actor=organizer,
        starts_at=ahead(5),
        game="jonkler",
        planned_rounds=4,
        place="Café 't Hoekje",
        notes="The key is with Jan.",
    )
    services.rsvp_answer(night=night, player=anna, answer="yes", actor=organizer)
    return {"club": club, "organizer": organizer, "member": member, "night": night}


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_anyone_sees_the_clubs_next_nights_each_a_link_to_its_page(world, lang):
    club, night = world["club"], world["night"]
    later = services.night_plan(
        club=club, actor=world["organizer"], starts_at=ahead(12), game="bonken"
    )[0]
    services.night_cancel(night=later, actor=world["organizer"])
    response = client_for().get(f"/clubs/{club.slug}/", HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 200
    page = response.content.decode()
    assert f'href="/nights/{night.pk}/"' in page and f'href="/nights/{later.pk}/"' in page
    words = text(response)
    assert "Café 't Hoekje" in words and "Jonkler" in words
    assert ("cancelled" if lang == "en" else "afgelast") in words
    # No answers, no players, no organizer's buttons for the public.
    assert "rsvp-answer" not in page and "Anna de Vries" not in words
    assert 'name="form" value="register"' not in page
    assert ("Club nights ahead" if lang == "en" else "Komende clubavonden") in words


def test_the_public_club_page_lists_published_events_only(world):
    from tests.factories import EventFactory

    club = world["club"]
    EventFactory(club=club, name="Open toernooi", published=True)
    EventFactory(club=club, name="Besloten avond", published=False)
    words = text(client_for().get(f"/clubs/{club.slug}/"))
    assert "Open toernooi" in words and "Besloten avond" not in words
    member = text(client_for(world["member"]).get(f"/clubs/{club.slug}/"))
    assert "Besloten avond" in member and "Anna de Vries" in member


def test_a_post_to_the_club_page_still_needs_a_member(world):
    club = world["club"]
    anonymous = client_for().post(f"/clubs/{club.slug}/", {"name": "Stiekem"})
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    outsider = client_for(user_with_role(ClubFactory(), Role.ORGANIZER))
    assert outsider.post(f"/clubs/{club.slug}/", {"name": "Stiekem"}).status_code == 403
    assert not Player.objects.filter(name="Stiekem").exists()


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_public_night_page_says_when_where_the_game_its_rules_and_rounds(world, lang):
    club, night = world["club"], world["night"]
    response = client_for().get(f"/nights/{night.pk}/", HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 200
    page, words = response.content.decode(), text(response)
    assert f'<a href="/clubs/{club.slug}/">De Harten Vrouw</a>' in page
    assert 'href="/games/jonkler/rules/#ruleset-jonkler"' in page
    assert ("4 rounds planned" if lang == "en" else "4 rondes gepland") in words
    assert ("Rules: Jonkler" if lang == "en" else "Spelregels: Jonkler") in words
    assert "Café 't Hoekje" in words
    # What only the club's members see: the notes, who is coming, the answer buttons.
    assert "The key is with Jan." not in words and "Anna de Vries" not in words
    assert "rsvp-answer" not in page and "night_open" not in page
    member = text(client_for(world["member"]).get(f"/nights/{night.pk}/"))
    assert "The key is with Jan." in member and "Anna de Vries" in member


def test_the_public_calendar_names_the_club_as_a_link_and_keeps_the_feed_for_members(world):
    club = world["club"]
    response = client_for().get(f"/clubs/{club.slug}/nights/")
    assert response.status_code == 200
    page = response.content.decode()
    assert f'<a href="/clubs/{club.slug}/">De Harten Vrouw</a>' in page
    assert f'href="/nights/{world["night"].pk}/"' in page
    assert ".ics" not in page and 'id="plan-title"' not in page
    assert ".ics" in client_for(world["member"]).get(f"/clubs/{club.slug}/nights/").content.decode()


@pytest.mark.parametrize("code", sorted(games()))
@pytest.mark.parametrize("lang", ["en", "nl"])
def test_every_game_has_a_rules_page_in_both_languages(code, lang):
    game = games()[code]
    response = client_for().get(f"/games/{code}/rules/", HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 200
    page, words = response.content.decode(), text(response)
    assert (game.name if lang == "en" else game.name_nl) in words
    for label in game.rulesets:
        assert f'id="ruleset-{label}"' in page
    assert ("How it is played" if lang == "en" else "Zo speel je het") in words
    said = {
        "bonken": ("the chooser", "de kiezer"),
        "jonkler": ("bids last", "biedt als laatste"),
        "bonko": ("King's table", "koningstafel"),
        "bonanza": ("widow", "blinde"),
    }[code]
    assert said[0 if lang == "en" else 1] in words


def test_the_rules_page_knows_no_other_game_or_club():
    assert client_for().get("/games/poker/rules/").status_code == 404
    assert client_for().get("/games/bonken/rules/?club=no-such-club").status_code == 404


def test_a_night_under_house_rules_links_to_them_on_the_rules_page(world):
    club, organizer = world["club"], world["organizer"]
    house = house_ruleset_create(
        club=club,
        actor=organizer,
        game="jonkler",
        data={"code": "kort", "name": "Short", "name_nl": "Kort", "rounds": 5, "hook_rule": False},
    )
    (night,) = services.night_plan(
        club=club, actor=organizer, starts_at=ahead(9), game="jonkler", ruleset=house.label
    )
    page = client_for().get(f"/nights/{night.pk}/", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    link = f"/games/jonkler/rules/?club={club.slug}#house-kort-{house.version}"
    assert f'href="{link}"' in page and "Spelregels: Kort" in page
    rules = client_for().get(link.split("#")[0], HTTP_ACCEPT_LANGUAGE="en")
    assert f'id="house-kort-{house.version}"' in rules.content.decode()
    words = text(rules)
    assert "5 rounds: round R deals R cards" in words and "No hook" in words


# --- The organizer plans a series, skips a holiday ----------------------------------------------


def series_post(first: datetime.date, **more) -> dict:
    return {
        "date": first.isoformat(),
        "start": "19:30",
        "end": "23:30",
        "game": "bonken",
        "ruleset": "eleven",
        "planned_rounds": "2",
        "place": "Zaal 2",
        "notes": "",
        "recurrence": "weekly",
        "count": "4",
        **more,
    }


def test_a_series_shows_its_dates_with_the_holidays_ticked_then_plans_without_them(world):
    club = world["club"]
    organizer = client_for(world["organizer"])
    kings_day = next_kings_day()
    first = kings_day - datetime.timedelta(weeks=2)
    url = f"/clubs/{club.slug}/nights/"
    before = PlannedNight.objects.count()
    shown = organizer.post(url, series_post(first), HTTP_ACCEPT_LANGUAGE="en")
    assert shown.status_code == 200 and PlannedNight.objects.count() == before
    assert not AuditEntry.objects.filter(action="night.plan", details__nights=4).exists()
    page, words = shown.content.decode(), text(shown)
    assert "King's Day" in words and "The dates of the series" in words
    assert re.search(rf'value="{kings_day.isoformat()}"[^>]*checked', page)
    assert not re.search(rf'value="{first.isoformat()}"[^>]*checked', page)
    # Plan it, skipping King's Day and the first week too.
    skip = [kings_day.isoformat(), first.isoformat()]
    done = organizer.post(
        url, series_post(first, step="plan", skip=skip), HTTP_ACCEPT_LANGUAGE="en", follow=True
    )
    assert "2 nights planned. 2 dates skipped." in text(done)
    nights = list(PlannedNight.objects.filter(club=club, game="bonken").order_by("starts_at"))
    local = [n.starts_at.astimezone(timezone.get_default_timezone()) for n in nights]
    assert [d.date() for d in local] == [
        first + datetime.timedelta(weeks=1),
        first + datetime.timedelta(weeks=3),
    ]
    assert {(n.ruleset, n.planned_rounds) for n in nights} == {("eleven", 2)}
    assert set(SkippedDate.objects.values_list("date", flat=True)) == {first, kings_day}
    assert {s.series for s in SkippedDate.objects.all()} == {nights[0].series}
    entry = AuditEntry.objects.get(action="night.plan", details__nights=2)
    assert entry.details["skipped"] == sorted(skip)
    # The calendar shows the skipped dates among the nights, for anyone.
    calendar = client_for().get(url, HTTP_ACCEPT_LANGUAGE="nl")
    page = calendar.content.decode()
    assert f'id="skipped-{kings_day.isoformat()}"' in page
    assert "geen clubavond (Koningsdag)" in text(calendar)


def test_changing_the_series_goes_back_to_the_form_filled_in(world):
    club = world["club"]
    first = next_kings_day() - datetime.timedelta(weeks=1)
    response = client_for(world["organizer"]).post(
        f"/clubs/{club.slug}/nights/", series_post(first, step="change")
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert f'value="{first.isoformat()}"' in page and 'id="plan-title"' in page
    assert PlannedNight.objects.filter(game="bonken").count() == 0


def test_skipping_every_date_or_a_stranger_is_refused_on_the_dates_page(world):
    club = world["club"]
    organizer = client_for(world["organizer"])
    first = next_kings_day() - datetime.timedelta(weeks=1)
    every = [(first + datetime.timedelta(weeks=n)).isoformat() for n in range(4)]
    response = organizer.post(
        f"/clubs/{club.slug}/nights/",
        series_post(first, step="plan", skip=every),
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 400
    assert "Every date of the series is skipped" in text(response)
    assert "The dates of the series" in text(response)
    stranger = organizer.post(
        f"/clubs/{club.slug}/nights/",
        series_post(first, step="plan", skip=["2020-01-01"]),
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert stranger.status_code == 400 and "The dates of the series" in text(stranger)
    assert PlannedNight.objects.filter(game="bonken").count() == 0
    assert not SkippedDate.objects.exists()


def test_a_refused_series_shows_its_problem_on_the_form_before_its_dates(world):
    club = world["club"]
    response = client_for(world["organizer"]).post(
        f"/clubs/{club.slug}/nights/",
        series_post(next_kings_day(), ruleset="jonkler"),
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 400
    assert "Unknown ruleset 'jonkler' for Bonken" in text(response)
    assert "The dates of the series" not in text(response)


def test_a_night_planned_once_is_planned_at_once_with_its_rules_and_rounds(world):
    club = world["club"]
    day = timezone.localdate() + datetime.timedelta(days=3)
    response = client_for(world["organizer"]).post(
        f"/clubs/{club.slug}/nights/",
        series_post(day, recurrence="once", game="bonko", ruleset="", planned_rounds="12"),
    )
    assert response.status_code == 302
    night = PlannedNight.objects.get(game="bonko")
    assert (night.ruleset, night.planned_rounds) == ("", 12)


# --- Opening a night: its rules and rounds go over; days early it asks first ------------------


def test_opening_a_night_days_early_asks_first_then_carries_its_rules_and_rounds(world):
    club, organizer = world["club"], world["organizer"]
    (night,) = services.night_plan(
        club=club,
        actor=organizer,
        starts_at=ahead(6),
        game="bonken",
        ruleset="eleven",
        planned_rounds=5,
    )
    visitor = client_for(organizer)
    page = visitor.get(f"/nights/{night.pk}/", HTTP_ACCEPT_LANGUAGE="en")
    assert "The night is in 6 days: opening it now asks first." in text(page)
    asked = visitor.post(f"/nights/{night.pk}/open/", HTTP_ACCEPT_LANGUAGE="en")
    assert asked.status_code == 200
    assert "This night is on" in text(asked) and "in 6 days" in text(asked)
    assert 'name="confirmed" value="1"' in asked.content.decode()
    night.refresh_from_db()
    assert night.event_id is None
    opened = visitor.post(f"/nights/{night.pk}/open/", {"confirmed": "1"})
    assert opened.status_code == 302
    night.refresh_from_db()
    event = night.event
    assert (event.game, event.ruleset, event.planned_rounds) == ("bonken", "eleven", 5)
    assert AuditEntry.objects.get(action="night.open").details["days_early"] == 6


@pytest.mark.parametrize("days", [0, 1])
def test_the_night_itself_or_the_day_before_opens_without_asking(world, days):
    club, organizer = world["club"], world["organizer"]
    (night,) = services.night_plan(
        club=club, actor=organizer, starts_at=ahead(days, hour=23), game="bonken"
    )
    assert opening.days_ahead(night) == days
    response = client_for(organizer).post(f"/nights/{night.pk}/open/")
    assert response.status_code == 302 and "/checkin/" in response["Location"]
    night.refresh_from_db()
    assert night.event is not None and night.event.planned_rounds == night_rules.DEFAULT_ROUNDS


def test_only_an_organizer_is_asked_to_open_a_night(world):
    night = world["night"]
    member = client_for(world["member"]).post(f"/nights/{night.pk}/open/")
    assert member.status_code == 403
    anonymous = client_for().post(f"/nights/{night.pk}/open/", {"confirmed": "1"})
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    night.refresh_from_db()
    assert night.event_id is None


def test_a_game_whose_plug_in_tells_no_rules_still_has_its_page():
    """The toy game (tests/toy_game) gives no "rules" part: its page gives what the registry
    knows, and each ruleset by name."""
    from tests.toy_game import installed

    with installed() as (duel, _rounds):
        response = client_for().get("/games/duel/rules/", HTTP_ACCEPT_LANGUAGE="en")
        assert response.status_code == 200
        words = text(response)
        assert f"{duel.name}: the rules" in words and "Players at a table" in words
        assert "How it is played" not in words
        for label in duel.rulesets:
            assert f'id="ruleset-{label}"' in response.content.decode()
