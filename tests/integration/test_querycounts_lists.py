"""List endpoints of clubs, rounds, seats, memberships and entries run a fixed number of
queries, however many rows they return (the other lists are in ``test_api_reads``).

A signed-in member costs one more query where the list depends on which events they may see
(their roles, read once per request); a filter on a parent (``?event=``, ``?round=``,
``?club=``) costs one lookup of that parent.
"""

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from clubs.models import Membership, Role
from tests.factories import ClubFactory, EventFactory, seated_table, user_with_role
from tournaments.models import Event, EventPlayer, Seat

pytestmark = pytest.mark.django_db


def event_with_rounds(rounds: int, *, published: bool = True) -> Event:
    """An event of ``rounds`` rounds, one table of four new players each, who all entered."""
    event = EventFactory(published=published)
    for number in range(1, rounds + 1):
        table = seated_table(event, round_number=number)
        for seat in Seat.objects.filter(table=table):
            EventPlayer.objects.create(event=event, player_id=seat.player_id)
    return event


def member_client(user: User) -> APIClient:
    """A client signed in as a fresh copy of ``user``: roles are read once per request, and a
    real request never finds them cached on its user object."""
    client = APIClient()
    client.force_authenticate(User.objects.get(pk=user.pk))
    return client


@pytest.mark.parametrize("clubs", [1, 5])
def test_club_list(clubs, django_assert_num_queries):
    ClubFactory.create_batch(clubs)
    with django_assert_num_queries(2):  # count, clubs
        response = APIClient().get("/api/v1/clubs/")
    assert response.json()["count"] == clubs


@pytest.mark.parametrize("rounds", [1, 5])
def test_round_list(rounds, django_assert_num_queries):
    event = event_with_rounds(rounds)
    with django_assert_num_queries(2):  # count, rounds (of published events)
        assert APIClient().get("/api/v1/rounds/").json()["count"] == rounds
    with django_assert_num_queries(2):  # count, rounds
        response = APIClient().get(f"/api/v1/rounds/?event={event.pk}")
    assert response.json()["count"] == rounds


@pytest.mark.parametrize("rounds", [1, 5])
def test_round_list_of_a_member(rounds, django_assert_num_queries):
    event = event_with_rounds(rounds, published=False)
    member = user_with_role(event.club, Role.MEMBER)
    client = member_client(member)
    with django_assert_num_queries(3):  # the member's roles, count, rounds
        assert client.get("/api/v1/rounds/").json()["count"] == rounds
    assert APIClient().get("/api/v1/rounds/").json()["count"] == 0  # unpublished


@pytest.mark.parametrize("rounds", [1, 5])
def test_seat_list(rounds, django_assert_num_queries):
    event = event_with_rounds(rounds)
    with django_assert_num_queries(2):  # count, seats with their players
        body = APIClient().get("/api/v1/seats/").json()
    assert body["count"] == 4 * rounds and all(row["player_name"] for row in body["results"])
    first_round = event.rounds.get(number=1)
    with django_assert_num_queries(2):  # count, seats
        assert APIClient().get(f"/api/v1/seats/?round={first_round.pk}").json()["count"] == 4


@pytest.mark.parametrize("rounds", [1, 5])
def test_seat_list_of_a_member(rounds, django_assert_num_queries):
    event = event_with_rounds(rounds, published=False)
    client = member_client(user_with_role(event.club, Role.MEMBER))
    with django_assert_num_queries(3):  # the member's roles, count, seats with players
        assert client.get("/api/v1/seats/").json()["count"] == 4 * rounds


@pytest.mark.parametrize("rounds", [1, 5])
def test_membership_list(rounds, django_assert_num_queries):
    event = event_with_rounds(rounds)
    expected = Membership.objects.filter(club=event.club).count()
    assert expected == 4 * rounds
    with django_assert_num_queries(2):  # count, memberships with their players
        body = APIClient().get("/api/v1/memberships/").json()
    assert body["count"] == expected and all(row["player_name"] for row in body["results"])
    with django_assert_num_queries(2):  # count, memberships
        response = APIClient().get(f"/api/v1/memberships/?club={event.club_id}")
    assert response.json()["count"] == expected


@pytest.mark.parametrize("rounds", [1, 5])
def test_entry_list(rounds, django_assert_num_queries):
    event = event_with_rounds(rounds)
    with django_assert_num_queries(2):  # count, entries with their players
        body = APIClient().get("/api/v1/entries/").json()
    assert body["count"] == 4 * rounds and all(row["player_name"] for row in body["results"])
    with django_assert_num_queries(2):  # count, entries
        assert APIClient().get(f"/api/v1/entries/?event={event.pk}").json()["count"] == 4 * rounds


@pytest.mark.parametrize("rounds", [1, 5])
def test_entry_list_of_a_member(rounds, django_assert_num_queries):
    event = event_with_rounds(rounds, published=False)
    client = member_client(user_with_role(event.club, Role.SCORER))
    with django_assert_num_queries(3):  # the member's roles, count, entries with players
        assert client.get("/api/v1/entries/").json()["count"] == 4 * rounds
