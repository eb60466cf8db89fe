"""One player across clubs: a record counts as a league number only with its club's and the
player's consent; no club pulls a record into another's history."""

import pytest

from clubs.models import AuditEntry
from core.errors import Conflict, NotAllowed, NotFound, ServiceError
from leagues.links import league_link_consent, league_link_withdraw
from leagues.models import League, LeagueLink
from tests.factories import ClubFactory, UserFactory
from tests.integration.league_support import league_of_two, member, organizer

pytestmark = pytest.mark.django_db


def test_the_club_and_the_player_both_agree_in_either_order():
    s = league_of_two()
    anna_login = UserFactory()
    anna = member(s.north, "Anna", user=anna_login)
    link = league_link_consent(league=s.league, player=anna, club=s.north, actor=anna_login)
    assert link.player_consent_at and not link.club_consent_at and not link.active
    assert link.league_player.number == 1
    link = league_link_consent(league=s.league, player=anna, club=s.north, actor=s.north_org)
    assert link.active and link.on_behalf is False
    assert League.objects.get(pk=s.league.pk).pending[-1]["reason"] == "linked"
    entries = AuditEntry.objects.filter(action="league.link_consent").order_by("id")
    assert [e.details["club_side"] for e in entries] == [False, True]


def test_an_organizer_consents_on_the_players_behalf_only_with_a_reason():
    s = league_of_two()
    bram = member(s.north, "Bram")
    with pytest.raises(ServiceError) as refused:
        league_link_consent(
            league=s.league, player=bram, club=s.north, actor=s.north_org, on_behalf=True
        )
    assert refused.value.errors[0]["code"] == "reason_required"
    link = league_link_consent(
        league=s.league,
        player=bram,
        club=s.north,
        actor=s.north_org,
        on_behalf=True,
        reason="asked on paper",
    )
    assert link.active and link.on_behalf
    entry = AuditEntry.objects.get(action="league.link_consent")
    assert entry.details["on_behalf"] is True and entry.details["reason"] == "asked on paper"


def test_a_second_clubs_record_joins_the_number_with_the_players_own_login():
    s = league_of_two()
    login = UserFactory()
    at_north = member(s.north, "Cor", user=login)
    at_south = member(s.south, "Cor S.")
    first = league_link_consent(
        league=s.league,
        player=at_north,
        club=s.north,
        actor=s.north_org,
        on_behalf=True,
        reason="form",
    )
    number = first.league_player.number
    # The south organizer alone cannot pull their record into Cor's league history ...
    pending = league_link_consent(
        league=s.league,
        player=at_south,
        club=s.south,
        actor=s.south_org,
        number=number,
        on_behalf=True,
        reason="same man",
    )
    assert pending.club_consent_at and not pending.player_consent_at and not pending.active
    # ... Cor himself (his north login) agrees.
    joined = league_link_consent(
        league=s.league, player=at_south, club=s.south, actor=login, number=number
    )
    assert joined.active and joined.league_player_id == first.league_player_id


def test_no_record_is_taken_without_its_clubs_consent():
    s = league_of_two()
    login = UserFactory()
    dirk = member(s.south, "Dirk", user=login)
    link = league_link_consent(league=s.league, player=dirk, club=s.south, actor=login)
    assert not link.active  # the player alone: waits for the club
    with pytest.raises(NotAllowed):  # another club's organizer speaks for no south record
        league_link_consent(league=s.league, player=dirk, club=s.south, actor=s.north_org)
    stranger = ClubFactory()
    outsider = member(stranger, "Eva")
    with pytest.raises(Conflict) as not_member:
        league_link_consent(
            league=s.league, player=outsider, club=stranger, actor=organizer(stranger)
        )
    assert not_member.value.errors[0]["code"] == "club_not_member"
    with pytest.raises(ServiceError) as wrong_club:
        league_link_consent(league=s.league, player=outsider, club=s.north, actor=s.north_org)
    assert wrong_club.value.errors[0]["code"] == "not_a_member"
    with pytest.raises(NotFound):
        league_link_consent(
            league=s.league,
            player=member(s.north, "Fien"),
            club=s.north,
            actor=s.north_org,
            number=99,
        )


def test_a_record_counts_as_one_number():
    s = league_of_two()
    gijs = member(s.north, "Gijs")
    first = league_link_consent(
        league=s.league, player=gijs, club=s.north, actor=s.north_org, on_behalf=True, reason="r"
    )
    other = league_link_consent(
        league=s.league,
        player=member(s.north, "Hans"),
        club=s.north,
        actor=s.north_org,
        on_behalf=True,
        reason="r",
    )
    with pytest.raises(Conflict) as twice:
        league_link_consent(
            league=s.league,
            player=gijs,
            club=s.north,
            actor=s.north_org,
            number=other.league_player.number,
        )
    assert twice.value.errors[0]["code"] == "already_linked"
    assert first.league_player.number != other.league_player.number


def test_the_player_or_the_club_withdraws():
    s = league_of_two()
    login = UserFactory()
    ineke = member(s.north, "Ineke", user=login)
    link = league_link_consent(
        league=s.league, player=ineke, club=s.north, actor=s.north_org, on_behalf=True, reason="r"
    )
    with pytest.raises(NotAllowed):
        league_link_withdraw(link=link, actor=s.south_org)
    link = league_link_withdraw(link=link, actor=login, reason="no more")
    assert link.withdrawn_at is not None and not link.active
    assert League.objects.get(pk=s.league.pk).pending[-1]["reason"] == "consent_withdrawn"
    with pytest.raises(Conflict):
        league_link_withdraw(link=link, actor=login)
    # Given again: a new link, the same record may count again.
    again = league_link_consent(
        league=s.league,
        player=ineke,
        club=s.north,
        actor=login,
        number=link.league_player.number,
    )
    assert again.pk != link.pk
    assert LeagueLink.objects.filter(player=ineke).count() == 2
