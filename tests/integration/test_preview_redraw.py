"""A standings change redraws the event's link previews (a Celery task queued by name after
the standings task): the stored pictures move to the new results version and show the new
standings; an event that was unpublished loses its stored pictures."""

import pytest

from ranking.standings.tasks import standings_recompute
from tests.integration.ratings_support import correct
from tests.sharing_world import world  # noqa: F401  (a fixture)
from tests.web.conftest import client_for
from tournaments.models import Event
from web.sharing.models import Preview
from web.sharing.tasks import previews_redraw

pytestmark = pytest.mark.django_db


def stored(event_id: int) -> dict[tuple[str, str, str], tuple[int, bytes]]:
    return {
        (p.kind, p.key, p.language): (p.version, bytes(p.png))
        for p in Preview.objects.filter(key__startswith=str(event_id))
    }


def test_a_standings_change_redraws_the_pictures(world, django_capture_on_commit_callbacks):  # noqa: F811
    event, anna = world["event"], world["players"][0]
    client = client_for()
    client.get(f"/share/events/{event.pk}/nl.png")
    client.get(f"/share/events/{event.pk}/players/{anna.pk}/en.png")
    before = stored(event.pk)
    assert set(before) == {
        ("event", str(event.pk), "nl"),
        ("evening", f"{event.pk}:{anna.pk}", "en"),
    }
    assert before[("event", str(event.pk), "nl")][0] == 4
    # A correction: Anna's first table turns around, and the results version moves on.
    session = event.sessions.order_by("table__round__number", "table__number").first()
    correct(session, [-100, -60, 40, 120])
    Event.objects.filter(pk=event.pk).update(results_version=5)
    with django_capture_on_commit_callbacks(execute=True):
        standings_recompute.delay(event.pk)
    after = stored(event.pk)
    # Both languages of the event are drawn now, and the evening shared before is redrawn.
    assert set(after) == set(before) | {("event", str(event.pk), "en")}
    assert after[("event", str(event.pk), "nl")][0] == 5
    for key in before:
        assert after[key][1] != before[key][1], key
    # What the page names is what was drawn: no drawing on the next request.
    drawn_at = Preview.objects.get(kind="event", language="nl").drawn_at
    assert (
        client.get(f"/share/events/{event.pk}/nl.png").content
        == after[("event", str(event.pk), "nl")][1]
    )
    assert Preview.objects.get(kind="event", language="nl").drawn_at == drawn_at


def test_a_redraw_of_an_unchanged_event_draws_the_same(world):  # noqa: F811
    event = world["event"]
    previews_redraw(event.pk)
    first = stored(event.pk)
    previews_redraw(event.pk)
    assert stored(event.pk) == first and len(first) == 2


def test_an_unpublished_event_loses_its_pictures(world):  # noqa: F811
    event, anna = world["event"], world["players"][0]
    client_for().get(f"/share/events/{event.pk}/players/{anna.pk}/nl.png")
    previews_redraw(event.pk)
    assert len(stored(event.pk)) == 3
    Event.objects.filter(pk=event.pk).update(published=False)
    assert previews_redraw(event.pk)["forgotten"] == 2
    assert stored(event.pk) == {}


@pytest.mark.services
def test_the_worker_draws_the_pictures_after_the_standings(celery_worker, live_server):
    """Through Redis and a real worker: a result's standings task queues the redraw by name,
    and the event's pictures in both languages reflect the new results version."""
    import time

    from clubs.access.tokens import api_token_create
    from clubs.models import Role
    from tests.documents import classic_document
    from tests.factories import EventFactory, seated_table, user_with_role
    from tests.integration.http import http, wait_for_standings

    event = EventFactory(published=True)
    table = seated_table(event)
    _, token = api_token_create(user=user_with_role(event.club, Role.SCORER), name="app")
    status, _ = http(
        "PUT",
        f"{live_server.url}/api/v1/tables/{table.pk}/session/",
        token,
        {"document": classic_document()},
    )
    assert status == 201
    wait_for_standings(live_server.url, event.pk)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        versions = dict(
            Preview.objects.filter(kind="event", key=str(event.pk)).values_list(
                "language", "version"
            )
        )
        if versions == {"nl": 1, "en": 1}:
            break
        time.sleep(0.2)
    assert versions == {"nl": 1, "en": 1}
