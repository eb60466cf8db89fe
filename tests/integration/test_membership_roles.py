"""Who organizes or scores a club is its members' business: the membership list shows roles to
the club's members (and superusers) only, and nobody else can filter by role either."""

import pytest
from rest_framework.test import APIClient

from clubs.models import Membership, Role
from tests.factories import ClubFactory, PlayerFactory, user_with_role

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    club = ClubFactory()
    Membership.objects.create(club=club, player=PlayerFactory(name="Olga"), role=Role.ORGANIZER)
    Membership.objects.create(club=club, player=PlayerFactory(name="Sam"), role=Role.SCORER)
    return club


def roles_seen(api: APIClient, club, **params) -> dict[str, str | None]:
    rows = api.get("/api/v1/memberships/", {"club": club.pk, **params}).json()["results"]
    return {row["player_name"]: row["role"] for row in rows}


def test_strangers_see_members_without_their_roles(club):
    anonymous, outsider = APIClient(), APIClient()
    outsider.force_authenticate(user_with_role(ClubFactory(), Role.ORGANIZER))
    for api in (anonymous, outsider):
        seen = roles_seen(api, club)
        assert {"Olga", "Sam"} <= set(seen) and set(seen.values()) == {None}
        assert roles_seen(api, club, role=Role.ORGANIZER) == {}
        one = Membership.objects.get(club=club, player__name="Olga")
        assert api.get(f"/api/v1/memberships/{one.pk}/").json()["role"] is None


def test_members_see_their_clubs_roles(club):
    member = APIClient()
    member.force_authenticate(user_with_role(club, Role.MEMBER))
    seen = roles_seen(member, club)
    assert (seen["Olga"], seen["Sam"]) == (Role.ORGANIZER, Role.SCORER)
    assert set(roles_seen(member, club, role=Role.ORGANIZER)) == {"Olga"}
