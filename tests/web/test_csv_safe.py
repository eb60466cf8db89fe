"""Every CSV neutralises cells a spreadsheet would run as a formula (a player's name such as
``=HYPERLINK(...)``), in the event exports and the API's CSV alike; numbers stay numbers."""

import csv
import io

import pytest
from rest_framework.test import APIClient

from clubs.models import Player
from core.csv_safe import safe_cell
from ranking.ratings.services import ratings_update
from results.services import session_submit
from tests.documents import classic_document
from tests.factories import EventFactory, seated_table
from tests.integration.ratings_support import club_with_history
from tests.web.conftest import client_for

pytestmark = pytest.mark.django_db

HOSTILE = [
    '=HYPERLINK("http://example.invalid","x")',
    "+31 6 1234",
    "-2+3",
    "@SUM(A1)",
    "\tTab",
    "\rReturn",
]


@pytest.mark.parametrize("name", HOSTILE)
def test_a_formula_start_becomes_text(name):
    assert safe_cell(name) == "'" + name
    assert safe_cell("Anna") == "Anna" and safe_cell(-35) == -35 and safe_cell(None) is None


def rows_of(response) -> list[list[str]]:
    return list(csv.reader(io.StringIO(response.content.decode())))


def test_event_exports_neutralise_player_names(django_capture_on_commit_callbacks):
    event = EventFactory(published=True)
    table = seated_table(event)
    for seat, name in zip(table.seats.order_by("position"), HOSTILE, strict=False):
        Player.objects.filter(pk=seat.player_id).update(name=name)
    with django_capture_on_commit_callbacks(execute=True):
        session_submit(
            table=table,
            submitted_by=None,
            document=classic_document(),
            table_token=table.scoring_token,
        )
    for url in (f"/events/{event.pk}/standings.csv", f"/events/{event.pk}/sessions.csv"):
        cells = [cell for row in rows_of(client_for().get(url))[1:] for cell in row]
        assert not [cell for cell in cells if cell.startswith(("=", "+", "@", "\t", "\r"))]
        assert "'" + HOSTILE[0] in cells
        assert any(cell.lstrip("-").isdigit() and cell.startswith("-") for cell in cells)


def test_the_apis_csv_neutralises_player_names():
    club, people, _ = club_with_history(seed=4, players=8, evenings=2)
    Player.objects.filter(pk=people[0].pk).update(name=HOSTILE[0])
    ratings_update(club_id=club.pk)
    response = APIClient().get(f"/api/v1/clubs/{club.pk}/ratings/?format=csv")
    names = [row["player_name"] for row in csv.DictReader(io.StringIO(response.content.decode()))]
    assert "'" + HOSTILE[0] in names and HOSTILE[0] not in names
