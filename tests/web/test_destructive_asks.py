"""Every button that closes, reopens, seats again, takes back, merges, retires or seats a
substitute asks first (the form's data-confirm, which static/js/site.js turns into a
question), and the question says what it will change."""

import re

import pytest

from clubs.models import Role
from results.services import session_submit
from tests.documents import classic_document
from tests.factories import EventFactory, seated_table, user_with_role
from tests.web.conftest import client_for
from tournaments.models import Event, Round

pytestmark = pytest.mark.django_db

DESTRUCTIVE = re.compile(r"/(close|reopen|regenerate|undo|substitute)/$")


def forms(html: str) -> list[str]:
    return re.findall(r"<form\b[^>]*>", html)


def test_every_destructive_form_asks_first():
    table = seated_table(EventFactory(status=Event.Status.RUNNING))
    event = table.round.event
    organizer = user_with_role(event.club, Role.ORGANIZER)
    session_submit(table=table, submitted_by=organizer, document=classic_document(3))
    planned = seated_table(event, round_number=2)
    Round.objects.filter(pk=planned.round_id).update(status=Round.Status.PLANNED)
    closed_event = EventFactory(club=event.club, status=Event.Status.FINISHED)
    client = client_for(organizer)
    pages = [
        f"/manage/rounds/{table.round_id}/",
        f"/manage/rounds/{planned.round_id}/",
        f"/manage/events/{event.pk}/",
        f"/manage/events/{closed_event.pk}/",
        f"/t/{table.scoring_token}/",
        f"/manage/clubs/{event.club.slug}/players/",
    ]
    seen = set()
    for url in pages:
        html = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
        for form in forms(html):
            action = re.search(r'action="([^"]*)"', form)
            kind = re.search(r'name="action" value="(merge|retire)"', html)
            if action and DESTRUCTIVE.search(action.group(1)):
                seen.add(DESTRUCTIVE.search(action.group(1)).group(1))
                assert "data-confirm=" in form, (url, form)
        if kind:
            assert html.count("data-confirm=") >= 2
            seen.add("players")
    assert seen == {"close", "reopen", "regenerate", "undo", "substitute", "players"}
