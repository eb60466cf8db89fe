"""Balanced plans when some players sit out every round: the construction for the others,
with the extra players in the seats of those on a bye (seating/designs/extras.py)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seating import SeatingOptions, SeatingRequest, SeatingRound, plan_event, seat_round
from seating.quality import quality_report

from .helpers import assert_valid_round, sit_outs_fair

QUICK = SeatingOptions(effort=0.02)


@pytest.mark.parametrize(
    ("players", "rounds"),
    [(17, 4), (19, 5), (21, 5), (23, 5), (29, 9), (30, 9), (41, 8), (41, 13), (45, 11)],
)
def test_zero_repeats_with_byes_where_the_others_have_a_construction(players, rounds):
    ids = list(range(100, 100 + players))
    for seed in (0, 1):
        plan = plan_event(ids, rounds, seed=seed)
        assert plan.report.repeated_pairs == 0 and plan.report.max_meetings == 1
        for round_ in plan.rounds:
            assert_valid_round(ids, round_)
        assert sit_outs_fair(plan.rounds)


def test_twenty_nine_players_nine_rounds_nobody_sits_out_twice():
    plan = plan_event(list(range(29)), 9, seed=7)
    assert plan.report.repeated_pairs == 0
    byes = [p for round_ in plan.rounds for p in round_.byes]
    assert len(byes) == 9 and len(set(byes)) == 9


def test_seventeen_players_five_rounds_repeat_at_most_one_pair():
    # The 16-player design leaves the extra player little room; shuffles gave 2 or 3.
    for seed in (0, 1):
        assert plan_event(list(range(17)), 5, seed=seed).report.repeated_pairs <= 1


def test_round_by_round_with_byes_follows_the_zero_repeat_plan():
    players = list(range(29))
    plan = plan_event(players, 9, seed=21)
    played: list[SeatingRound] = []
    for _ in range(9):
        request = SeatingRequest(players=players, played_rounds=played, seed=21, rounds_total=9)
        played.append(seat_round(request).as_round())
    assert played == plan.rounds
    assert quality_report(played).repeated_pairs == 0


def test_same_seed_same_plan_with_byes():
    ids = list(range(41))
    assert plan_event(ids, 13, seed=4).rounds == plan_event(ids[::-1], 13, seed=4).rounds


@settings(max_examples=25, deadline=None)
@given(
    players=st.sampled_from([17, 18, 19, 21, 22, 23, 29, 30, 31]),
    rounds=st.integers(min_value=1, max_value=6),
    earlier=st.lists(st.integers(min_value=0, max_value=1), min_size=31, max_size=31),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_unequal_sit_outs_so_far_stay_fair(players, rounds, earlier, seed):
    ids = list(range(players))
    so_far = {p: earlier[p] for p in ids}
    plan = plan_event(ids, rounds, seed=seed, byes_so_far=so_far, options=QUICK)
    for round_ in plan.rounds:
        assert_valid_round(ids, round_)
    assert sit_outs_fair(plan.rounds, so_far)
    again = plan_event(ids, rounds, seed=seed, byes_so_far=so_far, options=QUICK)
    assert again.rounds == plan.rounds


def test_a_late_arrival_joins_a_zero_repeat_event():
    first = list(range(28))
    played = plan_event(first, 3, seed=3).rounds
    now = [*first, 28]
    seated = list(played)
    for _ in range(6):
        request = SeatingRequest(players=now, played_rounds=seated, seed=3, rounds_total=9)
        seated.append(seat_round(request).as_round())
    for round_ in seated[3:]:
        assert_valid_round(now, round_)
    # The newcomer missed three rounds, so the others sit out first.
    assert 28 not in {p for round_ in seated[3:] for p in round_.byes}
    assert sit_outs_fair(seated[3:], {p: 3 if p == 28 else 0 for p in now})
