"""Seating at tables of the sizes a game allows (Jonkler 3 to 6, Bonanza Rummy 2 to 9)."""

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.bonko.rules import next_tables
from seating import (
    METHODS,
    SeatingError,
    SeatingOptions,
    SeatingRequest,
    SeatingRound,
    lower_bound,
    plan_event,
    quality_report,
    seat_round,
    validate_manual_round,
)
from seating.quality import count_meetings, repeated_pairs

from .helpers import assert_valid_round, sit_outs_fair

JONKLER = ((3, 4, 5, 6), 4)
BONANZA = (tuple(range(2, 10)), 5)
GAMES = {"jonkler": JONKLER, "bonanza": BONANZA, "bonken": ((4,), 4), "odd": ((3, 5), 5)}
QUICK = SeatingOptions(effort=0.02)


@settings(max_examples=60, deadline=None)
@given(
    method=st.sampled_from(METHODS),
    game=st.sampled_from(sorted(GAMES)),
    players=st.integers(min_value=1, max_value=26),
    rounds=st.integers(min_value=1, max_value=4),
    seed=st.integers(min_value=0, max_value=2**31),
    rule=st.sampled_from(("kings", next_tables)),
)
def test_every_method_fills_the_games_tables(
    method: str, game: str, players: int, rounds: int, seed: int, rule: str
) -> None:
    sizes, preferred = GAMES[game]
    ids = [p * 7 + 2 for p in range(players)]
    results = random.Random(seed)
    standings = dict.fromkeys(ids, 0.0)
    played: list[SeatingRound] = []
    for _ in range(rounds):
        request = SeatingRequest(
            players=ids,
            method=method,
            seed=seed,
            played_rounds=played,
            rounds_total=rounds,
            standings=dict(standings),
            round_points={p: results.randint(0, 5) for p in ids},
            options=SeatingOptions(effort=0.02, progressive_rule=rule),
            table_sizes=sizes,
            preferred_size=preferred,
        )
        plan = seat_round(request)
        assert plan == seat_round(request)
        assert_valid_round(ids, plan.as_round(), sizes, preferred)
        assert plan.report.repeated_pairs >= plan.report.lower_bound
        played.append(plan.as_round())
        for p in ids:
            standings[p] += results.randint(0, 3)
    assert sit_outs_fair(played)


def test_jonkler_fourteen_sit_five_five_four_without_a_bye() -> None:
    sizes, preferred = JONKLER
    played: list[SeatingRound] = []
    for _ in range(3):
        plan = seat_round(
            SeatingRequest(
                players=range(14),
                seed=3,
                played_rounds=played,
                rounds_total=3,
                table_sizes=sizes,
                preferred_size=preferred,
            )
        )
        assert [len(t) for t in plan.tables] == [5, 5, 4]
        assert plan.byes == []
        played.append(plan.as_round())
    report = quality_report(played)
    assert report.repeated_pairs == report.lower_bound == lower_bound(14, 3, sizes, preferred)


def test_jonkler_seven_sit_four_and_three() -> None:
    plan = seat_round(SeatingRequest(players=range(7), table_sizes=(3, 4, 5, 6)))
    assert sorted(len(t) for t in plan.tables) == [3, 4] and plan.byes == []


def test_balanced_beats_random_on_mixed_tables() -> None:
    sizes, preferred = JONKLER
    for players, rounds in ((14, 6), (23, 6)):
        balanced = plan_event(
            list(range(players)), rounds, seed=5, table_sizes=sizes, preferred_size=preferred
        )
        shuffled = plan_event(
            list(range(players)),
            rounds,
            seed=5,
            method="random",
            table_sizes=sizes,
            preferred_size=preferred,
        )
        ours = repeated_pairs(count_meetings(balanced.rounds))
        assert ours < repeated_pairs(count_meetings(shuffled.rounds))
        assert ours <= balanced.report.lower_bound + 2


def test_balanced_round_by_round_follows_the_plan_on_mixed_tables() -> None:
    sizes, preferred = BONANZA
    plan = plan_event(list(range(17)), 4, seed=9, table_sizes=sizes, preferred_size=preferred)
    played: list[SeatingRound] = []
    for number in range(4):
        seated = seat_round(
            SeatingRequest(
                players=range(17),
                seed=9,
                played_rounds=played,
                rounds_total=4,
                table_sizes=sizes,
                preferred_size=preferred,
            )
        )
        assert seated.as_round() == plan.rounds[number]
        played.append(seated.as_round())


def test_manual_rounds_take_any_allowed_mix() -> None:
    players = list(range(14))
    mix = SeatingRound(tables=[[0, 1, 2], [3, 4, 5, 6], [7, 8, 9, 10], [11, 12, 13]])
    assert validate_manual_round(players, mix, (3, 4, 5, 6)) == []
    too_big = SeatingRound(tables=[[0, 1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12, 13]])
    assert validate_manual_round(players, too_big, (3, 4, 5, 6)) == [
        "table 1 has 7 players, not 3, 4, 5 or 6",
        "table 2 has 7 players, not 3, 4, 5 or 6",
    ]
    with_bye = SeatingRound(tables=[[0, 1, 2, 3, 4, 5], [6, 7, 8, 9, 10, 11, 12]], byes=[13])
    problems = validate_manual_round(players, with_bye, (3, 4, 5, 6))
    assert "1 byes where 0 are needed" in problems
    proposal = seat_round(
        SeatingRequest(players=players, method="manual", table_sizes=(3, 4, 5, 6))
    )
    assert proposal.tables == [[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [10, 11, 12, 13]]
    with pytest.raises(SeatingError):
        seat_round(
            SeatingRequest(
                players=players, method="manual", manual_round=too_big, table_sizes=(3, 4, 5, 6)
            )
        )


def test_bad_table_sizes_are_refused() -> None:
    with pytest.raises(SeatingError):
        seat_round(SeatingRequest(players=range(8), table_sizes=()))
    with pytest.raises(SeatingError):
        seat_round(SeatingRequest(players=range(8), table_sizes=(0, 4)))


# --- the lower bound with mixed sizes ---------------------------------------------------------


def _exhaustive_best(players: int, layout: list[int], rounds: int) -> int:
    """The fewest repeated pairs over every schedule (tiny cases only)."""
    ids = list(range(players))

    def partitions(rest: list[int], sizes: list[int]) -> list[list[tuple[int, ...]]]:
        if not sizes:
            return [[]]
        out = []
        first, others = rest[0], rest[1:]
        for mates in combinations(others, sizes[0] - 1):
            left = [p for p in others if p not in mates]
            for tail in partitions(left, sizes[1:]):
                out.append([(first, *mates), *tail])
        return out

    options = []
    for order in {tuple(sorted(layout, reverse=r)) for r in (True, False)}:
        options.extend(partitions(ids, list(order)))
    best = None
    first = options[0]
    if rounds == 2:
        for second in options:
            rounds_ = [
                SeatingRound(tables=[list(t) for t in first]),
                SeatingRound(tables=[list(t) for t in second]),
            ]
            value = repeated_pairs(count_meetings(rounds_))
            best = value if best is None else min(best, value)
    assert best is not None
    return best


@pytest.mark.parametrize(("players", "sizes", "preferred"), [(7, (3, 4), 4), (9, (4, 5), 4)])
def test_lower_bound_never_exceeds_the_best_schedule(
    players: int, sizes: tuple[int, ...], preferred: int
) -> None:
    from seating import table_layout

    layout = table_layout(players, sizes, preferred)
    best = _exhaustive_best(players, layout, 2)
    assert lower_bound(players, 2, sizes, preferred) <= best


@settings(max_examples=60, deadline=None)
@given(
    game=st.sampled_from(("jonkler", "bonanza")),
    players=st.integers(min_value=3, max_value=20),
    rounds=st.integers(min_value=1, max_value=6),
    seed=st.integers(min_value=0, max_value=1000),
)
def test_lower_bound_holds_for_random_schedules(
    game: str, players: int, rounds: int, seed: int
) -> None:
    sizes, preferred = GAMES[game]
    schedule = plan_event(
        list(range(players)),
        rounds,
        method="random",
        seed=seed,
        table_sizes=sizes,
        preferred_size=preferred,
    )
    report = schedule.report
    assert (
        report.repeated_pairs
        >= report.lower_bound
        >= lower_bound(players, rounds, sizes, preferred)
    )


def test_bonken_bound_is_unchanged() -> None:
    for players in range(4, 30):
        for rounds in range(1, 8):
            assert lower_bound(players, rounds) == lower_bound(players, rounds, (4,), 4)
    assert lower_bound(8, 2) == 4 and lower_bound(12, 2) == 3
