"""Tables not all of four: zero-repeat starts from a design with ghost points (tables of three)
and from schedules stored for a layout (seating/designs/mixed.py)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seating import plan_event, quality_report, seat_round, table_layout
from seating.designs.mixed import ghost_start, mixed_start
from seating.designs.stored_mixed import STORED_MIXED
from seating.types import SeatingRequest, SeatingRound

from .helpers import assert_no_pair_twice, assert_valid_round

JONKLER = ((3, 4, 5, 6), 4)
BONANZA = (tuple(range(2, 10)), 5)


@pytest.mark.parametrize(("players", "rounds"), [(23, 6), (23, 7), (15, 5), (19, 5), (27, 9)])
def test_jonkler_with_a_table_of_three_repeats_nobody(players: int, rounds: int) -> None:
    ids = list(range(100, 100 + players))
    sizes, preferred = JONKLER
    for seed in (0, 1):
        plan = plan_event(ids, rounds, seed=seed, table_sizes=sizes, preferred_size=preferred)
        assert plan.report.repeated_pairs == 0
        for round_ in plan.rounds:
            assert_valid_round(ids, round_, sizes, preferred)


def test_round_by_round_follows_the_plan() -> None:
    ids = list(range(23))
    sizes, preferred = JONKLER
    played: list[SeatingRound] = []
    for _ in range(6):
        request = SeatingRequest(
            players=ids,
            seed=4,
            played_rounds=played,
            rounds_total=6,
            table_sizes=sizes,
            preferred_size=preferred,
        )
        played.append(seat_round(request).as_round())
    plan = plan_event(ids, 6, seed=4, table_sizes=sizes, preferred_size=preferred)
    assert [sorted(map(sorted, r.tables)) for r in played] == [
        sorted(map(sorted, r.tables)) for r in plan.rounds
    ]
    assert plan.report.repeated_pairs == 0


@settings(max_examples=25, deadline=None)
@given(fours=st.integers(min_value=1, max_value=18), threes=st.integers(min_value=1, max_value=2))
def test_ghost_starts_are_partitions_without_a_repeat(fours: int, threes: int) -> None:
    layout = [4] * fours + [3] * threes
    n = sum(layout)
    for free in (1, 3, 6):
        rounds = ghost_start(n, free, layout)
        if rounds is None:
            continue
        assert len(rounds) == free
        for tables in rounds:
            assert sorted(map(len, tables), reverse=True) == layout
            assert sorted(p for t in tables for p in t) == list(range(n))
        assert_no_pair_twice(rounds)


@pytest.mark.parametrize("key", sorted(STORED_MIXED))
def test_every_stored_mixed_schedule_is_a_partition_with_its_repeats(
    key: tuple[int, tuple[int, ...]],
) -> None:
    n, layout = key
    repeats, rounds = STORED_MIXED[key]
    for tables in rounds:
        assert sorted(map(len, tables), reverse=True) == list(layout)
        assert sorted(p for t in tables for p in t) == list(range(n))
    schedule = [SeatingRound(tables=[list(t) for t in tables]) for tables in rounds]
    report = quality_report(schedule)
    assert report.repeated_pairs == repeats
    assert report.max_meetings <= 2  # the repeats spread: no pair meets three times


@pytest.mark.parametrize(
    ("game", "players", "rounds"), [(JONKLER, 30, 8), (BONANZA, 33, 8), (JONKLER, 30, 5)]
)
def test_the_stored_sizes_seat_no_worse_than_stored(
    game: tuple[tuple[int, ...], int], players: int, rounds: int
) -> None:
    sizes, preferred = game
    repeats, _ = STORED_MIXED[(players, tuple(table_layout(players, sizes, preferred)))]
    ids = list(range(7, 7 + players))
    plan = plan_event(ids, rounds, seed=2, table_sizes=sizes, preferred_size=preferred)
    assert plan.report.repeated_pairs <= repeats
    for round_ in plan.rounds:
        assert_valid_round(ids, round_, sizes, preferred)


@settings(max_examples=30, deadline=None)
@given(
    game=st.sampled_from([JONKLER, BONANZA]),
    players=st.integers(min_value=3, max_value=40),
    rounds=st.integers(min_value=1, max_value=6),
    seed=st.integers(min_value=0, max_value=2**31),
)
def test_every_player_sits_once_a_round_at_the_layout(
    game: tuple[tuple[int, ...], int], players: int, rounds: int, seed: int
) -> None:
    sizes, preferred = game
    ids = random.Random(seed).sample(range(1000), players)
    plan = plan_event(ids, rounds, seed=seed, table_sizes=sizes, preferred_size=preferred)
    assert len(plan.rounds) == rounds
    for round_ in plan.rounds:
        assert_valid_round(ids, round_, sizes, preferred)
    rng = random.Random(seed)
    start = mixed_start(players, rounds, table_layout(players, sizes, preferred), rng)
    if start is not None:
        assert_no_pair_twice(start)
