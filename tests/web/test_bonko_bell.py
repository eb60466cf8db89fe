"""The bell of a Bonko round on the King's table's page: the first tap asks (a page of its own
without the page's script), the answer rings it; for a few seconds the page offers "Bell rung –
undo", which takes it back through the bell's service (who may ring it, the round's lock, an
audit entry). After the window, or once a table saved a result after the bell, the bell stands
and the page says why, at the undo button."""

from datetime import timedelta

import pytest
from django.utils import timezone

from clubs.models import AuditEntry, Role
from games.bonko.plugin.bell import UNDO_SECONDS, bell_undo, ring_bell
from tests.factories import EventFactory, PlayerFactory, seated_table, user_with_role
from tests.web.conftest import client_for
from tests.web.test_bonko_page import NAMES, OTHERS, post, url
from tournaments.models import Event, Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    return EventFactory(game="bonko", ruleset="bonko")


@pytest.fixture
def king(event):
    return seated_table(event, players=[PlayerFactory(name=name) for name in NAMES])


@pytest.fixture
def table2(event, king):
    return seated_table(
        event, table_number=2, players=[PlayerFactory(name=name) for name in OTHERS]
    )


def bell_banner(page: str) -> str:
    """The opening tag of the table page's "the bell has rung" banner."""
    start = page.index('<div class="alert bell"')
    return page[start : page.index(">", start)]


def rung(table) -> bool:
    return Round.objects.get(pk=table.round_id).bell_rung_at is not None


def ring(client, king) -> None:
    assert client.post(url(king, "bell/"), {"confirm": "yes"}).status_code == 302
    assert rung(king)


@pytest.mark.parametrize(
    ("language", "asked", "yes", "back"),
    [
        (
            "en",
            "Ring the bell for every table?",
            "Yes, ring the bell",
            "Not yet: back to the table",
        ),
        (
            "nl",
            "De bel luiden voor alle tafels?",
            "Ja, luid de bel",
            "Nog niet: terug naar de tafel",
        ),
    ],
)
def test_the_first_tap_asks_and_rings_nothing(king, table2, language, asked, yes, back):
    client = client_for()
    page = client.get(url(king), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert "data-ring-bell" in page and "data-bell-confirm" in page  # the script asks in place
    answer = client.post(url(king, "bell/"), HTTP_ACCEPT_LANGUAGE=language)
    html = answer.content.decode()
    assert answer.status_code == 200
    assert asked in html and yes in html and back in html
    assert 'name="confirm" value="yes"' in html
    assert f'href="/t/{king.scoring_token}/"' in html
    assert not rung(king)
    assert not AuditEntry.objects.filter(action="round.bell").exists()


def test_the_bell_rung_offers_its_undo_for_a_few_seconds(king, table2):
    client = client_for()
    ring(client, king)
    page = client.get(url(king), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f"Bell rung – undo ({UNDO_SECONDS}\u00a0s)" in page
    assert f'action="/t/{king.scoring_token}/bell/undo/"' in page
    assert "data-undo-left" in page and "after that the bell stands" in page
    dutch = client.get(url(king), HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "Bel geluid – ongedaan maken (" in dutch
    # Only the King's table offers it; another table sees the bell.
    other = client.get(url(table2), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "bell/undo/" not in other and "hidden" not in bell_banner(other)

    undone = client.post(url(king, "bell/undo/"), HTTP_ACCEPT_LANGUAGE="en")
    assert undone.status_code == 302
    assert not rung(king)
    assert client.get(url(table2, "bell/")).json()["rung"] is False
    other = client_for().get(url(table2), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "hidden" in bell_banner(other)
    entry = AuditEntry.objects.get(action="round.bell_undo")
    assert entry.actor_label == "table link" and entry.details["table"] == 1
    page = client.get(url(king), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "The bell is undone: the round goes on at every table." in page
    assert "Ring the bell (21 reached)" in page  # it may ring again
    ring(client, king)


def test_after_the_window_the_bell_stands(king, table2):
    client = client_for()
    ring(client, king)
    Round.objects.filter(pk=king.round_id).update(
        bell_rung_at=timezone.now() - timedelta(seconds=UNDO_SECONDS + 20)
    )
    page = client.get(url(king), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "bell/undo/" not in page and "The bell stands" in page
    late = client.post(url(king, "bell/undo/"), HTTP_ACCEPT_LANGUAGE="en")
    assert late.status_code == 409
    html = late.content.decode()
    assert "it can be undone only in the first 10 seconds, so it stands" in html
    assert 'id="undo-bell_error"' in html  # the message at the place the button was
    assert rung(king)
    dutch = client.post(url(king, "bell/undo/"), HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "dus de bel blijft geluid" in dutch
    assert not AuditEntry.objects.filter(action="round.bell_undo").exists()


def test_a_result_saved_after_the_bell_keeps_it(king, table2):
    client = client_for()
    ring(client, king)
    assert client.post(url(table2), post((5, 3), winner=0)).status_code == 302
    page = client.get(url(king), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "bell/undo/" not in page and "The bell stands" in page  # no undo offered
    refused = client.post(url(king, "bell/undo/"), HTTP_ACCEPT_LANGUAGE="en")
    assert refused.status_code == 409
    assert "Table 2 saved a result after the bell rang, so the bell stands." in (
        refused.content.decode()
    )
    assert rung(king)


def test_only_who_may_ring_it_undoes_it_and_only_while_the_round_is_played(event, king, table2):
    client = client_for()
    ring(client, king)
    other = client.post(url(table2, "bell/undo/"), HTTP_ACCEPT_LANGUAGE="en")
    assert other.status_code == 403 and rung(king)
    assert "Only the scorer of the King&#x27;s table (table 1)" in other.content.decode()
    # An organizer may, through the same service.
    organizer = user_with_role(event.club, Role.ORGANIZER)
    bell_undo(actor=organizer, round_=king.round_id)
    assert not rung(king)
    assert AuditEntry.objects.get(action="round.bell_undo").actor_id == organizer.pk
    with pytest.raises(Exception) as nothing:
        bell_undo(actor=organizer, round_=king.round_id)
    assert nothing.value.errors[0]["code"] == "bell_not_rung"
    ring_bell(actor=organizer, round_=king.round_id)
    Round.objects.filter(pk=king.round_id).update(status=Round.Status.CLOSED)
    with pytest.raises(Exception) as closed:
        bell_undo(actor=organizer, round_=king.round_id)
    assert closed.value.errors[0]["code"] == "round_not_playing"
    Round.objects.filter(pk=king.round_id).update(status=Round.Status.PLAYING)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    with pytest.raises(Exception) as finished:
        bell_undo(actor=organizer, round_=king.round_id)
    assert finished.value.errors[0]["code"] == "event_finished"
    assert rung(king)
