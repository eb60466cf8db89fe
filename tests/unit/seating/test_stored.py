"""Schedules stored for sizes no design gives without a repeat: 18 players over 5 rounds and 22
over 6, two sitting out each round (seating/designs/stored.py)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seating import SeatingRequest, SeatingRound, plan_event, quality_report, seat_round
from seating.designs.stored import BEST_KNOWN, STORED, seat_stored, stored_rounds_fit

from .helpers import assert_no_pair_twice, assert_valid_round, sit_outs_fair


@pytest.mark.parametrize("players", sorted(STORED))
def test_every_stored_schedule_is_a_partition_with_no_pair_twice(players: int) -> None:
    out: list[int] = []
    for tables in STORED[players]:
        seated = [p for table in tables for p in table]
        assert all(len(table) == 4 for table in tables)
        assert len(set(seated)) == len(seated) == players - players % 4
        assert set(seated) <= set(range(players))
        out += sorted(set(range(players)) - set(seated))
    assert_no_pair_twice(STORED[players])
    assert len(set(out)) == len(out)  # nobody sits out twice


@pytest.mark.parametrize(("players", "rounds"), [(18, 5), (18, 3), (22, 6), (22, 4)])
def test_zero_repeats_with_fair_byes(players: int, rounds: int) -> None:
    ids = list(range(300, 300 + players))
    for seed in (0, 1, 2):
        plan = plan_event(ids, rounds, seed=seed)
        assert plan.report.repeated_pairs == 0 and plan.report.max_meetings == 1
        for round_ in plan.rounds:
            assert_valid_round(ids, round_)
            assert len(round_.byes) == 2
        assert sit_outs_fair(plan.rounds)


@settings(max_examples=30, deadline=None)
@given(
    players=st.sampled_from(sorted(STORED)),
    rounds=st.integers(min_value=1, max_value=6),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_stored_rounds_go_to_the_players_with_the_fewest_byes(
    players: int, rounds: int, seed: int
) -> None:
    rng = random.Random(seed)
    sit_outs = [rng.randrange(2) for _ in range(players)]
    priority = list(range(players))
    rng.shuffle(priority)
    if not stored_rounds_fit(players, rounds, sit_outs):
        assert rounds > len(STORED[players])
        return
    tables, byes = seat_stored(players, rounds, sit_outs=sit_outs, priority=priority, rng=rng)
    counts = list(sit_outs)
    for round_tables, round_byes in zip(tables, byes, strict=True):
        seated = sorted(p for table in round_tables for p in table)
        assert sorted(seated + round_byes) == list(range(players))
        assert max(counts[p] for p in round_byes) <= min(counts[p] for p in seated)
        for p in round_byes:
            counts[p] += 1
        assert max(counts) - min(counts) <= 1
    assert_no_pair_twice(tables)


@pytest.mark.parametrize("key", sorted(BEST_KNOWN))
def test_every_best_known_schedule_has_its_repeats_and_fair_byes(key: tuple[int, int]) -> None:
    players, rounds = key
    repeats, stored = BEST_KNOWN[key]
    assert len(stored) == rounds
    schedule = []
    for tables in stored:
        seated = [p for table in tables for p in table]
        assert all(len(table) == 4 for table in tables)
        assert len(set(seated)) == len(seated) == players - players % 4
        byes = sorted(set(range(players)) - set(seated))
        schedule.append(SeatingRound(tables=[list(t) for t in tables], byes=byes))
    assert sit_outs_fair(schedule)
    assert quality_report(schedule).repeated_pairs == repeats


@pytest.mark.parametrize("key", sorted(BEST_KNOWN))
def test_the_planner_seats_no_worse_than_the_best_known(key: tuple[int, int]) -> None:
    players, rounds = key
    ids = list(range(60, 60 + players))
    played: list[SeatingRound] = []
    for _ in range(rounds):
        request = SeatingRequest(players=ids, seed=8, played_rounds=played, rounds_total=rounds)
        played.append(seat_round(request).as_round())
    for round_ in played:
        assert_valid_round(ids, round_)
    assert sit_outs_fair(played)
    assert quality_report(played).repeated_pairs <= BEST_KNOWN[key][0]
