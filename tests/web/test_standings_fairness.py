"""Fairness players can see on the public standings: who sat out, points per round, the bye
credit and the tie-break order in words; no preview seating and no problem badges for the
public."""

import pytest

from clubs.models import Membership, Role
from ranking.standings.services import standings_recompute
from results.services import session_submit
from tests.documents import classic_document
from tests.factories import EventFactory, PlayerFactory, seated_table, user_with_role
from tests.web.conftest import client_for
from tournaments.models import Bye, Event, Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening():
    event = EventFactory(
        published=True, status=Event.Status.RUNNING, bye_credit="fixed", bye_points=25
    )
    organizer = user_with_role(event.club, Role.ORGANIZER)
    done = seated_table(event)
    seated_table(event, table_number=2)  # no result yet: a problem once the round closes
    session_submit(table=done, submitted_by=organizer, document=classic_document())
    resting = PlayerFactory(name="Rust")
    Membership.objects.create(club=event.club, player=resting)
    Bye.objects.create(round=done.round, player=resting)
    Round.objects.create(event=event, number=2, status=Round.Status.PLANNED)
    Round.objects.filter(pk=done.round_id).update(status=Round.Status.CLOSED)
    standings_recompute(event_id=event.pk)
    return event, organizer


def test_the_public_sees_byes_points_per_round_and_the_rules(evening):
    event, _organizer = evening
    page = client_for().get(f"/events/{event.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Rust" in page and 'class="badge bye"' in page
    assert "Points per round" in page and "R1" in page
    assert "gets 25 points" in page
    assert "Ranked by <strong>points</strong>" in page


def test_the_public_sees_no_preview_and_no_problem_badge(evening):
    event, organizer = evening
    public = client_for().get(f"/events/{event.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Round 2" not in public and "badge problem" not in public
    staff = (
        client_for(organizer)
        .get(f"/events/{event.pk}/", HTTP_ACCEPT_LANGUAGE="en")
        .content.decode()
    )
    assert "Round 2" in staff and "badge problem" in staff


def test_the_rules_read_in_dutch(evening):
    event, _organizer = evening
    page = client_for().get(f"/events/{event.pk}/", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "Punten per ronde" in page and "krijgt 25 punten" in page
