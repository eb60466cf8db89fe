"""A team game seated without fixed teams: partners rotate, nobody partners anyone twice, and
opponents spread (seating/partners.py)."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seating import SeatingRequest, SeatingRound, plan_event, seat_round
from seating.designs.whist import WHIST_BASES, whist_schedule
from seating.partner_search import improve_partners
from seating.partners import (
    arrange_partners,
    count_partners,
    partner_bounds,
    partner_report,
    splits,
)

from .helpers import assert_valid_round

BONKO = {4: ((0, 2), (1, 3))}


def test_four_players_split_three_ways_into_two_teams() -> None:
    assert splits([1, 2, 3, 4], 2) == [[(1, 2), (3, 4)], [(1, 3), (2, 4)], [(1, 4), (2, 3)]]
    assert len(splits(list(range(6)), 3)) == 15


def test_eight_players_over_seven_rounds_partner_once_and_oppose_twice() -> None:
    # A whist tournament of eight: every pair partners once and opposes twice, the bound.
    plan = plan_event(list(range(8)), 7, seed=1, team_seats=BONKO)
    report = partner_report(plan.rounds, BONKO)
    assert report.partner_repeats == 0
    assert report.opponent_repeats == report.opponent_bound == 28
    assert report.max_opponent_meetings == 2


@pytest.mark.parametrize(("players", "rounds"), [(16, 5), (20, 5), (32, 10)])
def test_zero_repeat_tables_make_zero_repeat_partners_and_opponents(
    players: int, rounds: int
) -> None:
    plan = plan_event(list(range(players)), rounds, seed=2, team_seats=BONKO)
    report = partner_report(plan.rounds, BONKO)
    assert report.partner_repeats == report.opponent_repeats == 0


def test_round_by_round_follows_the_whole_event_plan() -> None:
    ids = list(range(40, 52))
    played: list[SeatingRound] = []
    for _ in range(6):
        request = SeatingRequest(
            players=ids, seed=5, played_rounds=played, rounds_total=6, team_seats=BONKO
        )
        played.append(seat_round(request).as_round())
    plan = plan_event(ids, 6, seed=5, team_seats=BONKO)
    assert [r.tables for r in played] == [r.tables for r in plan.rounds]
    assert partner_report(played, BONKO).partner_repeats == 0


def test_bounds_count_two_opponents_and_one_partner_a_round() -> None:
    rounds = [SeatingRound(tables=[[0, 1, 2, 3]]) for _ in range(5)]
    # Four players, five rounds: each partners 5 times among 3 others, opposes 10 times.
    assert partner_bounds(rounds, BONKO) == ((4 * 2 + 1) // 2, (4 * 7 + 1) // 2)


@settings(max_examples=30, deadline=None)
@given(
    players=st.integers(min_value=4, max_value=30),
    rounds=st.integers(min_value=1, max_value=6),
    seed=st.integers(min_value=0, max_value=2**31),
)
def test_arranging_keeps_each_table_and_bye(players: int, rounds: int, seed: int) -> None:
    ids = random.Random(seed).sample(range(500), players)
    plain = plan_event(ids, rounds, seed=seed).rounds
    arranged = arrange_partners([], plain, BONKO)
    for before, after in zip(plain, arranged, strict=True):
        assert_valid_round(ids, after)
        assert [sorted(t) for t in before.tables] == [sorted(t) for t in after.tables]
        assert before.byes == after.byes
    partners: Counter[tuple[int, int]] = Counter()
    for round_ in arranged:
        for table in round_.tables:
            for a, b in ((table[0], table[2]), (table[1], table[3])):
                partners[(min(a, b), max(a, b))] += 1
    report = partner_report(arranged, BONKO)
    assert report.partner_repeats == sum(m - 1 for m in partners.values() if m > 1)
    assert report.partner_repeats >= report.partner_bound
    assert report.opponent_repeats >= report.opponent_bound


@pytest.mark.parametrize("players", sorted(WHIST_BASES))
def test_every_whist_base_partners_each_pair_once_and_opposes_twice(players: int) -> None:
    rounds = [SeatingRound(tables=tables) for tables in whist_schedule(players)]
    assert len(rounds) == players - 1
    for round_ in rounds:
        assert_valid_round(list(range(players)), round_)
    partners, opponents = count_partners(rounds, BONKO)
    everyone = {(a, b) for a in range(players) for b in range(a + 1, players)}
    assert set(partners) == everyone and set(partners.values()) == {1}
    assert set(opponents) == everyone and set(opponents.values()) == {2}


def test_a_whole_whist_length_event_partners_nobody_twice() -> None:
    # Twelve players over eleven rounds: every pair must meet three times; the meetings alone
    # leave partners twice, the whist tournament none, and each pair opposes twice.
    plan = plan_event(list(range(200, 212)), 11, seed=3, team_seats=BONKO)
    report = partner_report(plan.rounds, BONKO)
    assert report.partner_repeats == 0 and report.max_opponent_meetings == 2
    assert report.opponent_repeats == report.opponent_bound == 66


@settings(max_examples=20, deadline=None)
@given(
    players=st.integers(min_value=4, max_value=26),
    rounds=st.integers(min_value=1, max_value=7),
    seed=st.integers(min_value=0, max_value=2**31),
)
def test_the_search_keeps_tables_byes_and_never_does_worse(
    players: int, rounds: int, seed: int
) -> None:
    ids = random.Random(seed).sample(range(500), players)
    arranged = arrange_partners([], plan_event(ids, rounds, seed=seed).rounds, BONKO)
    improved = improve_partners([], arranged, BONKO, budget=2000, seed=seed)
    assert improved == improve_partners([], arranged, BONKO, budget=2000, seed=seed)
    for before, after in zip(arranged, improved, strict=True):
        assert_valid_round(ids, after)
        assert before.byes == after.byes
    old, new = partner_report(arranged, BONKO), partner_report(improved, BONKO)
    assert new.partner_repeats <= old.partner_repeats or new.opponent_repeats < old.opponent_repeats


def test_sixteen_players_over_eight_rounds_oppose_again_far_less() -> None:
    plain = arrange_partners([], plan_event(list(range(16)), 8, seed=1).rounds, BONKO)
    plan = plan_event(list(range(16)), 8, seed=1, team_seats=BONKO)
    report = partner_report(plan.rounds, BONKO)
    assert report.partner_repeats == 0
    assert (
        report.opponent_bound
        <= report.opponent_repeats
        < partner_report(plain, BONKO).opponent_repeats
    )
