"""Public pages and CSV exports: published events for everyone, the rest for members."""

import csv
import io

import pytest

from clubs.models import Role
from results.services import session_submit
from tests.documents import classic_document
from tests.factories import EventFactory, seated_table, user_with_role
from tests.web.conftest import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(django_capture_on_commit_callbacks):
    """A published event with one complete table and its standings."""
    event = EventFactory(published=True, name="Clubavond")
    table = seated_table(event)
    with django_capture_on_commit_callbacks(execute=True):
        session_submit(
            table=table,
            submitted_by=None,
            document=classic_document(),
            table_token=table.scoring_token,
        )
    return event, table


def test_home_lists_published_events(played):
    event, _ = played
    response = client_for().get("/")
    assert response.status_code == 200
    assert event.name in response.content.decode()


def test_standings_show_every_player_with_totals_and_links(played):
    event, table = played
    response = client_for().get(f"/events/{event.pk}/")
    body = response.content.decode()
    assert response.status_code == 200
    for seat in table.seats.all():
        assert seat.player.name in body
        assert f"/players/{seat.player.pk}/" in body
    assert 'hx-trigger="every' in body  # refreshes while the event runs


def test_standings_fragment_for_htmx(played):
    event, _ = played
    response = client_for().get(f"/events/{event.pk}/", HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert b"<html" not in response.content and b"<table" in response.content


def test_standings_stop_refreshing_when_finished(played):
    event, _ = played
    event.status = "finished"
    event.save()
    assert b'hx-trigger="every' not in client_for().get(f"/events/{event.pk}/").content


def test_unpublished_event_is_for_members_only(clients, event):
    assert clients["anonymous"].get(f"/events/{event.pk}/").status_code == 404
    assert clients["outsider"].get(f"/events/{event.pk}/").status_code == 404
    assert clients["member"].get(f"/events/{event.pk}/").status_code == 200
    for path in ("standings.csv", "sessions.csv"):
        assert clients["anonymous"].get(f"/events/{event.pk}/{path}").status_code == 404
        assert clients["member"].get(f"/events/{event.pk}/{path}").status_code == 200


def test_table_sheet_shows_games_in_the_page_language(played):
    event, table = played
    url = f"/events/{event.pk}/tables/{table.pk}/"
    dutch = client_for().get(url).content.decode()
    english = client_for().get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Schoppen troef" in dutch and "Totaal" in dutch
    assert "Spades trumps" in english and "Total" in english


def test_table_sheet_of_another_event_is_not_found(played):
    event, table = played
    other = EventFactory(published=True)
    assert client_for().get(f"/events/{other.pk}/tables/{table.pk}/").status_code == 404


def test_player_page_lists_sessions(played):
    event, table = played
    player = table.seats.get(position=0).player
    response = client_for().get(f"/players/{player.pk}/")
    assert response.status_code == 200
    assert event.name in response.content.decode()


def test_player_only_in_unpublished_events_is_not_shown(event):
    table = seated_table(event)
    player = table.seats.first().player
    assert client_for().get(f"/players/{player.pk}/").status_code == 404


def test_standings_csv(played):
    event, table = played
    response = client_for().get(f"/events/{event.pk}/standings.csv")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert len(rows) == 4
    assert sum(int(r["total"]) for r in rows) == 0
    assert [int(r["rank"]) for r in rows] == sorted(int(r["rank"]) for r in rows)
    assert {r["player"] for r in rows} == {s.player.name for s in table.seats.all()}


def test_sessions_csv(played):
    event, table = played
    rows = list(
        csv.DictReader(
            io.StringIO(client_for().get(f"/events/{event.pk}/sessions.csv").content.decode())
        )
    )
    assert [r["seat"] for r in rows] == ["1", "2", "3", "4"]
    assert all(r["complete"] == "1" and r["games"] == "12" for r in rows)
    assert sum(int(r["total"]) for r in rows) == 0
    assert sorted(int(r["placement"]) for r in rows)[0] == 1


def test_player_page_draws_the_stored_rating_history(played, django_capture_on_commit_callbacks):
    from clubs.models import Membership
    from ranking.ratings.models import RatingHistory
    from tests.factories import PlayerFactory

    event, table = played
    players = [s.player for s in table.seats.order_by("position")]
    again = seated_table(event, round_number=2, players=players)
    with django_capture_on_commit_callbacks(execute=True):  # the ratings update it queues
        session_submit(
            table=again,
            submitted_by=None,
            document=classic_document(),
            table_token=again.scoring_token,
        )
    assert RatingHistory.objects.filter(player=players[0]).count() == 2
    body = client_for().get(f"/players/{players[0].pk}/").content.decode()
    assert "<polyline" in body and 'role="img"' in body
    newcomer = PlayerFactory()
    Membership.objects.create(club=event.club, player=newcomer)
    assert "<polyline" not in client_for().get(f"/players/{newcomer.pk}/").content.decode()


def test_table_sheet_keeps_the_history_of_corrections(played):
    event, table = played
    corrected = classic_document()
    corrected["games"][4]["counts"] = [0, 4, 5, 4]
    session_submit(
        table=table,
        submitted_by=None,
        document=corrected,
        expected_revision=1,
        reason="hearts recounted",
        table_token=table.scoring_token,
    )
    url = f"/events/{event.pk}/tables/{table.pk}/"
    scorer = client_for(user_with_role(event.club, Role.SCORER))
    page = scorer.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "hearts recounted" in page and "?revision=1" in page and "History" in page
    old = scorer.get(url + "?revision=1", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "an earlier version" in old
    assert scorer.get(url + "?revision=9").status_code == 404
    dutch = scorer.get(url).content.decode()
    assert "Geschiedenis" in dutch
