"""The admin: every registered model's list and change page opens for a superuser with data
present; seats and per-seat session results have their own filtered, searchable lists; and the
busiest lists run the same number of queries however many rows they show."""

import datetime

import pytest
from django.contrib import admin
from django.contrib.auth.models import Group
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from clubs.access.tokens import api_token_create
from clubs.models import Club, Membership, Role
from results.models import Dispute, IdempotencyRecord, SessionSeat
from results.services import session_submit
from results.signoff.services import sign_for_player
from tests.documents import classic_document
from tests.factories import (
    ClubFactory,
    EventFactory,
    PlayerFactory,
    seated_table,
    user_with_role,
)
from tournaments.models import Bye, EventPlayer, EventScorer, Round, Seat

pytestmark = pytest.mark.django_db


def url(model, suffix: str = "") -> str:
    return f"/admin/{model._meta.app_label}/{model._meta.model_name}/{suffix}"


@pytest.fixture
def club_night(django_capture_on_commit_callbacks):
    """A played table (a session with games, revisions, standings and ratings), a bye, an
    entry, an event scorer, an API token, an idempotency record and a group: a row of every
    model the admin lists."""
    event = EventFactory(name="Herfstavond", date=datetime.date(2026, 10, 2))
    organizer = user_with_role(event.club, Role.ORGANIZER)
    table = seated_table(event)
    with django_capture_on_commit_callbacks(execute=True):  # the standings and ratings
        session_submit(table=table, submitted_by=organizer, document=classic_document())
    sitting_out = PlayerFactory(name="Bye Bas")
    Bye.objects.create(round=table.round, player=sitting_out)
    for seat in table.seats.all():
        EventPlayer.objects.create(event=event, player=seat.player)
    EventScorer.objects.create(event=event, player=table.seats.first().player)
    api_token_create(user=organizer, name="score-app")
    sign_for_player(
        table=table,
        actor=organizer,
        player_id=table.seats.first().player_id,
        revision=1,
        reason="went home",
    )
    Dispute.objects.create(
        session=table.session,
        revision=1,
        player=table.seats.last().player,
        reason="game 3",
        at=timezone.now(),
    )
    IdempotencyRecord.objects.create(
        key="k-1", scope=f"user:{organizer.pk}", request_hash="0", status_code=201, response={}
    )
    Group.objects.create(name="helpers")
    return table


def registered_models() -> list:
    return sorted(admin.site._registry, key=lambda m: m._meta.label)


def test_every_model_has_an_admin_list():
    listed = {model._meta.label for model in registered_models()}
    assert {
        "clubs.Club",
        "clubs.Player",
        "clubs.Membership",
        "clubs.ApiToken",
        "clubs.AuditEntry",
        "tournaments.Event",
        "tournaments.EventPlayer",
        "tournaments.EventScorer",
        "tournaments.Round",
        "tournaments.Table",
        "tournaments.Seat",
        "tournaments.Bye",
        "tournaments.Standing",
        "tournaments.StandingsComputation",
        "ratings.RatingPool",
        "ratings.PlayerRating",
        "ratings.RatedSession",
        "ratings.RatingHistory",
        "games.Session",
        "games.SessionSeat",
        "games.SessionRevision",
        "games.Part",
        "games.IdempotencyRecord",
    } <= listed


@pytest.mark.parametrize("model", registered_models(), ids=lambda m: m._meta.label)
def test_every_changelist_and_change_page_opens(admin_client, club_night, model):
    row = model._default_manager.order_by("pk").first()
    assert row is not None, f"the fixture has no {model._meta.label}"
    response = admin_client.get(url(model))
    assert response.status_code == 200
    assert response.context["cl"].result_count >= 1
    assert admin_client.get(url(model, f"{row.pk}/change/")).status_code == 200


def test_a_club_filter_and_counts(admin_client, club_night):
    idle = ClubFactory(name="Slapende club")
    played = club_night.round.event.club
    response = admin_client.get(url(Club), {"has_events": "yes"})
    assert list(response.context["cl"].result_list) == [played]
    assert response.context["cl"].result_list[0]._members == 5  # 4 players, the organizer
    response = admin_client.get(url(Club), {"has_events": "no"})
    assert list(response.context["cl"].result_list) == [idle]


@pytest.mark.parametrize("model", [Seat, SessionSeat])
def test_seats_are_filtered_by_club_event_and_round_and_searched_by_name(
    admin_client, club_night, model
):
    event = club_night.round.event
    other = seated_table(EventFactory(), round_number=2)
    player = club_night.seats.first().player
    player.name = "Zoë Zeldzaam"  # "Player 1" would find "Player 12" too
    player.save(update_fields=["name"])
    prefix = "round__" if model is Seat else "session__table__round__"
    event_path = "round__event" if model is Seat else "session__event"
    if model is SessionSeat:
        session_submit(
            table=other,
            submitted_by=None,
            document=classic_document(),
            table_token=other.scoring_token,
        )

    def shown(**params: object) -> set[str]:
        response = admin_client.get(url(model), params)
        assert response.status_code == 200
        return {row.player.name for row in response.context["cl"].result_list}

    ours = {seat.player.name for seat in club_night.seats.all()}
    theirs = {seat.player.name for seat in other.seats.all()}
    assert shown() == ours | theirs
    assert shown(**{f"{event_path}__club__id__exact": event.club_id}) == ours
    assert shown(**{f"{event_path}__id__exact": other.round.event_id}) == theirs
    assert shown(**{f"{prefix}number": 2}) == theirs
    assert shown(q=player.name) == {player.name}


def test_a_seat_changed_by_hand_sits_once_per_round(admin_client, club_night):
    unscored = seated_table(club_night.round.event, table_number=2)  # no results: may change
    taken = unscored.seats.get(position=1)  # a player already seated in round 1
    response = admin_client.post(
        url(Seat, f"{taken.pk}/change/"),
        {
            "position": 1,
            "player": club_night.seats.get(position=2).player_id,
        },
    )
    assert response.status_code == 200
    assert "zit in deze ronde al aan een tafel" in str(response.context["adminform"].form.errors)


# --- query counts: a longer list costs no more queries -------------------------------------


def played_tables(count: int, start: int = 0) -> None:
    """``count`` played tables, each at an event of its own club (different related rows)."""
    for index in range(start, start + count):
        event = EventFactory(name=f"Avond {index}")
        table = seated_table(event, table_number=1 + index % 3)
        session_submit(
            table=table,
            submitted_by=None,
            document=classic_document(2),
            table_token=table.scoring_token,
        )


@pytest.mark.parametrize(
    "path",
    [
        "/admin/games/session/",
        "/admin/games/part/",
        "/admin/tournaments/table/",
        "/admin/tournaments/seat/",
        "/admin/games/sessionseat/",
        "/admin/tournaments/bye/",
        "/admin/tournaments/round/",
        "/admin/games/sessionrevision/",
        "/admin/clubs/club/",
        "/admin/clubs/membership/",
        "/admin/tournaments/eventplayer/",
    ],
)
def test_changelist_queries_do_not_grow_with_rows(admin_client, path):
    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            response = admin_client.get(path)
        assert response.status_code == 200
        return len(captured)

    played_tables(2)
    for table_round in Round.objects.all():
        bye = PlayerFactory()
        Bye.objects.create(round=table_round, player=bye)
        EventPlayer.objects.create(event=table_round.event, player=bye)
    few = queries()
    played_tables(8, start=2)
    for table_round in Round.objects.filter(byes__isnull=True):
        bye = PlayerFactory()
        Bye.objects.create(round=table_round, player=bye)
        EventPlayer.objects.create(event=table_round.event, player=bye)
    many = queries()
    assert many == few, f"{path}: {few} queries for a short list, {many} for a long one"


def test_a_table_page_seats_a_player_once_per_round(admin_client, club_night):
    round_ = club_night.round
    second = round_.tables.create(number=2)
    already = club_night.seats.get(position=0).player
    free = PlayerFactory(name="Vrije Vera")
    Membership.objects.create(club=round_.event.club, player=free)  # only members are seated

    def seat_at_second_table(player) -> object:
        return admin_client.post(
            url(type(second), f"{second.pk}/change/"),
            {
                "round": round_.pk,
                "number": 2,
                "scoring_token": second.scoring_token,
                "seats-TOTAL_FORMS": 1,
                "seats-INITIAL_FORMS": 0,
                "seats-MIN_NUM_FORMS": 0,
                "seats-MAX_NUM_FORMS": 1000,
                "seats-0-position": 0,
                "seats-0-player": player.pk,
                "seats-0-table": second.pk,
            },
        )

    refused = seat_at_second_table(already)
    assert refused.status_code == 200
    errors = refused.context["adminform"].form.non_field_errors()
    assert already.name in str(errors)
    assert seat_at_second_table(free).status_code == 302
    assert Seat.objects.get(table=second).round_id == round_.pk
