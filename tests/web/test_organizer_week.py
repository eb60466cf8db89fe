"""The organizer's pages around the club's week, through Django's client, in Dutch and English:
the signed-in header folds the account, the language and signing out into one menu; an event's
date is shown and typed as the person writes one (day first), a date it cannot read refused
naming the field; a night planned at the time another night of the club starts is refused
naming that night until the organizer confirms; a night opened from the calendar is named as a
person names it ("Clubavond 10 december"); a night's times are shown and typed on the 24-hour
clock, a time it cannot read refused naming the field; answering for a player shows no answer as
chosen until the chosen player has one."""

import datetime
import html
import re

import pytest
from django.utils import timezone, translation
from django.utils.formats import date_format

from clubs.models import AuditEntry, Membership, Player, Role
from tests.factories import ClubFactory, EventFactory, user_with_role
from tests.web.conftest import client_for
from tournaments.models import Event
from week.planning import opening, services
from week.planning.models import PlannedNight

pytestmark = pytest.mark.django_db
ZONE = timezone.get_default_timezone()


def text(response) -> str:
    """The page's main content as words."""
    body = response.content.decode()
    main = body[body.index("<main") : body.index("</main>")]
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", main)))


def at(day: datetime.date, hour: int = 20) -> datetime.datetime:
    return datetime.datetime.combine(day, datetime.time(hour), ZONE)


def soon(days: int = 10) -> datetime.date:
    return timezone.localdate() + datetime.timedelta(days=days)


@pytest.fixture
def club():
    return ClubFactory(name="De Harten Vrouw", slug="de-harten-vrouw")


@pytest.fixture
def organizer(club):
    return user_with_role(club, Role.ORGANIZER)


# --- The signed-in header -------------------------------------------------------------------


@pytest.mark.parametrize(
    "lang, words",
    [("en", ("My account", "Sign out", "Language")), ("nl", ("Mijn account", "Uitloggen", "Taal"))],
)
def test_the_signed_in_header_folds_the_account_into_one_menu(club, organizer, lang, words):
    page = client_for(organizer).get("/clubs/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    header = page[page.index('<header class="site">') : page.index("</header>")]
    menu = header[header.index("<details") : header.index("</details>")]
    assert organizer.username in menu[: menu.index("</summary>")]
    for word in words:
        assert word in menu
    assert 'href="/accounts/"' in menu and 'action="/i18n/setlang/"' in menu
    assert header.count('id="lang"') == 1  # the language list is in the menu only


def test_the_anonymous_header_keeps_its_language_list_and_sign_in():
    page = client_for().get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    header = page[page.index('<header class="site">') : page.index("</header>")]
    assert "<details" not in header and 'id="lang"' in header and "Sign in" in header
    # On a phone the list gives way to one button to the other language, named in it.
    assert (
        '<button type="submit" name="language" value="nl" lang="nl">Nederlands</button>' in header
    )


# --- An event's date, as the person writes it ----------------------------------------------


def event_form(**more) -> dict:
    return {
        "name": "Najaarstoernooi",
        "kind": "tournament",
        "date": "10-12-2026",
        "ruleset": "classic",
        "planned_rounds": "3",
        "seating_method": "balanced",
        **more,
    }


@pytest.mark.parametrize(
    "lang, typed",
    [
        ("nl", "10-12-2026"),
        ("nl", "10 december 2026"),
        ("nl", "donderdag 10 dec. 2026"),
        ("en", "10/12/2026"),
        ("en", "10 December 2026"),
        ("en", "2026-12-10"),
    ],
)
def test_an_events_date_is_typed_day_first_in_either_language(club, organizer, lang, typed):
    url = f"/manage/clubs/{club.slug}/events/new/"
    response = client_for(organizer).post(url, event_form(date=typed), HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 302, text(response)
    assert Event.objects.get(name="Najaarstoernooi").date == datetime.date(2026, 12, 10)


@pytest.mark.parametrize(
    "lang, shown, helped",
    [("nl", "%d-%m-%Y", "Dag, maand, jaar: bijvoorbeeld"), ("en", "%d/%m/%Y", "Day, month, year")],
)
def test_the_new_events_date_reads_in_the_persons_way(club, organizer, lang, shown, helped):
    url = f"/manage/clubs/{club.slug}/events/new/"
    page = client_for(organizer).get(url, HTTP_ACCEPT_LANGUAGE=lang)
    field = re.search(r'<input[^>]*id="id_date"[^>]*>', page.content.decode())[0]
    assert 'type="text"' in field and 'type="date"' not in field
    assert f'value="{timezone.localdate().strftime(shown)}"' in field
    assert helped in text(page)


@pytest.mark.parametrize(
    "lang, typed, says",
    [
        ("nl", "31-02-2026", "Datum: Februari 2026 heeft geen dag 31."),
        ("en", "31/02/2026", "Date: February 2026 has no day 31."),
        ("nl", "morgen", "Datum: Schrijf de datum als dag, maand, jaar"),
        ("en", "12/31/2026", "Date: Write the date as day, month, year"),
        ("en", "next Friday", "Date: Write the date as day, month, year"),
    ],
)
def test_a_date_it_cannot_read_is_refused_naming_the_field(club, organizer, lang, typed, says):
    url = f"/manage/clubs/{club.slug}/events/new/"
    response = client_for(organizer).post(url, event_form(date=typed), HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 400
    assert says in text(response) and 'href="#id_date"' in response.content.decode()
    assert f'value="{typed}"' in response.content.decode()  # what was typed stays to correct
    assert not Event.objects.filter(name="Najaarstoernooi").exists()


# --- A second night at the same time ---------------------------------------------------------


def night_form(day: datetime.date, **more) -> dict:
    return {
        "date": day.strftime("%d-%m-%Y"),
        "start": "20:00",
        "end": "23:30",
        "game": "bonken",
        "ruleset": "",
        "planned_rounds": "3",
        "place": "",
        "notes": "",
        "recurrence": "once",
        "count": "1",
        **more,
    }


@pytest.mark.parametrize(
    "lang, says",
    [
        ("en", "There is already a club night of Jonkler on {day} at 20:00."),
        ("nl", "Er is al een clubavond met Jonkler op {day} om 20:00."),
    ],
)
def test_a_night_at_the_time_of_another_is_planned_only_when_confirmed(club, organizer, lang, says):
    day = soon()
    (first,) = services.night_plan(club=club, actor=organizer, starts_at=at(day), game="jonkler")
    visitor = client_for(organizer)
    url = f"/clubs/{club.slug}/nights/"
    refused = visitor.post(url, night_form(day), HTTP_ACCEPT_LANGUAGE=lang)
    assert refused.status_code == 409
    with translation.override(lang):
        named = says.format(day=date_format(day, "l j F"))
    assert named in text(refused)
    page = refused.content.decode()
    assert 'href="#id_start"' in page and 'name="confirm_same_time"' in page
    assert PlannedNight.objects.count() == 1
    # Another time that evening is no clash; the same time confirmed is planned beside it.
    later = visitor.post(url, night_form(day, start="20:30"))
    assert later.status_code == 302
    confirmed = visitor.post(url, night_form(day, confirm_same_time="on"))
    assert confirmed.status_code == 302
    assert PlannedNight.objects.filter(starts_at=first.starts_at).count() == 2
    assert AuditEntry.objects.filter(action="night.plan", details__same_time=True).count() == 1


# --- A night's times, on the 24-hour clock -----------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_nights_times_show_on_the_24_hour_clock_not_the_browsers_picker(club, organizer, lang):
    page = client_for(organizer).get(f"/clubs/{club.slug}/nights/", HTTP_ACCEPT_LANGUAGE=lang)
    body = page.content.decode()
    for name, shown in (("start", "19:30"), ("end", "23:30")):
        field = re.search(rf'<input[^>]*id="id_{name}"[^>]*>', body)[0]
        assert 'type="text"' in field and 'type="time"' not in field
        assert f'value="{shown}"' in field
    helped = "24-hour clock" if lang == "en" else "24-uursklok"
    assert helped in text(page)


@pytest.mark.parametrize(
    "lang, start, end, starts, ends",
    [
        ("en", "20:00", "23:30", (20, 0), (23, 30)),
        ("nl", "20.00", "23.30", (20, 0), (23, 30)),
        ("nl", "2000", "0030", (20, 0), (0, 30)),
        ("en", "930", "12", (9, 30), (12, 0)),
        ("nl", "20,15", "23:45:00", (20, 15), (23, 45)),
    ],
)
def test_a_nights_times_are_typed_on_the_24_hour_clock(
    club, organizer, lang, start, end, starts, ends
):
    day = soon()
    url = f"/clubs/{club.slug}/nights/"
    sent = night_form(day, start=start, end=end)
    response = client_for(organizer).post(url, sent, HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 302, text(response)
    night = PlannedNight.objects.get()
    assert night.starts_at == at(day).replace(hour=starts[0], minute=starts[1])
    assert night.ends_at.astimezone(ZONE).time() == datetime.time(*ends)
    assert night.ends_at > night.starts_at  # a night ending past midnight ends the next day


@pytest.mark.parametrize(
    "lang, field, typed, says",
    [
        ("en", "start", "8 pm", "Starts: Write the time as hours and minutes on the 24-hour clock"),
        (
            "nl",
            "start",
            "acht uur",
            "Begint: Schrijf de tijd als uren en minuten op de 24-uursklok",
        ),
        ("en", "end", "24:30", "Ends: 24:30 is not a time of day: hours go from 0 to 23"),
        ("nl", "end", "23.75", "Eindigt: 23.75 is geen tijdstip: de uren gaan van 0 tot 23"),
    ],
)
def test_a_time_it_cannot_read_is_refused_naming_the_field(
    club, organizer, lang, field, typed, says
):
    url = f"/clubs/{club.slug}/nights/"
    sent = night_form(soon(), **{field: typed})
    response = client_for(organizer).post(url, sent, HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 400
    assert says in text(response) and f'href="#id_{field}"' in response.content.decode()
    assert f'value="{typed}"' in response.content.decode()  # what was typed stays to correct
    assert not PlannedNight.objects.exists()


def test_a_cancelled_night_or_another_clubs_is_no_clash(club, organizer):
    day = soon()
    (cancelled,) = services.night_plan(club=club, actor=organizer, starts_at=at(day), game="bonko")
    services.night_cancel(night=cancelled, actor=organizer)
    elsewhere = ClubFactory()
    services.night_plan(
        club=elsewhere,
        actor=user_with_role(elsewhere, Role.ORGANIZER),
        starts_at=at(day),
        game="bonken",
    )
    assert services.night_plan(club=club, actor=organizer, starts_at=at(day), game="bonken")


def test_a_series_names_the_night_it_meets_and_the_opened_one_by_its_events_name(club, organizer):
    day = soon()
    (night,) = services.night_plan(
        club=club, actor=organizer, starts_at=at(day + datetime.timedelta(weeks=1)), game="bonken"
    )
    opening.night_open(night=night, actor=organizer)
    night.refresh_from_db()
    response = client_for(organizer).post(
        f"/clubs/{club.slug}/nights/",
        night_form(day, recurrence="weekly", count="3"),
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 409
    assert f"There is already {night.event.name} on" in text(response)
    assert "The dates of the series" not in text(response)


# --- The name of a night opened from the calendar -------------------------------------------


@pytest.mark.parametrize(
    "lang, name", [("nl", "Clubavond 10 december"), ("en", "Club night 10 December")]
)
def test_a_night_opened_is_named_as_a_person_names_it(club, organizer, lang, name):
    night = PlannedNight.objects.create(
        club=club,
        starts_at=at(datetime.date(2026, 12, 10)),
        ends_at=at(datetime.date(2026, 12, 10), 23),
        game="bonken",
    )
    response = client_for(organizer).post(
        f"/nights/{night.pk}/open/", {"confirmed": "1"}, HTTP_ACCEPT_LANGUAGE=lang
    )
    assert response.status_code == 302
    night.refresh_from_db()
    assert night.event.name == name
    # The night's page and the event's pages show that one name.
    page = client_for(organizer).get(f"/nights/{night.pk}/", HTTP_ACCEPT_LANGUAGE=lang)
    assert name in text(page)
    dashboard = client_for(organizer).get(f"/manage/events/{night.event.pk}/")
    assert name in text(dashboard)


def test_the_game_is_named_where_the_club_plays_another(club, organizer):
    EventFactory(club=club, game="jonkler")
    night = PlannedNight.objects.create(
        club=club,
        starts_at=at(datetime.date(2026, 12, 10)),
        ends_at=at(datetime.date(2026, 12, 10), 23),
        game="bonken",
    )
    with translation.override("nl"):
        event = opening.night_open(night=night, actor=organizer)
    assert event.name == "Clubavond 10 december (Bonken)"


# --- Answering for a player ------------------------------------------------------------------


def pressed(page: str) -> list[str]:
    """The organizer's answer buttons that look chosen: no ``secondary`` class, or pressed."""
    form = page[page.index("data-answer-for") :]
    form = form[: form.index("</form>")]
    buttons = re.findall(
        r'<button type="submit" name="answer" value="(\w+)" class="([^"]*)" '
        r'aria-pressed="(\w+)"',
        form,
    )
    assert len(buttons) == 3
    for value, classes, aria in buttons:
        assert ("secondary" not in classes) == (aria == "true"), value
    return [value for value, _classes, aria in buttons if aria == "true"]


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_answering_for_a_player_shows_no_answer_chosen_before_there_is_one(club, organizer, lang):
    (night,) = services.night_plan(club=club, actor=organizer, starts_at=at(soon()), game="bonken")
    anna = Player.objects.create(name="Anna de Vries")
    bram = Player.objects.create(name="Bram Jansen")
    for player in (anna, bram):
        Membership.objects.create(club=club, player=player)
    services.rsvp_answer(night=night, player=anna, answer="maybe", actor=organizer)
    visitor = client_for(organizer)
    page = visitor.get(f"/nights/{night.pk}/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    assert pressed(page) == []  # no player chosen yet: no answer looks chosen
    assert re.search(r'<option value="" selected>', page)
    assert re.search(rf'<option value="{anna.pk}" data-answer="maybe">Anna de Vries · ', page)
    # Bram is answered for: his page comes back with him chosen and his answer pressed.
    answered = visitor.post(f"/nights/{night.pk}/answer/", {"player": bram.pk, "answer": "no"})
    assert answered.status_code == 302
    assert answered["Location"].endswith(f"?player={bram.pk}#answer-player")
    again = visitor.get(answered["Location"], HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    assert pressed(again) == ["no"]
    assert re.search(rf'<option value="{bram.pk}" data-answer="no" selected>', again)
    # Anna chosen: her maybe is pressed; a player without an answer: none.
    assert pressed(visitor.get(f"/nights/{night.pk}/?player={anna.pk}").content.decode()) == [
        "maybe"
    ]


def test_answering_without_choosing_a_player_is_refused_at_the_list(club, organizer):
    (night,) = services.night_plan(club=club, actor=organizer, starts_at=at(soon()), game="bonken")
    response = client_for(organizer).post(
        f"/nights/{night.pk}/answer/", {"player": "", "answer": "yes"}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 400
    assert "Choose the player to answer for." in text(response)
    assert 'href="#answer-player"' in response.content.decode()
    assert not night.rsvps.exists()
