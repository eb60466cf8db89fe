"""The seating service: seeds per event, swaps, and standings brought up to date."""

import pytest
from rest_framework.test import APIClient

import seating
from clubs.models import Membership, Role
from core.errors import ServiceError
from results.services import session_submit
from tests.documents import classic_document
from tests.factories import EventFactory, PlayerFactory, user_with_role
from tournaments.models import Bye, Event, EventPlayer, Round, Seat, Standing
from tournaments.round_lifecycle import round_close
from tournaments.rounds import (
    _played_rounds,
    round_accept,
    round_generate,
    round_seat_manually,
    round_swap,
)

pytestmark = pytest.mark.django_db


def event_with_players(count: int, planned_rounds: int, **fields):
    event = EventFactory(planned_rounds=planned_rounds, **fields)
    players = PlayerFactory.create_batch(count)
    for player in players:
        Membership.objects.get_or_create(club=event.club, player=player)
        EventPlayer.objects.create(event=event, player=player)
    return event, players, user_with_role(event.club, Role.ORGANIZER)


def tables_of(round_: Round) -> list[list[int]]:
    return _played_rounds(round_.event, before=round_.number + 1)[-1].tables


def seat_every_round(event: Event, organizer) -> list[Round]:
    rounds = []
    for _ in range(event.planned_rounds):
        round_ = round_generate(event=event, actor=organizer)  # no seed, as the web page does
        round_accept(round_=round_, actor=organizer)
        rounds.append(round_)
    return rounds


@pytest.mark.parametrize(("players", "rounds"), [(16, 5), (28, 9), (29, 9), (40, 13), (41, 13)])
def test_balanced_round_by_round_without_a_seed_repeats_no_pair(players, rounds):
    event, _, organizer = event_with_players(players, rounds)
    seated = seat_every_round(event, organizer)
    assert len({r.seed for r in seated}) == 1  # one seed for the whole event
    report = seating.quality_report(_played_rounds(event, before=rounds + 1))
    assert report.rounds == rounds
    assert report.repeated_pairs == 0 and report.max_meetings == 1
    assert seated[-1].quality["repeated_pairs"] == 0


def test_seating_a_preview_again_draws_a_new_seed_that_later_rounds_keep():
    event, _, organizer = event_with_players(16, 5)
    first = round_generate(event=event, actor=organizer)
    before = tables_of(first)
    again = round_generate(event=event, actor=organizer)  # "seat again"
    assert again.pk == first.pk and Round.objects.count() == 1
    assert again.seed != first.seed
    assert tables_of(again) != before
    round_accept(round_=again, actor=organizer)
    for _ in range(4):
        later = round_generate(event=event, actor=organizer)
        assert later.seed == again.seed
        round_accept(round_=later, actor=organizer)
    report = seating.quality_report(_played_rounds(event, before=6))
    assert report.rounds == 5 and report.repeated_pairs == 0


def test_an_explicit_seed_is_kept_and_a_manual_round_does_not_break_the_chain():
    event, players, organizer = event_with_players(8, 3)
    ids = [p.pk for p in players]
    manual = round_seat_manually(event=event, actor=organizer, tables=[ids[:4], ids[4:]])
    assert manual.seed == 0
    round_accept(round_=manual, actor=organizer)
    second = round_generate(event=event, actor=organizer, seed=1234)
    assert second.seed == 1234
    round_accept(round_=second, actor=organizer)
    third = round_generate(event=event, actor=organizer)
    assert third.seed == 1234  # the latest generated round's seed, not the manual round's 0


def test_swapping_a_player_with_themselves_is_refused():
    event, _, organizer = event_with_players(9, 1)
    round_ = round_generate(event=event, actor=organizer, seed=2)
    seat = Seat.objects.filter(round=round_).first()
    bye = Bye.objects.get(round=round_)
    for player in (seat.player_id, bye.player_id):
        with pytest.raises(ServiceError) as caught:
            round_swap(round_=round_, actor=organizer, player_a=player, player_b=player)
        [error] = caught.value.errors
        assert error["code"] == "swap_same_player" and error["field"] == "player_b"
        assert error["message"] and error["message_nl"]
    assert Seat.objects.filter(round=round_).count() == 8
    assert list(Bye.objects.filter(round=round_).values_list("player_id", flat=True)) == [
        bye.player_id
    ]


def test_swapping_a_player_with_themselves_through_the_api_is_a_400():
    event, _, organizer = event_with_players(8, 1)
    client = APIClient()
    client.force_authenticate(organizer)
    plan = client.post(f"/api/v1/events/{event.pk}/seating/", {"seed": 2}, format="json").json()
    player = plan["tables"][0]["seats"][0]["player"]
    response = client.post(
        f"/api/v1/rounds/{plan['id']}/swap/",
        {"player_a": player, "player_b": player},
        format="json",
    )
    assert response.status_code == 400, response.json()
    [error] = response.json()["errors"]
    assert error["code"] == "swap_same_player" and error["field"] == "player_b"
    assert Seat.objects.filter(round_id=plan["id"], player_id=player).count() == 1


def test_swiss_seats_from_the_results_even_when_the_standings_task_is_behind(
    django_capture_on_commit_callbacks,
):
    event, _, organizer = event_with_players(8, 2, seating_method="swiss")
    first = round_generate(event=event, actor=organizer, seed=3)
    round_accept(round_=first, actor=organizer)
    table_one, table_two = first.tables.order_by("number")
    with django_capture_on_commit_callbacks(execute=True):  # its standings task runs
        session_submit(
            table=table_one,
            submitted_by=None,
            document=classic_document(),
            table_token=table_one.scoring_token,
        )
    # The second table's standings task has not run yet: its players still stand at 0.
    session_submit(
        table=table_two,
        submitted_by=None,
        document=classic_document(),
        table_token=table_two.scoring_token,
    )
    stale = dict(Standing.objects.filter(event=event).values_list("player_id", "total"))
    played = _played_rounds(event, before=2)
    present = [p for t in played[0].tables for p in t]

    def swiss(standings):
        request = seating.SeatingRequest(
            players=present, method="swiss", seed=3, played_rounds=played, standings=standings
        )
        return seating.seat_round(request).tables

    second = round_generate(event=event, actor=organizer, seed=3)
    current = dict(Standing.objects.filter(event=event).values_list("player_id", "total"))
    assert set(current) == set(present) and current != stale
    assert any(current[p] for t in played[0].tables[1:] for p in t)  # table two counted
    assert swiss(current) != swiss(stale)  # the test tells the two apart
    assert tables_of(second) == swiss(current)


def test_a_round_still_planned_cannot_be_closed():
    event, _, organizer = event_with_players(8, 2)
    planned = round_generate(event=event, actor=organizer, seed=3)
    with pytest.raises(ServiceError) as refused:
        round_close(round_=planned, actor=organizer)
    assert refused.value.errors[0]["code"] == "not_started"
    assert Round.objects.get(pk=planned.pk).status == Round.Status.PLANNED


def test_starting_a_round_with_byes_recomputes_the_standings(django_capture_on_commit_callbacks):
    event, _, organizer = event_with_players(9, 2)
    planned = round_generate(event=event, actor=organizer, seed=3)
    assert Bye.objects.filter(round=planned).count() == 1
    version = Event.objects.get(pk=event.pk).results_version
    with django_capture_on_commit_callbacks(execute=True):
        round_accept(round_=planned, actor=organizer)
    event.refresh_from_db()
    assert event.results_version == version + 1
    assert event.computation.results_version == event.results_version  # tasks run in-process


def test_seating_a_preview_again_keeps_each_tables_link():
    event = EventFactory()
    organizer = user_with_role(event.club, Role.ORGANIZER)
    for player in PlayerFactory.create_batch(12):
        Membership.objects.create(club=event.club, player=player)
        EventPlayer.objects.create(event=event, player=player)
    round_ = round_generate(event=event, actor=organizer, seed=1)
    links = dict(round_.tables.values_list("number", "scoring_token"))
    seats = set(Seat.objects.filter(round=round_).values_list("table__number", "player_id"))
    round_ = round_generate(event=event, actor=organizer, seed=2)
    assert dict(round_.tables.values_list("number", "scoring_token")) == links
    assert set(Seat.objects.filter(round=round_).values_list("table__number", "player_id")) != seats
    # Four players fewer: the third table goes, the others keep their links.
    gone = EventPlayer.objects.filter(event=event).order_by("pk")[:4]
    EventPlayer.objects.filter(pk__in=[entry.pk for entry in gone]).update(present=False)
    round_ = round_generate(event=event, actor=organizer, seed=3)
    assert dict(round_.tables.values_list("number", "scoring_token")) == {
        n: links[n] for n in (1, 2)
    }
