"""The small services behind the web interface: create, check in, walk in, publish, close."""

import datetime

import pytest

from clubs.models import Membership, Role
from clubs.services import club_player_add
from core.errors import NotAllowed, ServiceError
from tests.factories import ClubFactory, EventFactory, PlayerFactory, seated_table, user_with_role
from tournaments.events.services import (
    entry_set_present,
    event_create,
    event_publish,
    event_walk_in,
)
from tournaments.models import Event, EventPlayer, Round
from tournaments.rounds.lifecycle import event_close

pytestmark = pytest.mark.django_db
DAY = datetime.date(2026, 12, 4)


def test_an_organizer_creates_a_draft_event():
    club = ClubFactory()
    event = event_create(
        club=club,
        actor=user_with_role(club, Role.ORGANIZER),
        name=" Clubavond ",
        date=DAY,
        ruleset="eleven",
        planned_rounds=3,
        seating_method="swiss",
    )
    assert (event.name, event.ruleset, event.planned_rounds) == ("Clubavond", "eleven", 3)
    assert event.status == Event.Status.DRAFT and not event.published


@pytest.mark.parametrize("role", [None, Role.MEMBER, Role.SCORER])
def test_only_an_organizer_creates_events(role):
    club = ClubFactory()
    with pytest.raises(NotAllowed):
        event_create(club=club, actor=user_with_role(club, role), name="X", date=DAY)
    assert not Event.objects.exists()


def test_event_create_reports_every_bad_field():
    club = ClubFactory()
    with pytest.raises(ServiceError) as caught:
        event_create(
            club=club,
            actor=user_with_role(club, Role.ORGANIZER),
            name=" ",
            date=DAY,
            ruleset="poker",
            planned_rounds=0,
            seating_method="dice",
            kind="party",
        )
    fields = {e["field"] for e in caught.value.errors}
    assert fields == {"name", "ruleset", "planned_rounds", "seating_method", "kind"}
    assert all(e["message_nl"] for e in caught.value.errors)
    assert not Event.objects.exists()


def test_check_in_and_out_of_a_member():
    event = EventFactory(status=Event.Status.DRAFT)
    player = PlayerFactory()
    Membership.objects.create(club=event.club, player=player)
    scorer = user_with_role(event.club, Role.SCORER)
    entry = entry_set_present(event=event, actor=scorer, player=player, present=True)
    assert entry.present
    entry_set_present(event=event, actor=scorer, player=player, present=False)
    assert EventPlayer.objects.get(pk=entry.pk).present is False


def test_check_in_refuses_strangers_and_members_without_a_role():
    event = EventFactory()
    stranger = PlayerFactory()
    with pytest.raises(ServiceError) as caught:
        entry_set_present(
            event=event,
            actor=user_with_role(event.club, Role.ORGANIZER),
            player=stranger,
            present=True,
        )
    assert caught.value.errors[0]["code"] == "not_a_member"
    with pytest.raises(NotAllowed):
        entry_set_present(
            event=event,
            actor=user_with_role(event.club, Role.MEMBER),
            player=stranger,
            present=True,
        )
    assert not EventPlayer.objects.exists()


def test_a_walk_in_becomes_a_member_and_is_checked_in():
    event = EventFactory()
    entry = event_walk_in(
        event=event, actor=user_with_role(event.club, Role.SCORER), name="Zoë Walk-in"
    )
    assert entry.present and entry.player.name == "Zoë Walk-in"
    assert Membership.objects.filter(club=event.club, player=entry.player).exists()


def test_a_walk_in_needs_a_name_and_an_open_event():
    event = EventFactory()
    organizer = user_with_role(event.club, Role.ORGANIZER)
    with pytest.raises(ServiceError):
        event_walk_in(event=event, actor=organizer, name="  ")
    event.status = Event.Status.FINISHED
    event.save()
    with pytest.raises(ServiceError) as caught:
        event_walk_in(event=event, actor=organizer, name="Late")
    assert caught.value.errors[0]["code"] == "event_finished"
    assert not EventPlayer.objects.exists()


def test_publish_and_close_are_for_the_organizer_of_that_club():
    event = EventFactory(published=False)
    seated_table(event)
    other_organizer = user_with_role(ClubFactory(), Role.ORGANIZER)
    with pytest.raises(NotAllowed):
        event_publish(event=event, actor=other_organizer)
    with pytest.raises(NotAllowed):
        event_close(event=event, actor=user_with_role(event.club, Role.SCORER))
    organizer = user_with_role(event.club, Role.ORGANIZER)
    assert event_publish(event=event, actor=organizer).published
    with pytest.raises(ServiceError) as refused:  # its table has no result: what does it count as?
        event_close(event=event, actor=organizer)
    assert refused.value.errors[0]["code"] == "unfinished_table"
    assert refused.value.errors[0]["field"] == "rounds.1.unfinished.1"
    closed = event_close(event=event, actor=organizer, unfinished={1: {1: "not_played"}})
    assert closed.status == Event.Status.FINISHED
    assert set(Round.objects.filter(event=event).values_list("status", flat=True)) == {"closed"}


def test_club_player_add_needs_a_scorer_or_organizer():
    club = ClubFactory()
    with pytest.raises(NotAllowed):
        club_player_add(club=club, actor=user_with_role(club, Role.MEMBER), name="Kees")
    player = club_player_add(club=club, actor=user_with_role(club, Role.SCORER), name="Kees")
    assert Membership.objects.get(club=club, player=player).role == Role.MEMBER
