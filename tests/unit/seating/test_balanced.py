import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.seating import baseline
from seating import (
    SeatingOptions,
    SeatingRequest,
    SeatingRound,
    count_meetings,
    lower_bound,
    plan_event,
    quality_report,
    seat_round,
    swap_players,
)

from .helpers import assert_valid_round, sit_outs_fair

QUICK = SeatingOptions(effort=0.02)


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(min_value=1, max_value=41),
    rounds=st.integers(min_value=1, max_value=6),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_plans_seat_everyone_once_with_fair_byes(players: int, rounds: int, seed: int) -> None:
    ids = [7 * p + 3 for p in range(players)]
    plan = plan_event(ids, rounds, seed=seed, options=QUICK)
    assert len(plan.rounds) == rounds
    for round_ in plan.rounds:
        assert_valid_round(ids, round_)
    assert sit_outs_fair(plan.rounds)
    assert plan.report == quality_report(plan.rounds)
    assert plan.report.repeated_pairs >= plan.report.lower_bound


@settings(max_examples=15, deadline=None)
@given(
    players=st.integers(min_value=4, max_value=30),
    rounds=st.integers(min_value=1, max_value=5),
    seed=st.integers(min_value=0, max_value=1000),
)
def test_same_seed_same_plan(players: int, rounds: int, seed: int) -> None:
    ids = list(range(100, 100 + players))
    first = plan_event(ids, rounds, seed=seed, options=QUICK)
    second = plan_event(list(reversed(ids)), rounds, seed=seed, options=QUICK)
    assert first.rounds == second.rounds


@pytest.mark.parametrize(
    ("players", "rounds"),
    [(16, 5), (20, 5), (24, 5), (24, 7), (28, 8), (28, 9), (32, 8), (40, 8), (48, 8)],
)
def test_zero_repeats_where_a_zero_repeat_schedule_exists(players: int, rounds: int) -> None:
    for seed in (0, 1):
        report = plan_event(list(range(players)), rounds, seed=seed).report
        assert report.repeated_pairs == 0
        assert report.max_meetings == 1


@pytest.mark.parametrize(
    ("players", "rounds"),
    [(8, 5), (8, 6), (8, 8), (12, 5), (12, 6), (12, 8), (16, 6), (16, 7), (16, 8)],
)
def test_lower_bound_is_reached(players: int, rounds: int) -> None:
    report = plan_event(list(range(players)), rounds, seed=3).report
    assert report.repeated_pairs == report.lower_bound == lower_bound(players, rounds)
    if players == 16:
        assert report.consecutive_repeats == 0


@pytest.mark.parametrize(("players", "rounds"), [(9, 4), (13, 6), (23, 8), (7, 4), (18, 5)])
def test_never_worse_than_the_best_of_random_shuffles(players: int, rounds: int) -> None:
    ours = plan_event(list(range(players)), rounds, seed=2).report.repeated_pairs
    shuffles = quality_report(baseline(players, rounds, seed=2)).repeated_pairs
    assert ours <= shuffles


def test_a_large_event_has_no_repeats() -> None:
    """400 players over 10 rounds (its time is `python -m bench.seating`'s)."""
    report = plan_event(list(range(400)), 10, seed=5).report
    assert report.repeated_pairs == 0


def _request(players: list[int], played: list[SeatingRound], **kwargs: object) -> SeatingRequest:
    return SeatingRequest(players=players, played_rounds=played, **kwargs)  # type: ignore[arg-type]


def test_round_by_round_follows_the_plan() -> None:
    players = list(range(20))
    plan = plan_event(players, 5, seed=11)
    played: list[SeatingRound] = []
    for number in range(1, 6):
        seated = seat_round(_request(players, played, seed=11, rounds_total=5))
        assert seated.round_number == number
        assert seated.as_round() == plan.rounds[number - 1]
        played.append(seated.as_round())
    assert seated.report.repeated_pairs == 0


def test_round_by_round_with_byes_follows_the_plan() -> None:
    players = list(range(23))
    plan = plan_event(players, 6, seed=4, options=QUICK)
    played: list[SeatingRound] = []
    for _ in range(6):
        seated = seat_round(_request(players, played, seed=4, rounds_total=6, options=QUICK))
        played.append(seated.as_round())
    assert played == plan.rounds


def test_replans_around_a_manual_change() -> None:
    players = list(range(16))
    plan = plan_event(players, 5, seed=2)
    changed = plan.rounds[0]
    a, b = changed.tables[0][0], changed.tables[1][0]
    changed.tables[0][0], changed.tables[1][0] = b, a
    played = [changed]
    for _ in range(4):
        seated = seat_round(_request(players, played, seed=2, rounds_total=5))
        assert_valid_round(players, seated.as_round())
        played.append(seated.as_round())
    assert played[0] is changed
    # The construction is relabelled around the changed first round: still no repeats.
    assert quality_report(played).repeated_pairs == 0


def test_late_arrivals_and_leavers() -> None:
    first = list(range(20))
    plan = plan_event(first, 2, seed=9)
    now = [p for p in first if p not in (3, 4)] + [20, 21, 22]
    played = list(plan.rounds)
    for _ in range(4):
        seated = seat_round(_request(now, played, seed=9, rounds_total=6))
        assert_valid_round(now, seated.as_round())
        played.append(seated.as_round())
    later = played[2:]
    start = {p: (2 if p >= 20 else 0) for p in now}
    assert sit_outs_fair(later, start)
    # Newcomers missed two rounds, so they are not the first to sit out.
    assert not set(later[0].byes) & {20, 21, 22}
    # Seated round by round, the event is the plan made when the newcomers arrived.
    replanned = plan_event(now, 6, seed=9, played_rounds=plan.rounds)
    assert played == replanned.rounds
    assert quality_report(played).repeated_pairs <= 6


def test_replanned_event_keeps_the_played_rounds() -> None:
    players = list(range(13))
    played = plan_event(players, 2, seed=1, options=QUICK).rounds
    plan = plan_event(players, 5, seed=1, played_rounds=played, options=QUICK)
    assert plan.rounds[:2] == played
    assert len(plan.rounds) == 5
    assert sit_outs_fair(plan.rounds)


def test_history_from_earlier_events_is_avoided() -> None:
    players = list(range(32))
    earlier = plan_event(players, 3, seed=100).rounds
    history = dict(count_meetings(earlier))
    with_history = plan_event(players, 5, seed=7, history=history)
    without = plan_event(players, 5, seed=7)

    def old_pairs_met(rounds: list[SeatingRound]) -> int:
        met = count_meetings(rounds)
        return sum(1 for pair in met if pair in history)

    assert without.report.repeated_pairs == 0
    assert old_pairs_met(without.rounds) > 20
    # History is a soft preference: a few conflicts may remain on this tight case.
    assert with_history.report.repeated_pairs + old_pairs_met(with_history.rounds) <= 6


def test_a_manual_change_is_followed_by_one_replan() -> None:
    players = list(range(21))
    played = plan_event(players, 1, seed=5, options=QUICK).rounds
    played = [swap_players(played[0], played[0].tables[0][0], played[0].byes[0])]
    for _ in range(3):
        seated = seat_round(_request(players, played, seed=5, rounds_total=4, options=QUICK))
        played.append(seated.as_round())
    replanned = plan_event(players, 4, seed=5, played_rounds=played[:1], options=QUICK)
    assert played == replanned.rounds


def test_rounds_total_shorter_than_played_plans_one_more() -> None:
    players = list(range(8))
    played = plan_event(players, 3, seed=0, options=QUICK).rounds
    seated = seat_round(_request(players, played, rounds_total=2, options=QUICK))
    assert seated.round_number == 4
    assert_valid_round(players, seated.as_round())
