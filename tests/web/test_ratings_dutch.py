"""The rating pages speak Dutch to a Dutch browser (and English to an English one)."""

import pytest
from django.urls import reverse

from results.services import session_submit
from tests.documents import classic_document
from tests.factories import EventFactory, seated_table
from tests.web.conftest import client_for

pytestmark = pytest.mark.django_db

# English text on the pages and its Dutch translation.
CLUB_RATINGS = {
    "Ratings of": "Ratings van",
    "Season standings": "Seizoensklassement",
    "Last played": "Laatst gespeeld",
    "(provisional)": "(voorlopig)",
    "Download CSV": "CSV downloaden",
}
SEASON = {
    "Season standings of": "Seizoensklassement van",
    "Placement points": "Plaatsingspunten",
    "Table wins": "Tafelwinsten",
    "Best evenings": "Beste avonden",
    "average per session": "gemiddelde per sessie",
}


@pytest.fixture
def club(django_capture_on_commit_callbacks):
    """A club with one complete session, rated."""
    event = EventFactory(published=True)
    table = seated_table(event)
    with django_capture_on_commit_callbacks(execute=True):  # the ratings update it queues
        session_submit(
            table=table,
            submitted_by=None,
            document=classic_document(),
            table_token=table.scoring_token,
        )
    return event.club


@pytest.mark.parametrize(
    ("page", "words"),
    [("ratings:club_ratings_page", CLUB_RATINGS), ("ratings:season_page", SEASON)],
)
def test_rating_pages_in_dutch(club, page, words):
    url = reverse(page, args=[club.slug])
    dutch = client_for().get(url, HTTP_ACCEPT_LANGUAGE="nl")
    english = client_for().get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert dutch.status_code == english.status_code == 200
    # (a soft hyphen lets a long Dutch header break on a phone)
    dutch_body = dutch.content.decode().replace("\u00ad", "")
    english_body = english.content.decode()
    assert club.players.first().name in dutch_body  # the page lists the rated players
    for original, translation in words.items():
        assert original in english_body
        assert translation in dutch_body
        assert original not in dutch_body
