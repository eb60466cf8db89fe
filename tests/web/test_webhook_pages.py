"""The organizer's webhook pages, in English and Dutch: register a hook (a private address is
refused on the form), read the log, send a delivery again, see that a hook was switched off;
nobody else gets in."""

import pytest
from django.utils import timezone

from clubs.models import Role
from core.club_events import RESULT_SAVED, ROUND_SEATED
from tests.factories import ClubFactory, user_with_role
from tests.web.conftest import client_for
from week.webhooks.models import Delivery, Hook

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return ClubFactory()


@pytest.fixture
def organizer(club):
    return client_for(user_with_role(club, Role.ORGANIZER))


def test_an_organizer_registers_a_webhook(club, organizer, settings):
    settings.WEBHOOKS_ALLOWED_NETWORKS = []
    url = f"/manage/clubs/{club.slug}/webhooks/"
    page = organizer.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200 and "No webhooks yet." in page.content.decode()
    refused = organizer.post(
        url, {"url": "http://10.0.0.5/hook", "kinds": [RESULT_SAVED]}, HTTP_ACCEPT_LANGUAGE="nl"
    )
    assert refused.status_code == 400
    assert "privé of lokaal adres (10.0.0.5)" in refused.content.decode()
    assert not Hook.objects.exists()
    saved = organizer.post(
        url,
        {
            "url": "https://93.184.216.34/bonken",
            "description": "Site",
            "kinds": [RESULT_SAVED, ROUND_SEATED],
        },
    )
    hook = Hook.objects.get()
    assert saved.status_code == 302 and saved["Location"].endswith(f"{url}{hook.pk}/")
    assert hook.kinds == [ROUND_SEATED, RESULT_SAVED] and hook.description == "Site"
    detail = organizer.get(f"{url}{hook.pk}/", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert hook.secret in detail and "Nog niets verstuurd." in detail
    assert "Een tafeluitslag opgeslagen" in detail
    again = organizer.get(f"{url}{hook.pk}/", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert hook.secret not in again  # shown once


def test_the_log_sends_again_and_shows_a_switched_off_hook(club, organizer, settings):
    hook = Hook.objects.create(
        club=club,
        url="https://93.184.216.34/h",
        kinds=[RESULT_SAVED],
        secret="s" * 48,
        active=False,
        failures=5,
        disabled_at=timezone.now(),
    )
    delivery = Delivery.objects.create(
        hook=hook,
        kind=RESULT_SAVED,
        payload={"a": 1},
        status=Delivery.Status.FAILED,
        attempts=6,
        status_code=502,
    )
    url = f"/manage/clubs/{club.slug}/webhooks/{hook.pk}/"
    english = organizer.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "after 5 failed deliveries in a row" in english and "answer 502" in english
    assert "Send again" not in english  # switched off: switch it on first
    dutch = organizer.get(url, HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "na 5 mislukte afleveringen achter elkaar" in dutch
    listing = organizer.get(
        f"/manage/clubs/{club.slug}/webhooks/", HTTP_ACCEPT_LANGUAGE="nl"
    ).content.decode()
    assert "Uitgezet op" in listing

    switched_on = organizer.post(
        url, {"action": "edit", "url": hook.url, "kinds": [RESULT_SAVED], "active": "on"}
    )
    assert switched_on.status_code == 302
    hook.refresh_from_db()
    assert hook.active and hook.failures == 0 and hook.disabled_at is None
    assert "Send again" in organizer.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()

    settings.WEBHOOKS_ALLOWED_NETWORKS = []  # the attempt is refused: nothing leaves the test
    again = organizer.post(f"{url}deliveries/{delivery.pk}/resend/")
    assert again.status_code == 302
    resent = Delivery.objects.exclude(pk=delivery.pk).get()
    assert resent.resent_from_id == delivery.pk and resent.payload == {"a": 1}

    old = hook.secret
    organizer.post(url, {"action": "secret"})
    hook.refresh_from_db()
    assert hook.secret != old
    organizer.post(url, {"action": "delete"})
    assert not Hook.objects.exists()


def test_nobody_else_reaches_the_pages(club):
    hook = Hook.objects.create(
        club=club, url="https://93.184.216.34/h", kinds=[RESULT_SAVED], secret="s" * 48
    )
    other_club = ClubFactory()
    other = client_for(user_with_role(other_club, Role.ORGANIZER))
    assert other.get(f"/manage/clubs/{club.slug}/webhooks/").status_code == 403
    assert other.get(f"/manage/clubs/{club.slug}/webhooks/{hook.pk}/").status_code == 403
    assert other.get(f"/manage/clubs/{other_club.slug}/webhooks/{hook.pk}/").status_code == 404
    scorer = client_for(user_with_role(club, Role.SCORER))
    assert scorer.get(f"/manage/clubs/{club.slug}/webhooks/").status_code == 403
    assert client_for().get(f"/manage/clubs/{club.slug}/webhooks/").status_code == 302


def test_a_test_ping_from_the_webhook_pages(club, organizer, settings):
    """The button on the club's webhooks page (and on a hook's page) sends a ping and lands on
    the hook's log, where the ping is at the top; a switched-off hook offers none and refuses
    one, in the page's language."""
    settings.WEBHOOKS_ALLOWED_NETWORKS = []  # nothing leaves the test
    hook = Hook.objects.create(
        club=club, url="https://93.184.216.34/h", kinds=[RESULT_SAVED], secret="s" * 48
    )
    listing = f"/manage/clubs/{club.slug}/webhooks/"
    page = f"{listing}{hook.pk}/"
    ping = f"{page}ping/"
    for language, button in (("en", "Send a test ping"), ("nl", "Stuur een testping")):
        assert button in organizer.get(listing, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert button in organizer.get(page, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f'action="{ping}"' in organizer.get(listing).content.decode()

    sent = organizer.post(ping, HTTP_ACCEPT_LANGUAGE="nl")
    assert sent.status_code == 302 and sent["Location"] == f"{page}#log-title"
    delivery = Delivery.objects.get()
    assert delivery.kind == "ping" and delivery.payload == {
        "hook": {"id": hook.pk, "kinds": [RESULT_SAVED]}
    }
    dutch = organizer.get(page, HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "De testping is verstuurd" in dutch and "Testping" in dutch
    organizer.post(ping, HTTP_ACCEPT_LANGUAGE="en")
    english = organizer.get(page, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "The test ping is sent" in english and "Test ping" in english
    assert Delivery.objects.count() == 2

    Hook.objects.filter(pk=hook.pk).update(active=False)
    assert (
        "Send a test ping" not in organizer.get(listing, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    )
    refused = organizer.post(ping, HTTP_ACCEPT_LANGUAGE="nl")
    assert refused.status_code == 302 and refused["Location"] == page
    told = organizer.get(page, HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "zet hem aan voordat je een testping stuurt" in told
    assert Delivery.objects.count() == 2

    scorer = client_for(user_with_role(club, Role.SCORER))
    assert scorer.post(ping).status_code == 403
    assert organizer.get(ping).status_code == 405
    assert Delivery.objects.count() == 2
