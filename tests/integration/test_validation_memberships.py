"""A club keeps at least one organizer: its last one can neither step down (a role change
through the API or ``membership_set_role``), nor leave (``membership_end``), nor be deleted as
a player (``player_delete``). Each refusal is a 409 ``last_organizer`` in English and Dutch
and leaves the database as it was."""

import pytest
from rest_framework.test import APIClient

from clubs.memberships import membership_end, membership_set_role
from clubs.models import AuditEntry, Membership, Player, Role
from clubs.services import player_delete
from core.errors import Conflict, ServiceError
from tests.db_state import changed_tables, database_state
from tests.factories import ClubFactory, PlayerFactory, UserFactory, user_with_role

pytestmark = pytest.mark.django_db


def api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def club():
    return ClubFactory(name="De Bonkers")


@pytest.fixture
def organizer(club):
    user = user_with_role(club, Role.ORGANIZER)
    Player.objects.filter(user=user).update(name="Olga")
    return user


def membership_of(user, club) -> Membership:
    return Membership.objects.get(club=club, player__user=user)


def assert_last_organizer(response, field: str | None) -> None:
    assert response.status_code == 409, response.content
    [problem] = response.json()["errors"]
    assert problem == {
        "code": "last_organizer",
        "message": "Olga is the last organizer of De Bonkers: make another member an "
        "organizer first, so that someone can still run the club.",
        "message_nl": "Olga is de laatste organisator van De Bonkers: maak eerst een ander lid "
        "organisator, zodat iemand de club kan blijven beheren.",
        "game_number": None,
        "field": field,
    }


# --- Through the API --------------------------------------------------------------------------


@pytest.mark.parametrize("role", [Role.SCORER, Role.MEMBER])
def test_the_last_organizer_cannot_step_down(club, organizer, role):
    membership = membership_of(organizer, club)
    before = database_state()
    for method, data in [
        ("patch", {"role": role}),
        ("put", {"club": club.pk, "player": membership.player_id, "role": role}),
    ]:
        response = getattr(api(organizer), method)(
            f"/api/v1/memberships/{membership.pk}/", data, format="json"
        )
        assert_last_organizer(response, field="role")
    assert changed_tables(before, database_state()) == []


def test_the_last_organizer_cannot_leave(club, organizer):
    membership = membership_of(organizer, club)
    before = database_state()
    response = api(organizer).delete(f"/api/v1/memberships/{membership.pk}/")
    assert_last_organizer(response, field=None)
    assert changed_tables(before, database_state()) == []


def test_a_superuser_cannot_remove_the_last_organizer_either(club, organizer):
    admin = UserFactory(is_superuser=True, is_staff=True)
    membership = membership_of(organizer, club)
    response = api(admin).delete(f"/api/v1/memberships/{membership.pk}/")
    assert_last_organizer(response, field=None)
    response = api(admin).patch(
        f"/api/v1/memberships/{membership.pk}/", {"role": "member"}, format="json"
    )
    assert_last_organizer(response, field="role")
    assert membership_of(organizer, club).role == Role.ORGANIZER


def test_an_organizer_steps_down_once_another_one_runs_the_club(club, organizer):
    second = user_with_role(club, Role.ORGANIZER)
    membership = membership_of(organizer, club)
    response = api(organizer).patch(
        f"/api/v1/memberships/{membership.pk}/", {"role": "scorer"}, format="json"
    )
    assert response.status_code == 200, response.content
    assert response.json()["role"] == "scorer"
    assert membership_of(organizer, club).role == Role.SCORER
    entry = AuditEntry.objects.get(action="membership.role")
    assert entry.details == {"player": membership.player_id, "old": "organizer", "role": "scorer"}
    # Now the second organizer is the last one.
    second_membership = membership_of(second, club)
    response = api(second).delete(f"/api/v1/memberships/{second_membership.pk}/")
    assert response.status_code == 409
    assert response.json()["errors"][0]["code"] == "last_organizer"


def test_an_organizer_leaves_once_another_one_runs_the_club(club, organizer):
    user_with_role(club, Role.ORGANIZER)
    membership = membership_of(organizer, club)
    response = api(organizer).delete(f"/api/v1/memberships/{membership.pk}/")
    assert response.status_code == 204, response.content
    assert not Membership.objects.filter(pk=membership.pk).exists()
    assert AuditEntry.objects.filter(action="membership.end", club=club).count() == 1


def test_other_members_roles_change_and_memberships_end_as_before(club, organizer):
    player = PlayerFactory()
    membership = Membership.objects.create(club=club, player=player)
    response = api(organizer).patch(
        f"/api/v1/memberships/{membership.pk}/", {"role": "organizer"}, format="json"
    )
    assert response.status_code == 200
    response = api(organizer).patch(
        f"/api/v1/memberships/{membership.pk}/", {"role": "member"}, format="json"
    )
    assert response.status_code == 200
    assert api(organizer).delete(f"/api/v1/memberships/{membership.pk}/").status_code == 204


def test_an_organizer_of_another_club_does_not_count(club, organizer):
    other_club = ClubFactory()
    Membership.objects.create(club=other_club, player=PlayerFactory(), role=Role.ORGANIZER)
    membership = membership_of(organizer, club)
    response = api(organizer).delete(f"/api/v1/memberships/{membership.pk}/")
    assert_last_organizer(response, field=None)


def test_a_membership_still_cannot_move_to_another_player(club, organizer):
    membership = membership_of(organizer, club)
    response = api(organizer).put(
        f"/api/v1/memberships/{membership.pk}/",
        {"club": club.pk, "player": PlayerFactory().pk, "role": "organizer"},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "cannot_move"


def test_the_last_organizer_cannot_be_deleted_as_a_player(club, organizer):
    player = Player.objects.get(user=organizer)
    before = database_state()
    response = api(organizer).delete(f"/api/v1/players/{player.pk}/")
    assert_last_organizer(response, field=None)
    assert changed_tables(before, database_state()) == []


# --- The services -----------------------------------------------------------------------------


def test_the_services_refuse_to_remove_the_last_organizer(club, organizer):
    membership = membership_of(organizer, club)
    with pytest.raises(Conflict) as refused:
        membership_set_role(membership=membership, actor=organizer, role=Role.MEMBER)
    assert refused.value.errors[0]["code"] == "last_organizer"
    with pytest.raises(Conflict):
        membership_end(membership=membership, actor=organizer)
    with pytest.raises(Conflict):
        player_delete(player=membership.player, actor=organizer)
    assert membership_of(organizer, club).role == Role.ORGANIZER


def test_the_services_read_the_saved_role_not_a_stale_copy(club, organizer):
    """A membership read while it was a plain member, and made the only organizer since,
    is refused as the last organizer it is now (the service reads it again, locked)."""
    second = user_with_role(club, Role.MEMBER)
    stale = membership_of(second, club)
    membership_set_role(
        membership=membership_of(second, club), actor=organizer, role=Role.ORGANIZER
    )
    membership_set_role(membership=membership_of(organizer, club), actor=second, role=Role.SCORER)
    with pytest.raises(Conflict):
        membership_end(membership=stale, actor=second)
    assert membership_of(second, club).role == Role.ORGANIZER


def test_the_services_check_the_actor_and_the_role(club, organizer):
    membership = membership_of(organizer, club)
    scorer = user_with_role(club, Role.SCORER)
    with pytest.raises(ServiceError) as refused:
        membership_set_role(membership=membership, actor=scorer, role=Role.MEMBER)
    assert refused.value.status_code == 403
    with pytest.raises(ServiceError) as refused:
        membership_end(membership=membership, actor=scorer)
    assert refused.value.status_code == 403
    with pytest.raises(ServiceError) as refused:
        membership_set_role(membership=membership, actor=organizer, role="king")
    assert refused.value.status_code == 400
    assert refused.value.errors[0]["field"] == "role"
