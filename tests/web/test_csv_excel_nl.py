"""CSV for a Dutch Excel: ``?format=excel-nl`` (the Dutch pages' links) gives semicolons, a byte
order mark, Dutch headings and decimal commas; formulas stay neutralised; the plain CSV stays
as scripts read it."""

import csv
import io

import pytest
from rest_framework.test import APIClient

from clubs.models import Player
from core.csv_safe import BOM
from ranking.ratings.services import ratings_update
from results.services import session_submit
from tests.documents import classic_document
from tests.factories import EventFactory, seated_table
from tests.integration.ratings_support import club_with_history
from tests.web.conftest import client_for

pytestmark = pytest.mark.django_db


def excel_rows(response) -> list[list[str]]:
    text = response.content.decode("utf-8")
    assert text.startswith(BOM)
    return list(csv.reader(io.StringIO(text[1:]), delimiter=";"))


@pytest.fixture
def played(django_capture_on_commit_callbacks):
    event = EventFactory(published=True, name="Clubavond")
    table = seated_table(event)
    first = table.seats.order_by("position").first()
    Player.objects.filter(pk=first.player_id).update(name="=SUM(A1); Jan")
    with django_capture_on_commit_callbacks(execute=True):
        session_submit(
            table=table,
            submitted_by=None,
            document=classic_document(),
            table_token=table.scoring_token,
        )
    return event


def test_event_standings_for_dutch_excel(played):
    response = client_for().get(f"/events/{played.pk}/standings.csv?format=excel-nl")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    rows = excel_rows(response)
    assert rows[0][:7] == [
        "Positie",
        "Gedeeld",
        "Speler-id",
        "Speler",
        "Totaal",
        "Sessies",
        "Tafelwinsten",
    ]
    assert len(rows) == 5 and all(len(row) == len(rows[0]) for row in rows)
    names = [row[3] for row in rows[1:]]
    assert "'=SUM(A1); Jan" in names  # neutralised, and the semicolon quoted into one cell
    assert any(row[4].startswith("-") for row in rows[1:])  # a negative total stays a number


def test_event_sessions_for_dutch_excel(played):
    rows = excel_rows(client_for().get(f"/events/{played.pk}/sessions.csv?format=excel-nl"))
    assert rows[0] == [
        "Ronde",
        "Tafel",
        "Stoel",
        "Speler-id",
        "Speler",
        "Totaal",
        "Plaats",
        "Compleet",
        "Spellen",
        "Versie",
    ]
    assert [row[2] for row in rows[1:]] == ["1", "2", "3", "4"]


def test_plain_csv_stays_comma_separated_in_english(played):
    text = client_for().get(f"/events/{played.pk}/standings.csv").content.decode()
    assert not text.startswith(BOM)
    assert text.splitlines()[0].startswith("rank,tied,player_id,player,total")


@pytest.mark.parametrize(("language", "wanted"), [("nl", "?format=excel-nl"), ("en", None)])
def test_the_pages_link_to_the_file_of_their_language(played, language, wanted):
    body = client_for().get(f"/events/{played.pk}/", HTTP_ACCEPT_LANGUAGE=language).content
    link = f"/events/{played.pk}/standings.csv?format=excel-nl"
    assert (link in body.decode()) == bool(wanted)


def test_the_apis_csv_for_dutch_excel():
    club, people, _ = club_with_history(seed=4, players=8, evenings=2)
    Player.objects.filter(pk=people[0].pk).update(name="@SUM(A1)")
    ratings_update(club_id=club.pk)
    response = APIClient().get(f"/api/v1/clubs/{club.pk}/ratings/?format=excel-nl")
    assert response.status_code == 200
    rows = excel_rows(response)
    assert rows[0][:5] == ["Positie", "Gedeeld", "Speler-id", "Speler", "Rating"]
    assert "'@SUM(A1)" in [row[3] for row in rows[1:]]
    ratings = [row[4] for row in rows[1:]]
    assert all("." not in value for value in ratings) and any("," in value for value in ratings)
    assert {row[8] for row in rows[1:]} <= {"ja", "nee"}
    plain = APIClient().get(f"/api/v1/clubs/{club.pk}/ratings/?format=csv").content.decode()
    assert plain.startswith("rank,tied,player,player_name,rating")


def test_the_apis_rating_history_and_season_for_dutch_excel():
    club, people, _ = club_with_history(seed=4, players=8, evenings=2)
    ratings_update(club_id=club.pk)
    history = excel_rows(
        APIClient().get(f"/api/v1/players/{people[0].pk}/rating-history/?format=excel-nl")
    )
    assert history[0][:4] == ["Club-id", "Spel", "Sessie-id", "Gespeeld op"]
    season = excel_rows(
        APIClient().get(
            f"/api/v1/clubs/{club.pk}/season-standings/?format=excel-nl&start=2000-01-01"
        )
    )
    assert season[0][:4] == ["Positie", "Gedeeld", "Speler-id", "Speler"]


def test_the_rating_pages_link_to_the_dutch_excel_file():
    club, people, _ = club_with_history(seed=4, players=8, evenings=2)
    ratings_update(club_id=club.pk)
    dutch = client_for().get(f"/clubs/{club.slug}/ratings/", HTTP_ACCEPT_LANGUAGE="nl")
    english = client_for().get(f"/clubs/{club.slug}/ratings/", HTTP_ACCEPT_LANGUAGE="en")
    assert "format=excel-nl" in dutch.content.decode()
    assert "format=csv" in english.content.decode()
