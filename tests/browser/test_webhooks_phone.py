"""The webhook pages on a phone, in Dutch and English: an organizer registers a hook for a
receiver on this machine, a result is delivered to it, the log shows it, and the organizer
sends it again; a hook that was switched off says so."""

import pytest

from clubs.models import Club, Membership, Player, Role
from results.services import session_submit
from tests.documents import classic_document
from tests.factories import EventFactory, UserFactory, seated_table
from tests.integration import webhook_receiver
from week.webhooks.models import Delivery, Hook

from .conftest import PHONE

receiver = webhook_receiver.receiver  # the fixture

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def sign_in(page, base: str, username: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", "secret")
    with page.expect_navigation():
        page.click("main form button[type=submit]")


@pytest.mark.parametrize("locale", ["nl-NL", "en-GB"])
def test_an_organizer_registers_a_hook_and_sends_a_delivery_again(
    chromium, live_server, audit, receiver, settings, locale
):
    settings.WEBHOOKS_MAX_ATTEMPTS = 2
    base = live_server.url
    club = Club.objects.create(name="De Troefkaart", slug="de-troefkaart", city="Leiden")
    user = UserFactory(username="olga")
    user.set_password("secret")
    user.save()
    Membership.objects.create(
        club=club, role=Role.ORGANIZER, player=Player.objects.create(name="Olga", user=user)
    )
    event = EventFactory(club=club, published=True)
    dutch = locale.startswith("nl")

    page = audit.prepare(chromium.new_context(locale=locale, **PHONE)).new_page()
    sign_in(page, base, "olga")
    page.goto(f"{base}/clubs/{club.slug}/")
    with page.expect_navigation():
        page.click("text=Webhooks")
    assert page.url.endswith(f"/manage/clubs/{club.slug}/webhooks/")
    page.fill("#id_url", receiver.url)
    page.fill("#id_description", "Clubsite" if dutch else "Club site")
    page.check("input[value='result.saved']")
    page.check("input[value='standings.changed']")
    audit.shot(page, f"webhooks-new-{locale}")
    with page.expect_navigation():
        page.click("main form button[type=submit]")
    hook = Hook.objects.get()
    assert page.url.endswith(f"/webhooks/{hook.pk}/")
    assert ("Nog niets verstuurd." if dutch else "Nothing sent yet.") in page.inner_text("main")
    assert hook.secret in page.inner_text("main")  # shown once, on the page made for it

    receiver.answers = [500, 500]  # the result's delivery fails both its attempts
    session_submit(table=seated_table(event), submitted_by=user, document=classic_document())
    page.reload()
    main = page.inner_text("main")
    assert ("Mislukt" if dutch else "Failed") in main or ("mislukt" if dutch else "failed") in main
    assert "500" in main
    assert hook.secret not in main  # and never again
    audit.shot(page, f"webhook-log-{locale}")
    failed = Delivery.objects.get(kind="result.saved")
    assert failed.status == Delivery.Status.FAILED
    with page.expect_navigation():
        page.locator(f"#delivery-{failed.pk} button").click()
    again = Delivery.objects.get(resent_from=failed)
    assert again.status == Delivery.Status.SUCCEEDED
    assert ("opnieuw verstuurd" if dutch else "sent again") in page.inner_text("main")
    audit.shot(page, f"webhook-sent-again-{locale}")

    Hook.objects.filter(pk=hook.pk).update(active=False, failures=5, disabled_at=again.created_at)
    page.goto(f"{base}/manage/clubs/{club.slug}/webhooks/")
    assert ("Uitgezet op" if dutch else "Switched off on") in page.inner_text("main")
    audit.shot(page, f"webhooks-switched-off-{locale}")
    assert audit.violations == []


@pytest.mark.parametrize("locale", ["nl-NL", "en-GB"])
def test_an_organizer_pings_a_hook_from_the_webhooks_page(
    chromium, live_server, audit, receiver, locale
):
    """From the club's page to the webhooks page, one tap on the hook's test ping: the
    receiver gets a signed ping, and the hook's log shows it delivered at the top."""
    from tests.integration.test_webhooks import verify
    from week.webhooks.services import hook_create

    base = live_server.url
    club = Club.objects.create(name="De Troefkaart", slug="de-troefkaart", city="Leiden")
    user = UserFactory(username="olga")
    user.set_password("secret")
    user.save()
    Membership.objects.create(
        club=club, role=Role.ORGANIZER, player=Player.objects.create(name="Olga", user=user)
    )
    hook = hook_create(
        club=club,
        actor=user,
        url=receiver.url,
        kinds=["night.planned", "night.changed", "night.cancelled"],
        description="Clubsite",
    )
    dutch = locale.startswith("nl")

    page = audit.prepare(chromium.new_context(locale=locale, **PHONE)).new_page()
    sign_in(page, base, "olga")
    page.goto(f"{base}/clubs/{club.slug}/")
    with page.expect_navigation():
        page.click("text=Webhooks")
    button = page.get_by_role("button", name="Stuur een testping" if dutch else "Send a test ping")
    assert button.count() == 1 and button.is_visible()
    box = button.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["height"] >= 40
    audit.shot(page, f"webhooks-ping-button-{locale}")
    with page.expect_navigation():
        button.click()

    assert page.url.endswith(f"/manage/clubs/{club.slug}/webhooks/{hook.pk}/#log-title")
    (got,) = receiver.requests
    assert got.headers["X-Hook-Event"] == "ping" and verify(hook.secret, got.headers, got.body)
    ping = Delivery.objects.get(kind="ping")
    assert ping.status == Delivery.Status.SUCCEEDED
    first = page.locator("article.delivery").first
    assert first.get_attribute("id") == f"delivery-{ping.pk}"
    card = first.inner_text()
    assert ("Testping" if dutch else "Test ping") in card
    assert ("afgeleverd" if dutch else "delivered") in card.lower()
    assert ("De testping is verstuurd" if dutch else "The test ping is sent") in page.inner_text(
        "main"
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    audit.shot(page, f"webhook-pinged-{locale}")
    assert audit.violations == []
