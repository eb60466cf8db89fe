"""Webhooks through Redis and a real Celery worker process: a saved result is fanned out and
delivered by the worker, signed, to a real HTTP server in the test, and a 500 is tried again
after the backoff's countdown."""

import time

import pytest

from clubs.models import Role
from core.club_events import RESULT_SAVED
from results.services import session_submit
from tests.documents import classic_document
from tests.factories import EventFactory, seated_table, user_with_role
from tests.integration import webhook_receiver
from tests.integration.test_webhooks import verify
from week.webhooks.models import Delivery
from week.webhooks.services import hook_create

receiver = webhook_receiver.receiver  # the fixture

pytestmark = pytest.mark.services


def wait_for(condition, timeout: float = 30) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return False


def test_the_worker_delivers_and_retries(celery_worker, receiver):
    event = EventFactory(published=True)
    organizer = user_with_role(event.club, Role.ORGANIZER)
    hook = hook_create(club=event.club, actor=organizer, url=receiver.url, kinds=[RESULT_SAVED])
    receiver.answers = [500]
    session_submit(table=seated_table(event), submitted_by=organizer, document=classic_document())

    assert wait_for(lambda: len(receiver.requests) == 2), receiver.requests
    first, second = receiver.requests
    assert first.headers["X-Hook-Delivery"] == second.headers["X-Hook-Delivery"]
    assert all(verify(hook.secret, r.headers, r.body) for r in receiver.requests)
    assert second.json["data"]["event"] == event.pk
    assert wait_for(
        lambda: Delivery.objects.filter(status=Delivery.Status.SUCCEEDED, attempts=2).exists()
    )
