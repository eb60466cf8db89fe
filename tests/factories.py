"""factory_boy factories for the service's models."""

import datetime

import factory
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from clubs.models import Club, Membership, Player, Role
from tournaments.models import Event, Round, Seat, Table


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.PostGenerationMethodCall("set_password", "secret")


class ClubFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Club

    name = factory.Sequence(lambda n: f"Club {n}")
    slug = factory.Sequence(lambda n: f"club-{n}")


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    name = factory.Sequence(lambda n: f"Player {n}")


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Membership

    club = factory.SubFactory(ClubFactory)
    player = factory.SubFactory(PlayerFactory)
    role = Role.MEMBER


class EventFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Event

    club = factory.SubFactory(ClubFactory)
    name = factory.Sequence(lambda n: f"Club night {n}")
    date = datetime.date(2026, 11, 20)
    ruleset = "classic"
    planned_rounds = 3
    status = Event.Status.RUNNING
    published = True


class RoundFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Round

    event = factory.SubFactory(EventFactory)
    number = factory.Sequence(lambda n: n + 1)


class TableFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Table

    round = factory.SubFactory(RoundFactory)
    number = factory.Sequence(lambda n: n + 1)


def user_with_role(club: Club, role: str | None) -> User:
    """A user whose player has ``role`` in ``club`` (None: a user in no club)."""
    user = UserFactory()
    player = PlayerFactory(user=user, name=user.username)
    if role is not None:
        Membership.objects.create(club=club, player=player, role=role)
    return user


def seated_table(
    event: Event | None = None,
    round_number: int = 1,
    table_number: int = 1,
    players: list[Player] | None = None,
) -> Table:
    """A table with four players in seats 0..3 (new players unless given)."""
    event = event or EventFactory()
    round_, _ = Round.objects.get_or_create(event=event, number=round_number)
    table = Table.objects.create(round=round_, number=table_number)
    for position, player in enumerate(players or PlayerFactory.create_batch(4)):
        Membership.objects.get_or_create(club=event.club, player=player)
        Seat.objects.create(table=table, round=round_, player=player, position=position)
    return table


def api_client(user: User | None = None) -> APIClient:
    """A DRF test client, signed in as ``user`` (anonymous without one)."""
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client
