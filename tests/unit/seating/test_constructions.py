from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seating.designs.constructions import (
    CYCLIC_BASES,
    ROTATIONAL_BASES,
    finite_field_schedule,
    is_complete,
    zero_repeat_schedule,
)
from seating.designs.fields import GaloisField, prime_power


@pytest.mark.parametrize("q", [2, 3, 4, 5, 7, 8, 9, 16, 25, 27])
def test_galois_field_is_a_field(q: int) -> None:
    field = GaloisField(q)
    for a in range(q):
        for b in range(q):
            assert field.add(a, b) == field.add(b, a)
            assert field.mul(a, b) == field.mul(b, a)
            for c in (0, 1, q - 1):
                assert field.mul(a, field.add(b, c)) == field.add(field.mul(a, b), field.mul(a, c))
        if a:
            assert sum(field.mul(a, b) == 1 for b in range(q)) == 1
    assert all(field.add(a, 0) == a and field.mul(a, 1) == a for a in range(q))


def test_prime_power() -> None:
    assert prime_power(8) == (2, 3)
    assert prime_power(81) == (3, 4)
    assert prime_power(101) == (101, 1)
    assert prime_power(12) is None
    assert prime_power(1) is None


def assert_zero_repeats(n: int, rounds: list[list[list[int]]]) -> set[tuple[int, int]]:
    met: set[tuple[int, int]] = set()
    for round_ in rounds:
        assert sorted(p for table in round_ for p in table) == list(range(n))
        assert all(len(table) == 4 for table in round_)
        for table in round_:
            for pair in combinations(sorted(table), 2):
                assert pair not in met
                met.add(pair)
    return met


@pytest.mark.parametrize(
    ("players", "rounds"),
    [
        (16, 5),
        (20, 5),
        (24, 7),
        (28, 9),
        (32, 10),
        (36, 10),
        (40, 13),
        (44, 11),
        (48, 11),
        (52, 17),
        (64, 21),
        (76, 25),
    ],
)
def test_zero_repeat_schedules(players: int, rounds: int) -> None:
    schedule = zero_repeat_schedule(players)
    assert len(schedule) == rounds
    met = assert_zero_repeats(players, schedule)
    if is_complete(players, rounds):
        assert len(met) == players * (players - 1) // 2


@pytest.mark.parametrize("players", sorted(CYCLIC_BASES))
def test_cyclic_bases_are_stored_for_their_player_count(players: int) -> None:
    assert CYCLIC_BASES[players].players == players


@pytest.mark.parametrize("players", sorted(ROTATIONAL_BASES))
def test_rotational_starters_use_every_point_and_difference_once(players: int) -> None:
    base = ROTATIONAL_BASES[players]
    m = base.m
    assert base.players == players
    points = [x for starter in base.starters for x, _level in starter]
    assert sorted(points) == list(range(1, m))
    within: list[int] = []
    between: list[int] = []
    for starter in base.starters:
        for (x, i), (y, j) in combinations(starter, 2):
            if i == j:
                within.append(min((x - y) % m, (y - x) % m))
            else:
                between.append((y - x) % m if (i + 1) % 3 == j else (x - y) % m)
    assert sorted(within) == list(range(1, (m - 1) // 2 + 1))
    assert sorted(between) == list(range(1, m))


def test_thirty_two_players_miss_exactly_one_partner_each() -> None:
    met = assert_zero_repeats(32, zero_repeat_schedule(32))
    missed = {(a, b) for a, b in combinations(range(32), 2)} - met
    assert sorted(p for pair in missed for p in pair) == list(range(32))


def test_resolvable_designs_meet_everyone_exactly_once() -> None:
    for players, rounds in ((16, 5), (28, 9), (40, 13), (52, 17), (64, 21), (76, 25)):
        assert is_complete(players, rounds)
        assert len(zero_repeat_schedule(players)) == rounds


def test_finite_field_schedule_needs_a_prime_power() -> None:
    with pytest.raises(ValueError):
        finite_field_schedule(6)
    with pytest.raises(ValueError):
        finite_field_schedule(3)


def test_no_construction_for_other_counts() -> None:
    assert zero_repeat_schedule(12) == []
    assert zero_repeat_schedule(23) == []


STORED = [n for n in range(4, 201, 4) if zero_repeat_schedule(n)]


def test_every_stored_count_has_a_design() -> None:
    assert {16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 64, 76} <= set(STORED)
    assert set(CYCLIC_BASES) | set(ROTATIONAL_BASES) <= set(STORED)


@settings(max_examples=len(STORED), deadline=None)
@given(st.sampled_from(STORED))
def test_every_stored_design_partitions_every_round_and_repeats_no_pair(players: int) -> None:
    schedule = zero_repeat_schedule(players)
    assert schedule
    met = assert_zero_repeats(players, schedule)
    assert len(met) == 6 * len(schedule) * players // 4
    assert 3 * len(schedule) <= players - 1
