"""Helpers for the web tests: clients signed in with a role in a club."""

import pytest
from django.test import Client

from clubs.models import Membership, Role
from tests.factories import ClubFactory, EventFactory, PlayerFactory, user_with_role


def client_for(user=None) -> Client:
    client = Client()
    if user is not None:
        user.save()  # the factory sets the password without saving it; the session checks it
        client.force_login(user)
    return client


@pytest.fixture
def event():
    return EventFactory(published=False)


@pytest.fixture
def clients(event):
    """One client per kind of visitor of ``event``'s club."""
    club = event.club
    return {
        "anonymous": client_for(),
        "outsider": client_for(user_with_role(ClubFactory(), None)),
        "member": client_for(user_with_role(club, Role.MEMBER)),
        "scorer": client_for(user_with_role(club, Role.SCORER)),
        "organizer": client_for(user_with_role(club, Role.ORGANIZER)),
        "other_organizer": client_for(user_with_role(ClubFactory(), Role.ORGANIZER)),
    }


def members(club, n: int) -> list:
    players = PlayerFactory.create_batch(n)
    for player in players:
        Membership.objects.create(club=club, player=player)
    return players
