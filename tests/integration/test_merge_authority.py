"""Who may merge two player records: an organizer of every club each record belongs to, each
record a member of at least one club. A club's former player (who left every club) is nobody's
to merge: no other club takes over their published seats or their name in the standings."""

import pytest

from clubs.models import AuditEntry, Membership, Player, Role
from core.errors import ServiceError
from results.services import session_submit
from tests.documents import classic_document
from tests.factories import (
    ClubFactory,
    EventFactory,
    PlayerFactory,
    UserFactory,
    api_client,
    seated_table,
    user_with_role,
)
from tests.web.conftest import client_for
from tournaments.models import Seat
from tournaments.player_merge import player_merge

pytestmark = pytest.mark.django_db


@pytest.fixture
def former_player():
    """Club B's published table; its player V has left B (their only club). Club X, unrelated,
    has its own player and organizer."""
    table = seated_table(EventFactory(published=True))
    club_b = table.round.event.club
    session_submit(
        table=table,
        submitted_by=user_with_role(club_b, Role.ORGANIZER),
        document=classic_document(),
    )
    former = Seat.objects.get(table=table, position=0).player
    Membership.objects.filter(player=former).delete()
    club_x = ClubFactory()
    outsider = user_with_role(club_x, Role.ORGANIZER)
    own = PlayerFactory(name="Xander")
    Membership.objects.create(club=club_x, player=own)
    return table, former, club_x, outsider, own


def _unchanged(table, former, club_x, own):
    assert Player.objects.filter(pk__in=[former.pk, own.pk]).count() == 2
    assert Seat.objects.get(table=table, position=0).player_id == former.pk
    assert not Membership.objects.filter(player=former).exists()
    assert not AuditEntry.objects.filter(action="player.merge").exists()


def test_a_former_player_is_nobodys_to_merge(former_player):
    table, former, club_x, outsider, own = former_player
    for keep, merged in ((own, former), (former, own)):
        with pytest.raises(ServiceError) as refused:
            player_merge(keep=keep, merged=merged, actor=outsider)
        assert refused.value.status_code == 403
        assert former.name in str(refused.value.errors[0]["message"])
    _unchanged(table, former, club_x, own)


def test_the_api_refuses_both_directions(former_player):
    table, former, club_x, outsider, own = former_player
    client = api_client(outsider)
    for path_player, into in ((former, own), (own, former)):
        response = client.post(
            f"/api/v1/players/{path_player.pk}/merge/",
            {"into": into.pk},
            format="json",
            HTTP_ACCEPT_LANGUAGE="en",
        )
        assert response.status_code == 403, response.content
        problem = response.json()["errors"][0]
        assert problem["code"] == "not_allowed"
        assert "no longer a member of any club" in problem["message"]
        assert "van geen enkele club meer lid" in problem["message_nl"]
    _unchanged(table, former, club_x, own)


def test_a_player_of_a_club_the_organizer_does_not_run_is_refused(former_player):
    """A current member of another club too: that club's organizer must agree (be the one)."""
    table, former, club_x, outsider, own = former_player
    Membership.objects.create(club=table.round.event.club, player=former)
    twin = PlayerFactory(name="Twin")
    Membership.objects.create(club=club_x, player=twin)
    Membership.objects.create(club=club_x, player=former)
    with pytest.raises(ServiceError) as refused:
        player_merge(keep=own, merged=former, actor=outsider)
    assert refused.value.status_code == 403
    assert "Only an organizer of every club" in str(refused.value.errors[0]["message"])
    player_merge(keep=own, merged=twin, actor=outsider)  # both X's only: fine
    assert not Player.objects.filter(pk=twin.pk).exists()


def test_an_organizer_of_both_clubs_merges_across_them(former_player):
    table, former, club_x, outsider, own = former_player
    club_b = table.round.event.club
    Membership.objects.create(club=club_b, player=former)
    Membership.objects.create(
        club=club_b, player=Player.objects.get(user=outsider), role=Role.ORGANIZER
    )
    player_merge(keep=own, merged=former, actor=outsider, reason="one person")
    assert Seat.objects.get(table=table, position=0).player_id == own.pk
    assert set(Membership.objects.filter(player=own).values_list("club_id", flat=True)) == {
        club_x.pk,
        club_b.pk,
    }
    assert AuditEntry.objects.filter(action="player.merge").count() == 2  # both clubs


def test_a_superuser_may_merge_a_former_player(former_player):
    table, former, club_x, _outsider, own = former_player
    admin = UserFactory(is_superuser=True, is_staff=True)
    player_merge(keep=own, merged=former, actor=admin)
    assert Seat.objects.get(table=table, position=0).player_id == own.pk


def test_the_players_page_shows_the_refusal_in_both_languages(former_player):
    """On the club's players page both records are the club's members; one of them also
    belongs to a club the organizer does not run: the page says so (no dead end)."""
    table, former, club_x, outsider, own = former_player
    Membership.objects.create(club=table.round.event.club, player=former)
    Membership.objects.create(club=club_x, player=former)
    client = client_for(outsider)
    url = f"/manage/clubs/{club_x.slug}/players/"
    data = {"action": "merge", "player": former.pk, "into": own.pk}
    english = client.post(url, data, follow=True, HTTP_ACCEPT_LANGUAGE="en")
    assert english.redirect_chain == [(url, 302)]
    text = english.content.decode()
    assert f"Only an organizer of every club {former.name} belongs to" in text
    assert 'id="players-list"' in text  # the players page, with the refusal on it
    dutch = client.post(url, data, follow=True, HTTP_ACCEPT_LANGUAGE="nl")
    assert (
        f"Alleen een organisator van elke club waar {former.name} lid is" in dutch.content.decode()
    )
    assert Player.objects.filter(pk=former.pk).exists()
