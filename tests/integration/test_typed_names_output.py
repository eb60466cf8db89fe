"""Whatever text is stored (names from before the rule of ``core.names``, notes with any
character), the output that needs one line or a format's own characters never fails and never
breaks: the link previews' pictures answer (never a 500) and their redraw task finishes, an
e-mail's subject is one line, an iCalendar feed carries no raw control character, line or
paragraph separator or NEL (RFC 5545: a line break in a text is the escape ``\\n``)."""

from __future__ import annotations

import datetime
import io
import re
from zoneinfo import ZoneInfo

import icalendar
import pytest
from django.core import mail
from django.test import Client
from PIL import Image

from clubs.models import Club, Membership, Player, Role
from tests.factories import ClubFactory, PlayerFactory, user_with_role
from tests.integration.mail_support import night
from tests.sharing_world import world  # noqa: F401  (a fixture)
from tests.web.conftest import client_for
from tournaments.models import Event
from tournaments.rounds.lifecycle import event_close
from web.sharing.tasks import previews_redraw
from week.mailings.models import EveningMail
from week.planning import links, services
from week.planning.models import PlannedNight
from week.webhooks.models import Hook
from week.webhooks.sending import _tell_organizers

pytestmark = pytest.mark.django_db
AMS = ZoneInfo("Europe/Amsterdam")


@pytest.fixture(autouse=True)
def _outbox(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.SITE_URL = "https://bonken.example.test"
    settings.EVENING_MAIL_DELAY = 0


@pytest.mark.parametrize("name", ["Clubavond\r\nnovember", "Clubavond\nnovember\u2028", "Club\x0b"])
def test_the_evening_goes_out_whatever_the_events_name(django_capture_on_commit_callbacks, name):
    event, organizer, _players, _tables = night(django_capture_on_commit_callbacks, close=False)
    Event.objects.filter(pk=event.pk).update(name=name)  # stored before the rule
    with django_capture_on_commit_callbacks(execute=True):
        event_close(event=Event.objects.get(pk=event.pk), actor=organizer)
    subjects = sorted(message.subject for message in mail.outbox)
    one_line = " ".join(name.split())
    assert subjects == [f"Je avond: {one_line}", f"Your evening: {one_line}"]
    assert EveningMail.objects.filter(event=event, status="sent").count() == 2
    for message in mail.outbox:
        message.message().as_bytes()  # the headers can be written


def test_the_webhook_switched_off_mail_names_a_club_of_any_name(settings):
    club = ClubFactory()
    user = user_with_role(club, Role.ORGANIZER)
    user.email = "org@example.test"
    user.save()
    Club.objects.filter(pk=club.pk).update(name="De\r\nTroef")  # stored before the rule
    hook = Hook.objects.create(club=club, url="https://93.184.216.34/x", kinds=[], secret="s")
    _tell_organizers(Hook.objects.select_related("club").get(pk=hook.pk))
    [sent] = mail.outbox
    assert sent.subject == "[De Troef] Webhook switched off / Webhook uitgezet"


# --- The iCalendar feeds ---------------------------------------------------------------------

NOTES = "Neem\x0bje\x0ckaarten\u2028mee\x85en\x07 drinken\tvoor\u2029later\x1c!\x7f"
BREAKS = ("\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029")


def _feed() -> tuple[bytes, icalendar.Calendar, PlannedNight]:
    club = ClubFactory(name="De Zwaan")
    organizer = user_with_role(club, Role.ORGANIZER)
    Membership.objects.create(club=club, player=PlayerFactory(name="Anna"))
    [planned] = services.night_plan(
        club=club,
        actor=organizer,
        game="jonkler",
        starts_at=datetime.datetime(2030, 3, 16, 19, 30, tzinfo=AMS),
        place="Zaal 2",
        notes=NOTES,
    )
    # A place and a club's name stored before the rule.
    PlannedNight.objects.filter(pk=planned.pk).update(place="Zaal\u20282\x0c")
    Club.objects.filter(pk=club.pk).update(name="De\x0bZwaan\x85")
    token = links.club_calendar(club).token
    response = Client().get(f"/clubs/{club.slug}/calendar/{token}.ics", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    return response.content, icalendar.Calendar.from_ical(response.content), planned


def test_the_feed_carries_no_raw_control_characters_or_separators():
    raw, _calendar, _night = _feed()
    text = raw.decode()
    lines = text.split("\r\n")
    assert lines[-1] == ""  # every line ends with CRLF, and only CRLF ends one
    for line in lines:
        bad = [c for c in line if (ord(c) < 0x20 and c != "\t") or 0x7F <= ord(c) <= 0x9F]
        assert not bad, (line, bad)
        assert not re.search("[\u2028\u2029]", line), line


def test_the_notes_keep_their_line_breaks_and_lose_other_control_characters():
    _raw, calendar, planned = _feed()
    [event] = calendar.walk("VEVENT")
    description = str(event["DESCRIPTION"])
    assert description.startswith("Neem\nje\nkaarten\nmee\nen drinken voor\nlater\n!\n"), (
        description
    )
    assert description.endswith(f"/nights/{planned.pk}/")
    assert str(event["LOCATION"]) == "Zaal 2"
    assert str(event["SUMMARY"]) == "Jonkler at De Zwaan"
    assert str(calendar["X-WR-CALNAME"]) == "De Zwaan"
    for value in (description, str(event["LOCATION"]), str(event["SUMMARY"])):
        assert not any(c in value for c in BREAKS), value


# --- Pictures drawn from names stored before the rule ------------------------------------------


def png(response) -> Image.Image:
    assert response.status_code == 200, response.status_code
    image = Image.open(io.BytesIO(response.content))
    image.load()
    return image


@pytest.mark.parametrize(
    "stored",
    [
        "Clubavond\nnovember",
        "Club\r\navond",
        "Club\x0bavond\x0c",
        "Club\u2028avond\x85",
        "Anna\u202eadnA",
    ],
)
def test_the_pictures_answer_whatever_name_is_stored(world, stored):  # noqa: F811
    event, anna = world["event"], world["players"][0]
    # Stored before the rule (an update does not pass the field's check).
    Event.objects.filter(pk=event.pk).update(name=stored)
    Club.objects.filter(pk=event.club_id).update(name=f"De {stored}")
    Player.objects.filter(pk=anna.pk).update(name=f"Anna {stored}")
    client = client_for()
    for language in ("en", "nl"):
        assert png(client.get(f"/share/events/{event.pk}/{language}.png")).size == (1200, 630)
        evening = client.get(f"/share/events/{event.pk}/players/{anna.pk}/{language}.png")
        assert png(evening).size == (1200, 630)
    club = event.club_id
    assert png(client.get(f"/share/players/{anna.pk}/ratings/{club}/bonken/en.png"))
    assert previews_redraw(event.pk)["drawn"] >= 2
