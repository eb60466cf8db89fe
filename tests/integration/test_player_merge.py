"""Two records of one person merged by an organizer: results, check-ins and memberships move,
standings and ratings follow; two people are never merged, and nobody merges another club's
player into theirs."""

import pytest

from clubs.models import AuditEntry, Membership, Player, Role
from core.errors import ServiceError
from ranking.standings.event_standings import computed_standing_lines
from results.models import SessionSeat
from results.services import session_submit
from tests.documents import classic_document
from tests.factories import (
    ClubFactory,
    EventFactory,
    PlayerFactory,
    UserFactory,
    seated_table,
    user_with_role,
)
from tournaments.models import EventPlayer, Seat
from tournaments.players.merge import player_merge

pytestmark = pytest.mark.django_db


@pytest.fixture
def club_with_twins():
    """Anna played two evenings: once registered as "Anna", once as "Anna B"."""
    first = seated_table(EventFactory(published=True))
    club = first.round.event.club
    organizer = user_with_role(club, Role.ORGANIZER)
    second = seated_table(EventFactory(club=club, published=True))
    anna = Seat.objects.get(table=first, position=0).player
    anna_b = Seat.objects.get(table=second, position=2).player
    for table in (first, second):
        session_submit(table=table, submitted_by=organizer, document=classic_document())
    EventPlayer.objects.create(event=second.round.event, player=anna_b, present=True)
    return club, organizer, first, second, anna, anna_b


def test_the_merged_record_brings_its_results_and_is_gone(
    club_with_twins, django_capture_on_commit_callbacks
):
    club, organizer, first, second, anna, anna_b = club_with_twins
    Membership.objects.filter(club=club, player=anna_b).update(role=Role.SCORER)
    with django_capture_on_commit_callbacks(execute=True):
        kept = player_merge(keep=anna, merged=anna_b, actor=organizer, reason="one person")
    assert kept == anna and not Player.objects.filter(pk=anna_b.pk).exists()
    assert Seat.objects.get(table=second, position=2).player == anna
    assert SessionSeat.objects.filter(player=anna).count() == 2
    assert EventPlayer.objects.get(event=second.round.event).player == anna
    assert Membership.objects.get(club=club, player=anna).role == Role.SCORER  # the stronger
    lines = {line["player_id"]: line for line in computed_standing_lines(second.round.event)}
    assert anna.pk in lines and anna_b.pk not in lines
    entry = AuditEntry.objects.get(action="player.merge")
    assert entry.details["merged_name"] == anna_b.name and entry.details["reason"] == "one person"


def test_two_people_who_sat_in_one_round_are_not_merged(club_with_twins):
    club, organizer, first, _second, anna, _anna_b = club_with_twins
    tablemate = Seat.objects.get(table=first, position=1).player
    with pytest.raises(ServiceError) as refused:
        player_merge(keep=anna, merged=tablemate, actor=organizer)
    assert refused.value.errors[0]["code"] == "played_together"
    assert Player.objects.filter(pk=tablemate.pk).exists()


def test_two_logins_are_two_people(club_with_twins):
    club, organizer, _first, _second, anna, anna_b = club_with_twins
    Player.objects.filter(pk=anna.pk).update(user=UserFactory())
    Player.objects.filter(pk=anna_b.pk).update(user=UserFactory())
    anna.refresh_from_db()
    anna_b.refresh_from_db()
    with pytest.raises(ServiceError) as refused:
        player_merge(keep=anna, merged=anna_b, actor=organizer)
    assert refused.value.errors[0]["code"] == "both_have_logins"


def test_a_login_moves_to_the_record_that_stays(club_with_twins):
    club, organizer, _first, _second, anna, anna_b = club_with_twins
    login = UserFactory()
    Player.objects.filter(pk=anna_b.pk).update(user=login)
    anna_b.refresh_from_db()
    player_merge(keep=anna, merged=anna_b, actor=organizer)
    anna.refresh_from_db()
    assert anna.user == login


def test_nobody_merges_another_clubs_player_into_theirs(club_with_twins):
    club, _organizer, _first, _second, anna, _anna_b = club_with_twins
    outsider_club = ClubFactory()
    outsider = user_with_role(outsider_club, Role.ORGANIZER)
    own = PlayerFactory()
    Membership.objects.create(club=outsider_club, player=own)
    for keep, merged in ((own, anna), (anna, own)):
        with pytest.raises(ServiceError) as refused:
            player_merge(keep=keep, merged=merged, actor=outsider)
        assert refused.value.status_code == 403
    assert Player.objects.filter(pk=anna.pk).exists() and Player.objects.filter(pk=own.pk).exists()


def test_the_api_merges_and_refuses_two_people(club_with_twins):
    from tests.factories import api_client

    club, organizer, first, _second, anna, anna_b = club_with_twins
    client = api_client(organizer)
    tablemate = Seat.objects.get(table=first, position=1).player
    response = client.post(
        f"/api/v1/players/{tablemate.pk}/merge/", {"into": anna.pk}, format="json"
    )
    assert response.status_code == 409
    assert response.json()["errors"][0]["code"] == "played_together"
    response = client.post(
        f"/api/v1/players/{anna_b.pk}/merge/",
        {"into": anna.pk, "reason": "one person"},
        format="json",
    )
    assert response.status_code == 200 and response.json()["id"] == anna.pk
    assert not Player.objects.filter(pk=anna_b.pk).exists()


def test_two_records_with_ratings_merge_and_the_ratings_follow(
    club_with_twins, django_capture_on_commit_callbacks
):
    """Both records have a rating in the club's pool: the derived rows are dropped and the
    pool rated again, with the kept record in both sessions."""
    from ranking.ratings.models import PlayerRating, RatingHistory
    from ranking.ratings.services import ratings_update

    club, organizer, first, second, anna, anna_b = club_with_twins
    ratings_update(club_id=club.pk)
    assert PlayerRating.objects.filter(player__in=[anna, anna_b]).count() == 2
    with django_capture_on_commit_callbacks(execute=True):
        player_merge(keep=anna, merged=anna_b, actor=organizer, reason="one person")
    ratings_update(club_id=club.pk)
    rating = PlayerRating.objects.get(pool__club=club, player=anna)
    assert rating.sessions_played == 2
    assert RatingHistory.objects.filter(pool__club=club, player=anna).count() == 2


def test_the_rows_a_merge_drops_as_derived_are_models():
    from django.apps import apps

    from tournaments.players.merge import DERIVED

    for label in DERIVED:
        assert apps.get_model(label)._meta.label == label
