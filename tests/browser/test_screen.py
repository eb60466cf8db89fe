"""The room's screen in a real Chromium, on a 1920 x 1080 projector and a 390 x 844 phone: it
fits the projector, runs under the strict Content-Security-Policy, passes axe, counts the
timer down by itself and follows the round without a reload (a table finishing, a pause, a
Bonko night's bell)."""

import time
from datetime import timedelta

import pytest
from django.utils import timezone

from results.services import session_submit
from tests.documents import classic_document
from tests.factories import EventFactory, seated_table
from tournaments.models import Round
from tournaments.screen.views.screen import POLL_SECONDS

from .conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PROJECTOR = {"viewport": {"width": 1920, "height": 1080}}
# The screen's clock runs as the room's does, and is put forward to its next poll instead of
# waiting for it.
POLL = 1000 * POLL_SECONDS


def test_the_screen_follows_the_round_without_a_reload(chromium, live_server, audit):
    event = EventFactory(published=True, name="Clubavond")
    first = seated_table(event)
    second = seated_table(event, table_number=2)
    session_submit(
        table=first, submitted_by=None, document=classic_document(), table_token=first.scoring_token
    )
    started = time.monotonic()
    Round.objects.filter(pk=first.round_id).update(
        timer_minutes=30, timer_started_at=timezone.now() - timedelta(seconds=30)
    )
    context = audit.prepare(chromium.new_context(**PROJECTOR, locale="en-GB"))
    page = context.new_page()
    page.clock.install()
    page.goto(f"{live_server.url}/events/{event.pk}/screen/")
    page.wait_for_load_state("networkidle")
    assert page.evaluate("document.documentElement.scrollHeight") <= 1080
    audit.shot(page, "screen-1920")
    shown = page.text_content("[data-timer-text]")
    waited = time.monotonic() - started  # a loaded machine takes seconds to show the page
    minutes, seconds = (int(part) for part in shown.split(":"))
    assert 29 * 60 + 30 - waited - 1 <= minutes * 60 + seconds <= 29 * 60 + 30, (shown, waited)
    page.wait_for_function(
        "shown => document.querySelector('[data-timer-text]').textContent !== shown", arg=shown
    )
    assert "done: 1 of 2" in page.text_content("[data-done]")

    session_submit(
        table=second,
        submitted_by=None,
        document=classic_document(),
        table_token=second.scoring_token,
    )
    Round.objects.filter(pk=first.round_id).update(timer_started_at=None, timer_elapsed_seconds=600)
    page.clock.fast_forward(POLL)
    page.wait_for_function(
        "() => document.querySelector('[data-done]').textContent.includes('2 of 2')", timeout=15_000
    )
    page.wait_for_function(
        "() => document.querySelector('[data-timer-text]').textContent === '20:00'"
    )
    assert page.text_content("[data-timer-note]") == "paused"
    assert page.locator(".screen-table.is-done").count() == 2

    phone = audit.prepare(chromium.new_context(**PHONE, locale="nl-NL")).new_page()
    phone.goto(f"{live_server.url}/events/{event.pk}/screen/")
    phone.wait_for_load_state("networkidle")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    audit.shot(phone, "screen-390-nl")
    assert audit.violations == []


def test_a_bonko_screen_shows_the_bell_when_it_rings(chromium, live_server, audit):
    event = EventFactory(game="bonko", ruleset="bonko", published=True, name="Bonko-avond")
    table = seated_table(event, round_number=3)
    context = audit.prepare(chromium.new_context(**PROJECTOR, locale="en-GB"))
    page = context.new_page()
    page.clock.install()
    page.goto(f"{live_server.url}/events/{event.pk}/screen/")
    page.wait_for_load_state("networkidle")
    assert page.text_content("[data-target]") == "3"
    assert not page.is_visible("[data-bell]")
    Round.objects.filter(pk=table.round_id).update(bell_rung_at=timezone.now())
    page.clock.fast_forward(POLL)
    page.wait_for_selector("[data-bell]", state="visible", timeout=15_000)
    assert not page.is_visible("[data-bell-waiting]")
    audit.shot(page, "screen-bonko-bell")
    assert audit.violations == []
