"""Reads: lists, standings, the schema and docs, with fixed query counts."""

import re

import pytest
from rest_framework.test import APIClient

from clubs.models import Role
from ranking.standings.services import standings_recompute
from results.services import session_submit
from tests.documents import classic_document
from tests.factories import ClubFactory, EventFactory, seated_table, user_with_role

pytestmark = pytest.mark.django_db


def event_with_sessions(tables: int):
    event = EventFactory()
    scorer = user_with_role(event.club, Role.SCORER)
    for number in range(1, tables + 1):
        table = seated_table(event, table_number=number)
        session_submit(table=table, submitted_by=scorer, document=classic_document())
    standings_recompute(event_id=event.pk)  # what the queued task does after commit
    return event


@pytest.mark.parametrize("tables", [1, 5])
def test_standings_query_count_does_not_grow(tables, django_assert_num_queries):
    event = event_with_sessions(tables)
    with django_assert_num_queries(3):  # event, computation, standings with players
        response = APIClient().get(f"/api/v1/events/{event.pk}/standings/")
    body = response.json()
    assert response.status_code == 200 and body["meta"]["up_to_date"] is True
    assert len(body["results"]) == 4 * tables
    ranks = [row["rank"] for row in body["results"]]
    assert ranks == sorted(ranks)


@pytest.mark.parametrize("tables", [1, 5])
def test_session_list_query_count_does_not_grow(tables, django_assert_num_queries):
    event = event_with_sessions(tables)
    # count, sessions with tables, their seats, the seats' players (an id filter looks
    # nothing up: it takes the id as it is)
    with django_assert_num_queries(4):
        response = APIClient().get(f"/api/v1/sessions/?event={event.pk}")
    assert response.json()["count"] == tables


@pytest.mark.parametrize("tables", [1, 5])
def test_table_list_query_count_does_not_grow(tables, django_assert_num_queries):
    event = event_with_sessions(tables)
    with django_assert_num_queries(4):  # count, tables, seats, players
        response = APIClient().get(f"/api/v1/tables/?round__event={event.pk}")
    assert response.json()["count"] == tables


def test_event_and_player_lists_query_counts(django_assert_num_queries):
    event_with_sessions(2)
    with django_assert_num_queries(2):  # count, events
        assert APIClient().get("/api/v1/events/").status_code == 200
    with django_assert_num_queries(3):  # count, players, their memberships
        assert APIClient().get("/api/v1/players/").json()["count"] == 9  # 8 and the scorer


def test_pages_are_limited():
    club = ClubFactory()
    EventFactory.create_batch(3, club=club)
    body = APIClient().get("/api/v1/events/?limit=2").json()
    assert body["count"] == 3 and len(body["results"]) == 2 and body["next"]


def test_schema_builds_and_docs_need_no_cdn():
    response = APIClient().get("/api/schema/")
    assert response.status_code == 200
    assert b"/api/v1/tables/{table_id}/session/" in response.content
    docs = APIClient().get("/api/docs/")
    assert docs.status_code == 200
    html = docs.content.decode()
    assert "swagger-ui" in html
    # Every script and stylesheet comes from this server (the sidecar's static files).
    sources = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert sources and all(not re.match(r"(https?:)?//", source) for source in sources), sources
    assert "cdn.jsdelivr" not in html and "unpkg.com" not in html


def test_public_standings_page_shows_the_ranking():
    event = event_with_sessions(1)
    response = APIClient().get(f"/events/{event.pk}/")
    assert response.status_code == 200
    leader = event.standings.order_by("rank").first()
    assert leader.player.name in response.content.decode()


def test_home_page_lists_published_events():
    event = EventFactory(name="Kerstdrive")
    EventFactory(name="Secret", published=False)
    html = APIClient().get("/").content.decode()
    assert event.name in html and "Secret" not in html
