"""A player's e-mail settings: on their account, through their signed personal link without an
account, and one-click unsubscribe from an e-mail without signing in (RFC 8058). A link names one
player and one purpose: another player's, a changed one or the other purpose's is refused."""

import pytest
from django.test import Client

from clubs.models import Role
from core.errors import NotAllowed
from tests.factories import ClubFactory, PlayerFactory, UserFactory, user_with_role
from week.mailings import links
from week.mailings.models import MailPreference
from week.mailings.services import preference_set

pytestmark = pytest.mark.django_db


@pytest.fixture
def anna():
    player = PlayerFactory(name="Anna")
    MailPreference.objects.create(
        player=player, email="anna@example.test", evening=True, language="en"
    )
    return player


@pytest.fixture
def bram():
    player = PlayerFactory(name="Bram")
    MailPreference.objects.create(
        player=player, email="bram@example.test", evening=True, language="nl"
    )
    return player


def path(url: str) -> str:
    return url.split("://", 1)[1].split("/", 1)[1].join(["/", ""])


def test_unsubscribe_asks_then_unsubscribes_without_signing_in(anna, bram):
    client = Client()
    url = path(links.unsubscribe_url(anna.pk))
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200
    assert b"Stop sending the evenings by e-mail to Anna?" in page.content
    assert MailPreference.objects.get(player=anna).evening  # a GET changes nothing
    done = client.post(url, HTTP_ACCEPT_LANGUAGE="en")
    assert done.status_code == 200 and b"Anna gets no more evenings by e-mail." in done.content
    assert not MailPreference.objects.get(player=anna).evening
    assert MailPreference.objects.get(player=bram).evening  # Bram's stays


def test_the_unsubscribe_page_speaks_the_players_language_not_the_browsers(anna, bram):
    client = Client()
    english = path(links.unsubscribe_url(anna.pk))  # Anna chose English
    asked = client.get(english, HTTP_ACCEPT_LANGUAGE="nl")
    assert b"Stop sending the evenings by e-mail to Anna?" in asked.content
    assert asked["Content-Language"] == "en"
    done = client.post(english, HTTP_ACCEPT_LANGUAGE="nl")
    assert b"Anna gets no more evenings by e-mail." in done.content
    dutch = path(links.unsubscribe_url(bram.pk))  # Bram chose Dutch
    page = client.post(dutch, HTTP_ACCEPT_LANGUAGE="en")
    assert "Bram krijgt geen avonden meer per e-mail." in page.content.decode()
    assert page["Content-Language"] == "nl"
    # ?lang= still chooses outright.
    chosen = client.get(english + "?lang=nl", HTTP_ACCEPT_LANGUAGE="en")
    assert "Anna" in chosen.content.decode() and chosen["Content-Language"] == "nl"


def test_one_click_unsubscribe_from_the_mail_client(anna):
    client = Client(enforce_csrf_checks=True)  # a mail client has no CSRF token
    response = client.post(
        path(links.unsubscribe_url(anna.pk)),
        data="List-Unsubscribe=One-Click",
        content_type="application/x-www-form-urlencoded",
    )
    assert response.status_code == 200
    assert not MailPreference.objects.get(player=anna).evening


def test_a_changed_or_borrowed_link_is_refused(anna, bram):
    client = Client()
    token = links.token(anna.pk, links.UNSUBSCRIBE)
    # Anna's signature on Bram's id.
    forged = f"{bram.pk}:{token.split(':', 1)[1]}"
    assert client.post(f"/mail/unsubscribe/{forged}/").status_code == 404
    assert client.post(f"/mail/unsubscribe/{token[:-2]}xx/").status_code == 404
    assert client.post("/mail/unsubscribe/garbage/").status_code == 404
    # The preferences link does not unsubscribe, nor the unsubscribe link open the settings.
    preferences = links.token(anna.pk, links.PREFERENCES)
    assert client.post(f"/mail/unsubscribe/{preferences}/").status_code == 404
    assert client.get(f"/mail/p/{token}/").status_code == 404
    assert MailPreference.objects.get(player=bram).evening
    assert MailPreference.objects.get(player=anna).evening


def test_the_personal_link_sets_the_preferences_without_an_account(bram):
    client = Client()
    url = path(links.preferences_url(bram.pk))
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="nl")
    assert page.status_code == 200
    assert b"E-mailinstellingen" in page.content and b"bram@example.test" in page.content
    saved = client.post(url, {"email": "bram@elders.test", "language": "en"})
    assert saved.status_code == 302
    preference = MailPreference.objects.get(player=bram)
    assert (preference.email, preference.evening, preference.language) == (
        "bram@elders.test",
        False,
        "en",
    )
    bad = client.post(
        url,
        {"email": "not an address", "evening": "on", "language": "nl"},
        HTTP_ACCEPT_LANGUAGE="nl",
    )
    assert bad.status_code == 400 and b"Vul een geldig e-mailadres in." in bad.content
    assert client.get(f"/mail/p/{bram.pk}:x:y/").status_code == 404


def test_the_account_page_sets_the_players_own_preferences():
    club = ClubFactory()
    user = user_with_role(club, Role.MEMBER)
    user.save()  # the factory sets the password without saving it; the session checks it
    client = Client()
    client.force_login(user)
    account = client.get("/accounts/", HTTP_ACCEPT_LANGUAGE="en")
    assert b'href="/mail/"' in account.content
    empty = client.post(
        "/mail/", {"email": "", "evening": "on", "language": "nl"}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert empty.status_code == 400
    assert b"Give an e-mail address to get your evening by e-mail." in empty.content
    saved = client.post("/mail/", {"email": "me@example.test", "evening": "on", "language": "nl"})
    assert saved.status_code == 302
    preference = MailPreference.objects.get(player__user=user)
    assert (preference.email, preference.evening, preference.language) == (
        "me@example.test",
        True,
        "nl",
    )
    assert Client().get("/mail/").status_code == 302  # signed out: to the sign-in page


def test_nobody_changes_another_players_preferences(anna):
    stranger = UserFactory()
    with pytest.raises(NotAllowed):
        preference_set(
            actor=stranger, player=anna, email="x@example.test", evening=True, language="en"
        )
    with pytest.raises(NotAllowed):
        preference_set(actor=None, player=anna, email="x@example.test", evening=True, language="en")
    assert MailPreference.objects.get(player=anna).email == "anna@example.test"


def test_an_organizer_prints_a_players_personal_link(bram, capsys):
    from django.core.management import call_command

    call_command("evening_link", str(bram.pk))
    printed = capsys.readouterr().out.strip()
    assert printed.startswith("Bram: http://127.0.0.1:8000/mail/p/")
    assert Client().get(path(printed.split(": ", 1)[1])).status_code == 200
