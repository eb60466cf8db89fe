"""A public table sheet shows the current result and whether it was corrected; the revision
list (and earlier revisions) are for the club's scorers and organizers; the service's own
reasons ("undo last part") are shown in the page's language."""

import pytest

from clubs.models import Role
from results.services import session_append_part, session_submit, session_undo_last_part
from tests.documents import classic_document
from tests.factories import EventFactory, seated_table, user_with_role
from tests.web.conftest import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def corrected(django_capture_on_commit_callbacks):
    event = EventFactory(published=True)
    table = seated_table(event)
    with django_capture_on_commit_callbacks(execute=True):
        session_submit(
            table=table,
            submitted_by=None,
            document=classic_document(),
            table_token=table.scoring_token,
        )
        fixed = classic_document()
        fixed["games"][4]["counts"] = [0, 4, 5, 4]
        session_submit(
            table=table,
            submitted_by=None,
            document=fixed,
            expected_revision=1,
            reason="hearts recounted",
            table_token=table.scoring_token,
        )
    return event, f"/events/{event.pk}/tables/{table.pk}/"


def test_the_public_sees_the_result_and_that_it_was_corrected(corrected):
    event, url = corrected
    page = client_for().get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "This result was corrected after the session was complete" in page
    assert "hearts recounted" not in page and "?revision=" not in page
    assert "Revision 2." not in page and "History" not in page
    assert client_for().get(url + "?revision=1").status_code == 404


@pytest.mark.parametrize("role", [Role.SCORER, Role.ORGANIZER])
def test_the_clubs_scorers_and_organizers_see_the_revisions(corrected, role):
    event, url = corrected
    client = client_for(user_with_role(event.club, role))
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "hearts recounted" in page and "?revision=1" in page and "Revision 2." in page
    assert client.get(url + "?revision=1").status_code == 200


def test_a_member_of_another_club_sees_no_revisions(corrected):
    from tests.factories import ClubFactory

    _, url = corrected
    outsider = client_for(user_with_role(ClubFactory(), Role.ORGANIZER))
    page = outsider.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "hearts recounted" not in page


def test_an_uncorrected_session_says_nothing_of_corrections(django_capture_on_commit_callbacks):
    event = EventFactory(published=True)
    table = seated_table(event)
    document = classic_document()
    with django_capture_on_commit_callbacks(execute=True):
        for game in document["games"]:
            session_append_part(
                table=table, submitted_by=None, part=game, table_token=table.scoring_token
            )
    page = (
        client_for()
        .get(f"/events/{event.pk}/tables/{table.pk}/", HTTP_ACCEPT_LANGUAGE="en")
        .content.decode()
    )
    assert "corrected" not in page


def test_undo_is_shown_in_the_pages_language():
    event = EventFactory(published=True)
    table = seated_table(event)
    document = classic_document()
    for game in document["games"][:2]:
        session_append_part(
            table=table, submitted_by=None, part=game, table_token=table.scoring_token
        )
    session_undo_last_part(table=table, submitted_by=None, table_token=table.scoring_token)
    client = client_for(user_with_role(event.club, Role.SCORER))
    url = f"/events/{event.pk}/tables/{table.pk}/"
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "the last part was taken back" in english and "undo last part" not in english
    dutch = client.get(url, HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "undo last part" not in dutch
