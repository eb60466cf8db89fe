"""The iCalendar feeds of the club's calendar, read back with the ``icalendar`` library: a
club's feed (its secret address; every night, a cancelled one as CANCELLED) and a player's
(their personal link: the nights they said yes to). Names, places and notes with commas,
semicolons, accents and new lines survive the round trip; long lines are folded. A night's UID
is the same whatever host or port the feed is asked at; the feed has an ETag, and a calendar
app asking again with it gets a 304 until a night changes."""

import datetime
from zoneinfo import ZoneInfo

import icalendar
import pytest
from django.test import Client, override_settings

from clubs.models import Membership, Role
from tests.factories import ClubFactory, PlayerFactory, user_with_role
from week.planning import links, services
from week.planning.models import ClubCalendar

pytestmark = pytest.mark.django_db
AMS = ZoneInfo("Europe/Amsterdam")


@pytest.fixture
def setup():
    club = ClubFactory(name="De Zwaan; Bonken, Jonkler & co")
    organizer = user_with_role(club, Role.ORGANIZER)
    anna = PlayerFactory(name="Anna")
    Membership.objects.create(club=club, player=anna)
    nights = services.night_plan(
        club=club,
        actor=organizer,
        game="jonkler",
        recurrence="weekly",
        count=3,
        starts_at=datetime.datetime(2027, 3, 16, 19, 30, tzinfo=AMS),
        place="Café 't Hoekje, Dorpsstraat 1; zaal 2",
        notes="Neem je kaarten mee.\nLange regel " + "é" * 80,
    )
    services.night_cancel(night=nights[2], actor=organizer)
    return club, organizer, anna, nights


def parse(response) -> icalendar.Calendar:
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/calendar")
    raw = response.content
    assert all(len(line) <= 75 for line in raw.split(b"\r\n"))  # folded at 75 octets
    return icalendar.Calendar.from_ical(raw)


def test_the_club_feed_is_a_valid_calendar_of_every_night(setup):
    club, _organizer, _anna, nights = setup
    token = links.club_calendar(club).token
    feed = parse(
        Client().get(f"/clubs/{club.slug}/calendar/{token}.ics", HTTP_ACCEPT_LANGUAGE="en")
    )
    assert feed["VERSION"] == "2.0" and feed["PRODID"]
    events = feed.walk("VEVENT")
    assert len(events) == 3
    first = events[0]
    assert first["UID"] == f"night-{nights[0].pk}@127.0.0.1"  # SITE_URL's host
    assert first.decoded("DTSTAMP") == nights[0].updated_at.replace(microsecond=0)
    assert first.decoded("DTSTART") == nights[0].starts_at
    assert first.decoded("DTSTART").astimezone(AMS).hour == 19
    assert first.decoded("DTEND") - first.decoded("DTSTART") == datetime.timedelta(hours=4)
    assert str(first["SUMMARY"]) == "Jonkler at De Zwaan; Bonken, Jonkler & co"
    assert str(first["LOCATION"]) == "Café 't Hoekje, Dorpsstraat 1; zaal 2"
    assert str(first["DESCRIPTION"]).startswith("Neem je kaarten mee.\nLange regel éé")
    assert str(first["URL"]).endswith(f"/nights/{nights[0].pk}/")
    assert [str(e["STATUS"]) for e in events] == ["CONFIRMED", "CONFIRMED", "CANCELLED"]
    assert int(events[2]["SEQUENCE"]) == 1  # the cancellation is a newer version
    assert len({str(e["UID"]) for e in events}) == 3
    dutch = parse(
        Client().get(f"/clubs/{club.slug}/calendar/{token}.ics", HTTP_ACCEPT_LANGUAGE="nl")
    )
    assert str(dutch.walk("VEVENT")[2]["SUMMARY"]).startswith("Afgelast: Jonkler bij De Zwaan")


def test_the_club_feed_needs_its_current_secret_address(setup):
    club, organizer, _anna, _nights = setup
    old = links.club_calendar(club).token
    assert Client().get(f"/clubs/{club.slug}/calendar/wrong.ics").status_code == 404
    links.club_calendar_renew(club=club, actor=organizer)
    assert Client().get(f"/clubs/{club.slug}/calendar/{old}.ics").status_code == 404
    new = ClubCalendar.objects.get(club=club).token
    assert Client().get(f"/clubs/{club.slug}/calendar/{new}.ics").status_code == 200


def test_the_players_feed_holds_the_nights_they_said_yes_to(setup):
    club, organizer, anna, nights = setup
    link = links.rsvp_link_issue(club=club, player=anna, actor=organizer, renew=False).link
    services.rsvp_answer(night=nights[0], player=anna, answer="yes", actor=None, token=link.token)
    services.rsvp_answer(night=nights[1], player=anna, answer="maybe", actor=None, token=link.token)
    feed = parse(Client().get(f"/r/{link.token}/calendar.ics"))
    (event,) = feed.walk("VEVENT")
    assert event["UID"] == f"night-{nights[0].pk}@127.0.0.1"
    assert str(event["URL"]).endswith(f"/r/{link.token}/")
    services.night_cancel(night=nights[0], actor=organizer)  # stays, as cancelled
    (event,) = parse(Client().get(f"/r/{link.token}/calendar.ics")).walk("VEVENT")
    assert str(event["STATUS"]) == "CANCELLED"
    links.rsvp_link_revoke(club=club, player=anna, actor=organizer)
    assert Client().get(f"/r/{link.token}/calendar.ics").status_code == 404


def uids(response) -> list[str]:
    return [str(event["UID"]) for event in parse(response).walk("VEVENT")]


def test_a_nights_uid_is_the_same_at_every_host_and_port(setup):
    club, _organizer, _anna, nights = setup
    path = f"/clubs/{club.slug}/calendar/{links.club_calendar(club).token}.ics"
    with override_settings(ALLOWED_HOSTS=["*"], CALENDAR_UID_DOMAIN="bonken.example.org"):
        here = uids(Client().get(path))
        there = uids(Client().get(path, HTTP_HOST="192.168.1.7:8000"))
        secure = uids(Client().get(path, HTTP_HOST="bonken.example.org", secure=True))
    assert here == there == secure == [f"night-{night.pk}@bonken.example.org" for night in nights]


def test_the_feed_answers_304_until_a_night_changes(setup):
    club, organizer, anna, nights = setup
    path = f"/clubs/{club.slug}/calendar/{links.club_calendar(club).token}.ics"
    first = Client().get(path, HTTP_ACCEPT_LANGUAGE="en")
    etag = first["ETag"]
    assert etag.startswith('"') and etag.endswith('"') and len(etag) > 10
    assert Client().get(path, HTTP_ACCEPT_LANGUAGE="en")["ETag"] == etag  # the same text
    unchanged = Client().get(path, HTTP_ACCEPT_LANGUAGE="en", HTTP_IF_NONE_MATCH=etag)
    assert unchanged.status_code == 304 and unchanged.content == b""
    assert unchanged["ETag"] == etag
    weak = Client().get(path, HTTP_ACCEPT_LANGUAGE="en", HTTP_IF_NONE_MATCH=f"W/{etag}")
    assert weak.status_code == 304
    dutch = Client().get(path, HTTP_ACCEPT_LANGUAGE="nl", HTTP_IF_NONE_MATCH=etag)
    assert dutch.status_code == 200 and dutch["ETag"] != etag  # another text
    services.night_update(night=nights[1], actor=organizer, place="Zaal 2")
    changed = Client().get(path, HTTP_ACCEPT_LANGUAGE="en", HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert "Zaal 2" in changed.content.decode()
    # The player's feed too.
    link = links.rsvp_link_renew(club=club, player=anna, actor=organizer)
    mine = Client().get(f"/r/{link.token}/calendar.ics")
    again = Client().get(f"/r/{link.token}/calendar.ics", HTTP_IF_NONE_MATCH=mine["ETag"])
    assert again.status_code == 304
