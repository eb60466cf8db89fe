"""Check-in for a club of sixty and the club's players on the organizer's pages: a namesake
is asked about before a second record is made, everyone from last time is checked in with one
tap, and players are renamed, merged and retired."""

import datetime

import pytest

from clubs.models import Membership, Player, Role
from results.models import SessionSeat
from results.services import session_submit
from tests.documents import classic_document
from tests.factories import ClubFactory, EventFactory, PlayerFactory, seated_table, user_with_role
from tests.web.conftest import client_for
from tournaments.models import EventPlayer, Seat

pytestmark = pytest.mark.django_db


def member(club, name):
    player = PlayerFactory(name=name)
    Membership.objects.create(club=club, player=player)
    return player


def test_registering_a_namesake_asks_first():
    club = ClubFactory()
    member(club, "Anna de Vries")
    client = client_for(user_with_role(club, Role.SCORER))
    url = f"/clubs/{club.slug}/"
    response = client.post(
        url, {"form": "register", "name": "anna  de vries"}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 400
    assert "already has a player called Anna de Vries" in response.content.decode()
    assert 'name="namesake"' in response.content.decode()
    assert Player.objects.filter(name__iexact="anna  de vries").count() == 0
    response = client.post(url, {"form": "register", "name": "anna  de vries", "namesake": "on"})
    assert response.status_code == 302
    assert Player.objects.filter(memberships__club=club).count() == 3  # with the scorer


def test_a_walk_in_namesake_asks_first():
    event = EventFactory()
    member(event.club, "Bram")
    client = client_for(user_with_role(event.club, Role.SCORER))
    url = f"/manage/events/{event.pk}/walk-in/"
    response = client.post(url, {"name": "BRAM"}, HTTP_ACCEPT_LANGUAGE="en")
    assert (
        response.status_code == 400
        and "already has a player called Bram" in response.content.decode()
    )
    assert client.post(url, {"name": "BRAM", "namesake": "on"}).status_code == 302
    assert EventPlayer.objects.filter(event=event, player__name="BRAM", present=True).exists()


def test_everyone_from_last_time_is_checked_in_at_once():
    event = EventFactory(date=datetime.date(2026, 11, 20))
    club = event.club
    regulars = [member(club, f"Regular {n}") for n in range(5)]
    gone = member(club, "Moved away")
    earlier = EventFactory(club=club, date=datetime.date(2026, 11, 13))
    for player in [*regulars, gone]:
        EventPlayer.objects.create(event=earlier, player=player, present=True)
    Membership.objects.filter(player=gone).delete()
    EventPlayer.objects.create(event=event, player=regulars[0], present=True)
    client = client_for(user_with_role(club, Role.SCORER))
    response = client.post(
        f"/manage/events/{event.pk}/checkin/last-time/", follow=True, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert "4 more players checked in" in response.content.decode()
    here = set(
        EventPlayer.objects.filter(event=event, present=True).values_list("player_id", flat=True)
    )
    assert here == {p.pk for p in regulars}
    page = response.content.decode()
    assert 'data-filter-rows="#checkin-table"' in page and 'id="present-count"' in page


def test_the_organizer_renames_merges_and_retires():
    first = seated_table(EventFactory(published=True))
    club = first.round.event.club
    organizer = user_with_role(club, Role.ORGANIZER)
    session_submit(table=first, submitted_by=organizer, document=classic_document())
    anna = Seat.objects.get(table=first, position=0).player
    twin = member(club, anna.name.upper())
    client = client_for(organizer)
    url = f"/manage/clubs/{club.slug}/players/"
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Same name, maybe one person" in page
    client.post(url, {"action": "rename", "player": twin.pk, "name": "Anna Twee"})
    twin.refresh_from_db()
    assert twin.name == "Anna Twee"
    response = client.post(
        url,
        {"action": "merge", "player": twin.pk, "into": anna.pk, "reason": "one person"},
        follow=True,
    )
    assert not Player.objects.filter(pk=twin.pk).exists()
    assert SessionSeat.objects.filter(player=anna).count() == 1
    tablemate = Seat.objects.get(table=first, position=1).player
    response = client.post(
        url,
        {"action": "merge", "player": tablemate.pk, "into": anna.pk},
        follow=True,
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert "they are two people" in response.content.decode()
    client.post(url, {"action": "retire", "player": tablemate.pk})
    assert not Membership.objects.filter(club=club, player=tablemate).exists()
    assert SessionSeat.objects.filter(player=tablemate).exists()  # results stay


def test_only_organizers_manage_players():
    club = ClubFactory()
    player = member(club, "Cor")
    for role in (Role.SCORER, Role.MEMBER):
        client = client_for(user_with_role(club, role))
        url = f"/manage/clubs/{club.slug}/players/"
        assert client.get(url).status_code == 403
        assert (
            client.post(url, {"action": "rename", "player": player.pk, "name": "X"}).status_code
            == 403
        )
    player.refresh_from_db()
    assert player.name == "Cor"
