"""The club page's forms keep the consent rule of ``membership_add``: an organizer brings in a
player of another club only when they also organize that club, or when that club (or the
player) consented first; an organizer of the player's club gives that consent on their page."""

import pytest

from clubs.models import AuditEntry, JoinConsent, Membership, Role
from tests.factories import ClubFactory, PlayerFactory, user_with_role
from tests.web.conftest import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def clubs():
    home, other = ClubFactory(name="Thuisclub"), ClubFactory(name="Nieuwe Club")
    anna = PlayerFactory(name="Anna")
    Membership.objects.create(club=home, player=anna)
    return home, other, anna


def join(client, club, player):
    return client.post(f"/clubs/{club.slug}/", {"form": "join", "join-player": player.pk})


def choices(response) -> list[int]:
    return [value for value, _label in response.context["join_form"].fields["player"].choices]


def test_an_organizer_of_only_the_new_club_cannot_take_anothers_player(clubs):
    home, other, anna = clubs
    organizer = client_for(user_with_role(other, Role.ORGANIZER))
    page = organizer.get(f"/clubs/{other.slug}/")
    assert anna.pk not in choices(page)
    refused = join(organizer, other, anna)
    assert refused.status_code == 400
    assert refused.context["join_form"].errors["player"]
    assert not Membership.objects.filter(club=other, player=anna).exists()


def test_an_organizer_of_both_clubs_brings_a_player_over(clubs):
    home, other, anna = clubs
    user = user_with_role(other, Role.ORGANIZER)
    Membership.objects.create(club=home, player=user.player, role=Role.ORGANIZER)
    organizer = client_for(user)
    assert anna.pk in choices(organizer.get(f"/clubs/{other.slug}/"))
    assert join(organizer, other, anna).status_code == 302
    assert Membership.objects.filter(club=other, player=anna, role=Role.MEMBER).exists()
    assert AuditEntry.objects.filter(action="membership.add", club=other).exists()


def test_the_home_clubs_consent_lets_the_new_club_add_the_player_once(clubs):
    home, other, anna = clubs
    home_organizer = client_for(user_with_role(home, Role.ORGANIZER))
    given = home_organizer.post(
        f"/clubs/{home.slug}/",
        {"form": "consent", "consent-player": anna.pk, "consent-club": other.pk},
    )
    assert given.status_code == 302
    page = home_organizer.get(f"/clubs/{home.slug}/")
    assert "Nieuwe Club mag Anna toevoegen." in page.content.decode()
    organizer = client_for(user_with_role(other, Role.ORGANIZER))
    assert anna.pk in choices(organizer.get(f"/clubs/{other.slug}/"))
    assert join(organizer, other, anna).status_code == 302
    assert Membership.objects.filter(club=other, player=anna).exists()
    assert not JoinConsent.objects.exists()  # used up


def test_a_scorer_gives_no_consent(clubs):
    home, other, anna = clubs
    scorer = client_for(user_with_role(home, Role.SCORER))
    response = scorer.post(
        f"/clubs/{home.slug}/",
        {"form": "consent", "consent-player": anna.pk, "consent-club": other.pk},
    )
    assert response.status_code == 403
    assert not JoinConsent.objects.exists()


def test_the_player_of_another_club_is_offered_only_to_organizers(clubs):
    home, other, anna = clubs
    member = client_for(user_with_role(other, Role.MEMBER))
    page = member.get(f"/clubs/{other.slug}/")
    assert "Spelers van andere clubs" not in page.content.decode()
    assert join(member, other, anna).status_code in (400, 403)
    assert not Membership.objects.filter(club=other, player=anna).exists()
