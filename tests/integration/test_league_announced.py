"""A night that counts for a league says so outside the service: every club event's ``event``
names the leagues it counts for (a webhook's body, checked against its declared shape), and
the player's evening e-mail names the league with a link to its page, in their language. A
night that does not count (unmarked, of a club that is no member) names none."""

import pytest
from django.core import mail

from core import club_events
from leagues.nights import league_night_mark, league_night_unmark
from leagues.services import league_club_invite, league_create
from tests.integration import test_webhook_kinds as webhook_kinds
from tests.integration import webhook_receiver
from tests.integration.mail_support import night
from tournaments.announce import event_reference
from tournaments.events.services import event_update
from tournaments.rounds.lifecycle import event_close
from week.webhooks.services import hook_create

pytestmark = pytest.mark.django_db(transaction=True)
receiver = webhook_receiver.receiver  # the fixtures
shapes = webhook_kinds.shapes


@pytest.fixture(autouse=True)
def _outbox(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.SITE_URL = "https://bonken.example.test"
    settings.EVENING_MAIL_DELAY = 0


def test_a_counted_night_names_its_league_in_the_evening_and_the_webhooks(
    django_capture_on_commit_callbacks,
    receiver,
    shapes,
):
    event, organizer, _players, _tables = night(django_capture_on_commit_callbacks, close=False)
    league = league_create(
        actor=organizer, name="Regio West", game="bonken", slug="regio-west", club=event.club
    )
    assert event_reference(event)["event_leagues"] == []
    league_night_mark(league=league, event=event, actor=organizer)
    assert event_reference(event)["event_leagues"] == [
        {"slug": "regio-west", "name": "Regio West", "url": "/leagues/regio-west/"}
    ]
    hook = hook_create(
        club=event.club,
        actor=organizer,
        url=receiver.url,
        kinds=[club_events.EVENT_CHANGED],
    )
    with django_capture_on_commit_callbacks(execute=True):
        event_update(event=event, actor=organizer, name="Competitieavond")
    (body,) = webhook_kinds.received(receiver, shapes, hook.secret)
    assert body["data"]["event_leagues"] == [
        {
            "slug": "regio-west",
            "name": "Regio West",
            "url": "https://bonken.example.test/leagues/regio-west/",
        }
    ]

    with django_capture_on_commit_callbacks(execute=True):
        event_close(event=event, actor=organizer)
    sent = {message.to[0]: message for message in mail.outbox}
    english, dutch = sent["anna@example.test"], sent["fleur@example.test"]
    assert "This night counts for the league Regio West." in english.body
    assert "https://bonken.example.test/leagues/regio-west/" in english.body
    assert "Deze avond telt mee voor de competitie Regio West." in dutch.body
    html, _kind = english.alternatives[0]
    assert 'href="https://bonken.example.test/leagues/regio-west/"' in html


def test_a_night_that_no_longer_counts_names_no_league(django_capture_on_commit_callbacks):
    event, organizer, _players, _tables = night(django_capture_on_commit_callbacks, close=False)
    league = league_create(actor=organizer, name="Regio Oost", game="bonken", club=event.club)
    mark = league_night_mark(league=league, event=event, actor=organizer)
    league_night_unmark(night=mark, actor=organizer, reason="vergissing")
    assert event_reference(event)["event_leagues"] == []
    # Marked for a league the club was only invited to: refused, so nothing is named either.
    other = league_create(actor=organizer, name="Regio Zuid", game="bonken")
    league_club_invite(league=other, club=event.club, actor=organizer)
    with pytest.raises(Exception, match="not a member"):
        league_night_mark(league=other, event=event, actor=organizer)
    assert event_reference(event)["event_leagues"] == []
