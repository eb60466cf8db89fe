"""A round still in preview (planned, not yet accepted) counts for nothing in the event's
standings: its byes earn no credit and its seats list nobody, since the preview may still be
seated again with other byes; nor does a preview the event's close put away. Once accepted
(playing), or closed after that, they count."""

import datetime

import pytest

from clubs.models import Player, Role
from ranking.standings.event_standings import computed_standings
from ranking.standings.services import standings_recompute
from tests.factories import ClubFactory, user_with_role
from tests.integration.ratings_support import play
from tournaments.models import Bye, Event, EventPlayer, Round, Seat, Standing, Table
from tournaments.rounds.services import round_accept, round_generate

pytestmark = pytest.mark.django_db


def make_event(**config) -> Event:
    return Event.objects.create(
        club=ClubFactory(),
        name="Toernooi",
        published=True,
        date=datetime.date(2026, 5, 1),
        kind=Event.Kind.TOURNAMENT,
        **config,
    )


def by_name(event: Event) -> dict[str, Standing]:
    players = dict(Player.objects.values_list("id", "name"))
    return {players[row.player_id]: row for row in computed_standings(event)}


def test_byes_and_seats_of_a_preview_count_only_once_it_is_accepted():
    event = make_event(bye_credit="fixed", bye_points=25, bye_placement_points=1.5)
    a, b, c, d, newcomer = (Player.objects.create(name=n) for n in ["A", "B", "C", "D", "Nieuw"])
    play(event, 1, 1, [a, b, c, d], [50, 10, -20, -40])  # round 1: playing, with results
    preview = Round.objects.create(event=event, number=2, status=Round.Status.PLANNED)
    Bye.objects.create(round=preview, player=a)
    table = Table.objects.create(round=preview, number=1)
    for position, player in enumerate([newcomer, b, c, d]):
        Seat.objects.create(table=table, round=preview, player=player, position=position)

    rows = by_name(event)
    assert set(rows) == {"A", "B", "C", "D"}  # the newcomer sits only in the preview
    assert rows["A"].byes == 0 and rows["A"].total == 50

    # A preview the event's close put away (closed, no result, no table counted as anything)
    # never started: it still counts for nothing.
    Round.objects.filter(pk=preview.pk).update(status=Round.Status.CLOSED)
    assert set(by_name(event)) == {"A", "B", "C", "D"}

    for status in (Round.Status.PLAYING, Round.Status.CLOSED):
        Round.objects.filter(pk=preview.pk).update(status=status)
        if status == Round.Status.CLOSED:  # closed after it started: its unfinished table
            Table.objects.filter(pk=table.pk).update(unfinished="not_played")  # as chosen
        rows = by_name(event)
        assert set(rows) == {"A", "B", "C", "D", "Nieuw"}
        assert rows["A"].byes == 1 and rows["A"].total == 75 and rows["A"].sessions == 1
        assert rows["Nieuw"].sessions == 0 and rows["Nieuw"].total == 0


def test_a_regenerated_preview_credits_the_bye_of_the_accepted_seating_only():
    event = make_event(bye_credit="fixed", bye_points=10)
    organizer = user_with_role(event.club, Role.ORGANIZER)
    players = [Player.objects.create(name=f"Speler {i}") for i in range(5)]
    for player in players:
        EventPlayer.objects.create(event=event, player=player)
    seen_byes = set()
    for seed in (1, 2, 3, 4, 5, 6):  # seated again and again while in preview
        round_ = round_generate(event=event, actor=organizer, method="random", seed=seed)
        seen_byes |= set(round_.byes.values_list("player_id", flat=True))
        standings_recompute(event_id=event.pk, force=True)
        assert not Standing.objects.filter(event=event, byes__gt=0).exists()
    assert len(seen_byes) > 1  # the previews gave the bye to different players
    round_accept(round_=round_, actor=organizer)
    standings_recompute(event_id=event.pk, force=True)
    credited = Standing.objects.filter(event=event, byes__gt=0)
    assert list(credited.values_list("player_id", "byes", "total")) == [
        (round_.byes.get().player_id, 1, 10)
    ]
    assert Standing.objects.filter(event=event).count() == 5
