"""Three players sitting out every round: the design one point larger, with the table-mates
of one point (the ghost) on a bye (seating/designs/ghost.py)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seating import SeatingRequest, plan_event, seat_round
from seating.designs.constructions import zero_repeat_schedule
from seating.designs.ghost import ghost_rounds_fit, seat_around_ghost

from .helpers import assert_no_pair_twice, assert_valid_round, sit_outs_fair


@pytest.mark.parametrize(("players", "rounds"), [(23, 7), (27, 8), (27, 9), (31, 9), (35, 10)])
def test_zero_repeats_from_the_design_one_point_larger(players: int, rounds: int) -> None:
    ids = list(range(500, 500 + players))
    for seed in (0, 1):
        plan = plan_event(ids, rounds, seed=seed)
        assert plan.report.repeated_pairs == 0 and plan.report.max_meetings == 1
        for round_ in plan.rounds:
            assert_valid_round(ids, round_)
            assert len(round_.byes) == 3
        assert sit_outs_fair(plan.rounds)
        byes = [p for round_ in plan.rounds for p in round_.byes]
        assert len(set(byes)) == len(byes)


@settings(max_examples=20, deadline=None)
@given(
    players=st.sampled_from([23, 27, 31, 35, 39]),
    rounds=st.integers(min_value=1, max_value=9),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_ghost_rounds_are_partitions_with_fair_byes(players: int, rounds: int, seed: int) -> None:
    design = zero_repeat_schedule(players + 1)
    rng = random.Random(seed)
    sit_outs = [rng.randrange(2) for _ in range(players)]
    priority = list(range(players))
    rng.shuffle(priority)
    if not ghost_rounds_fit(players, rounds, sit_outs, len(design)):
        return
    tables, byes = seat_around_ghost(
        design, players, rounds, sit_outs=sit_outs, priority=priority, rng=rng
    )
    counts = list(sit_outs)
    for round_tables, round_byes in zip(tables, byes, strict=True):
        seated = sorted(p for table in round_tables for p in table)
        assert sorted(seated + round_byes) == list(range(players))
        assert all(len(table) == 4 for table in round_tables)
        # Nobody sits out while someone seated has sat out fewer times.
        assert max(counts[p] for p in round_byes) <= min(counts[p] for p in seated)
        for p in round_byes:
            counts[p] += 1
        assert max(counts) - min(counts) <= 1
    assert_no_pair_twice(tables)


def test_the_ghost_needs_three_byes_and_enough_players() -> None:
    assert ghost_rounds_fit(23, 7, [0] * 23, 7)
    assert not ghost_rounds_fit(22, 5, [0] * 22, 7)
    assert not ghost_rounds_fit(23, 8, [0] * 23, 7)
    assert not ghost_rounds_fit(11, 4, [0] * 11, 5)
    assert not ghost_rounds_fit(23, 3, [0, 2] + [1] * 21, 7)


def test_round_by_round_replays_the_ghost_plan() -> None:
    ids = list(range(27))
    played = []
    for _ in range(8):
        plan = seat_round(
            SeatingRequest(
                players=ids, method="balanced", seed=3, played_rounds=played, rounds_total=8
            )
        )
        played.append(plan.as_round())
    assert plan.report.repeated_pairs == 0
    assert sit_outs_fair(played)
