"""The e-mail settings on a phone (390 x 844), in Dutch and English: the account's page, the
personal link without an account, one-click unsubscribe, and the evening's HTML e-mail itself;
nothing wider than the screen and no serious accessibility problem."""

from contextlib import contextmanager

import pytest
from django.core import mail

from clubs.models import Role
from tests.factories import ClubFactory, user_with_role
from tests.integration.mail_support import night
from week.mailings import links
from week.mailings.models import MailPreference

from .conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WORDS = {
    "nl-NL": {
        "settings": "E-mailinstellingen",
        "unsubscribe": "Afmelden",
        "saved": "Je e-mailinstellingen zijn opgeslagen.",
        "lang": "nl",
    },
    "en-GB": {
        "settings": "E-mail settings",
        "unsubscribe": "Unsubscribe",
        "saved": "Your e-mail settings are saved.",
        "lang": "en",
    },
}


@contextmanager
def _committed(execute: bool = True):
    yield  # a transactional test: on_commit work runs at once


def fits(page) -> bool:
    return page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["viewport"]["width"]


@pytest.mark.parametrize("locale", ["nl-NL", "en-GB"])
def test_the_mail_pages_on_a_phone(chromium, live_server, audit, settings, locale):
    words = WORDS[locale]
    base = live_server.url
    user = user_with_role(ClubFactory(), Role.MEMBER)
    user.save()
    player = user.player
    page = audit.prepare(chromium.new_context(locale=locale, **PHONE)).new_page()
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", user.username)
    page.fill("#id_password", "secret")
    with page.expect_navigation():
        page.click("main form button[type=submit]")
    page.goto(f"{base}/accounts/")
    with page.expect_navigation():
        with page.expect_navigation():
            page.click("main a[href='/mail/']")
    assert page.locator("h1").inner_text() == words["settings"]
    page.fill("#email", "me@example.test")
    page.check("input[name=evening]")
    page.select_option("#language", words["lang"])
    with page.expect_navigation():
        page.click("main form button[type=submit]")
    assert words["saved"] in page.content()
    assert fits(page)
    audit.shot(page, f"mail-account-{locale}")
    preference = MailPreference.objects.get(player=player)
    assert (preference.email, preference.evening) == ("me@example.test", True)

    # Without an account: the personal link and the unsubscribe link, in a fresh browser.
    stranger = audit.prepare(chromium.new_context(locale=locale, **PHONE)).new_page()
    stranger.goto(links.preferences_url(player.pk).replace(settings.SITE_URL, base))
    assert stranger.locator("#email").input_value() == "me@example.test"
    assert fits(stranger)
    audit.shot(stranger, f"mail-personal-link-{locale}")
    stranger.goto(links.unsubscribe_url(player.pk).replace(settings.SITE_URL, base))
    assert fits(stranger)
    audit.shot(stranger, f"mail-unsubscribe-ask-{locale}")
    with stranger.expect_navigation():
        stranger.click("main form button[type=submit]")
    assert not MailPreference.objects.get(player=player).evening
    audit.shot(stranger, f"mail-unsubscribed-{locale}")
    assert not audit.violations, "\n".join(audit.violations)


@pytest.mark.parametrize("locale", ["nl-NL", "en-GB"])
def test_the_evening_e_mail_on_a_phone(chromium, audit, settings, locale):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.EVENING_MAIL_DELAY = 0
    night(_committed)
    wanted = "anna@example.test" if locale == "en-GB" else "fleur@example.test"
    message = next(m for m in mail.outbox if m.to == [wanted])
    page = audit.prepare(chromium.new_context(locale=locale, **PHONE)).new_page()
    page.set_content(message.alternatives[0][0])
    assert fits(page)
    audit.shot(page, f"mail-evening-{locale}")
    assert not audit.violations, "\n".join(audit.violations)


@pytest.mark.parametrize(("locale", "language"), [("nl-NL", "en"), ("en-GB", "nl")])
def test_unsubscribing_speaks_the_players_language(
    chromium, live_server, audit, settings, locale, language
):
    """A player opens the unsubscribe link of their e-mail in a browser set to the other
    language: the page, before and after, speaks the language of their e-mails."""
    player = user_with_role(ClubFactory(), Role.MEMBER).player
    MailPreference.objects.create(
        player=player, email="me@example.test", evening=True, language=language
    )
    words = WORDS["en-GB" if language == "en" else "nl-NL"]
    page = audit.prepare(chromium.new_context(locale=locale, **PHONE)).new_page()
    page.goto(links.unsubscribe_url(player.pk).replace(settings.SITE_URL, live_server.url))
    assert page.locator("h1").inner_text() == words["unsubscribe"]
    assert page.get_attribute("html", "lang") == language
    assert fits(page)
    audit.shot(page, f"mail-unsubscribe-ask-{language}-in-{locale}")
    with page.expect_navigation():
        page.click("main form button[type=submit]")
    assert not MailPreference.objects.get(player=player).evening
    done = "gets no more evenings" if language == "en" else "krijgt geen avonden meer"
    assert done in page.inner_text("main")
    audit.shot(page, f"mail-unsubscribed-{language}-in-{locale}")
    assert not audit.violations, "\n".join(audit.violations)
