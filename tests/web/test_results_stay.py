"""The organizer's pages never take results along: seating the planned round again when one
of its tables was already scored (its link works before the round starts) is refused with a
message, and nothing changes."""

import pytest

from tests.db_state import changed_tables, database_state
from tests.integration.test_api_integrity import planned_round_with_results
from tests.web.conftest import client_for

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("page", ["seat-round", "regenerate"])
def test_seating_again_over_results_is_refused_with_a_message(page):
    event, planned, organizer = planned_round_with_results()
    client = client_for(organizer)
    url = (
        f"/manage/events/{event.pk}/rounds/new/"
        if page == "seat-round"
        else f"/manage/rounds/{planned.pk}/regenerate/"
    )
    before = database_state()
    response = client.post(url, {"method": "random"}, follow=True, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert "already has results" in response.content.decode()
    assert changed_tables(before, database_state()) == []
