import random

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
    seat_round,
    swap_players,
    validate_manual_round,
)
from seating.methods.progressive import move_tables

from .helpers import assert_valid_round, sit_outs_fair

QUICK = SeatingOptions(effort=0.02)


@settings(max_examples=40, deadline=None)
@given(
    method=st.sampled_from(METHODS),
    players=st.integers(min_value=1, max_value=30),
    rounds=st.integers(min_value=1, max_value=4),
    seed=st.integers(min_value=0, max_value=2**31),
    rule=st.sampled_from(("kings", next_tables)),
)
def test_every_method_seats_everyone_once_with_fair_byes(
    method: str, players: int, rounds: int, seed: int, rule: str
) -> None:
    ids = [p * 3 + 1 for p in range(players)]
    results = random.Random(seed)
    standings = dict.fromkeys(ids, 0.0)
    options = SeatingOptions(effort=0.02, progressive_rule=rule)
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
            options=options,
        )
        plan = seat_round(request)
        assert plan == seat_round(request)  # same seed, same round
        assert plan.round_number == len(played) + 1
        assert_valid_round(ids, plan.as_round())
        played.append(plan.as_round())
        for p in ids:
            standings[p] += results.randint(0, 3)
    assert sit_outs_fair(played)


@settings(max_examples=30, deadline=None)
@given(
    method=st.sampled_from(METHODS),
    pool=st.integers(min_value=4, max_value=24),
    seed=st.integers(min_value=0, max_value=2**31),
    data=st.data(),
)
def test_players_may_arrive_late_and_leave(
    method: str, pool: int, seed: int, data: st.DataObject
) -> None:
    played: list[SeatingRound] = []
    for _ in range(4):
        present = data.draw(
            st.lists(st.integers(min_value=0, max_value=pool - 1), min_size=1, unique=True)
        )
        request = SeatingRequest(
            players=present,
            method=method,
            seed=seed,
            played_rounds=played,
            rounds_total=4,
            standings={p: p % 5 for p in present},
            options=QUICK,
        )
        round_ = seat_round(request).as_round()
        assert_valid_round(present, round_)
        # A round missed counts as a sit-out: byes go to the fewest sit-outs among those present.
        missed = {p: sum(p not in r.seated() for r in played) for p in present}
        if round_.byes and round_.tables:
            assert max(missed[p] for p in round_.byes) <= min(missed[p] for p in round_.seated())
        played.append(round_)


def test_unknown_method_and_duplicate_players_are_refused() -> None:
    with pytest.raises(SeatingError):
        seat_round(SeatingRequest(players=[1, 2, 3, 4], method="knockout"))
    with pytest.raises(SeatingError):
        seat_round(SeatingRequest(players=[1, 2, 3, 3], method="random"))
    with pytest.raises(SeatingError):
        seat_round(
            SeatingRequest(
                players=[1, 2, 3, 4],
                method="progressive",
                options=SeatingOptions(progressive_rule="ladder"),
            )
        )


def test_random_depends_on_the_seed_only() -> None:
    players = list(range(40))
    a = seat_round(SeatingRequest(players=players, method="random", seed=1))
    b = seat_round(SeatingRequest(players=players[::-1], method="random", seed=1))
    c = seat_round(SeatingRequest(players=players, method="random", seed=2))
    assert a.tables == b.tables
    assert a.tables != c.tables


# swiss


def test_swiss_seats_strong_with_strong() -> None:
    players = list(range(16))
    standings = {p: float(100 - p) for p in players}
    plan = seat_round(SeatingRequest(players=players, method="swiss", standings=standings))
    assert [sorted(t) for t in plan.tables] == [
        [0, 1, 2, 3],
        [4, 5, 6, 7],
        [8, 9, 10, 11],
        [12, 13, 14, 15],
    ]


def test_swiss_weighs_repeats_against_spread() -> None:
    players = list(range(16))
    standings = {p: float(100 - p) for p in players}
    first = SeatingRound(tables=[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]])

    def second(weight: float) -> SeatingRound:
        request = SeatingRequest(
            players=players,
            method="swiss",
            standings=standings,
            played_rounds=[first],
            options=SeatingOptions(swiss_repeat_weight=weight),
        )
        return seat_round(request).as_round()

    # By default a repeat weighs more than the spread of one table: no repeats at all.
    strict = second(4.0)
    assert all(len({p // 4 for p in table}) == 4 for table in strict.tables)
    # With a light weight the leader keeps playing the top half, with few repeats.
    light = second(0.3)
    top = next(t for t in light.tables if 0 in t)
    assert max(top) < 8
    assert sum(len(t) - len({p // 4 for p in t}) for t in light.tables) < 12


def test_swiss_byes_go_to_the_bottom_among_the_fewest_byes() -> None:
    players = list(range(10))
    standings = {p: float(10 - p) for p in players}
    plan = seat_round(SeatingRequest(players=players, method="swiss", standings=standings))
    assert sorted(plan.byes) == [8, 9]
    second = seat_round(
        SeatingRequest(
            players=players, method="swiss", standings=standings, played_rounds=[plan.as_round()]
        )
    )
    assert sorted(second.byes) == [6, 7]


def test_swiss_rounds_for_48_players_keep_meetings_low() -> None:
    """Eight swiss rounds of 48 players meet no pair more than twice (how fast a round is
    seated is `python -m bench.seating`'s, never a test's: the machine is shared)."""
    players = list(range(48))
    rng = random.Random(0)
    played: list[SeatingRound] = []
    standings = dict.fromkeys(players, 0.0)
    for _ in range(8):
        request = SeatingRequest(
            players=players, method="swiss", played_rounds=played, standings=dict(standings)
        )
        plan = seat_round(request)
        played.append(plan.as_round())
        for p in players:
            standings[p] += rng.randint(0, 3)
    assert plan.report.max_meetings <= 2


# progressive


def test_kings_movement() -> None:
    # Tables listed by place: 1st and 2nd are winners, 3rd and 4th losers.
    tables = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]
    assert move_tables(tables, "kings") == [[1, 5, 2, 6], [3, 9, 4, 10], [7, 11, 8, 12]]


def test_bonko_movement() -> None:
    tables = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]
    assert move_tables(tables, next_tables) == [[1, 5, 2, 6], [7, 9, 8, 10], [11, 3, 12, 4]]


def test_one_table_stays_together() -> None:
    assert move_tables([[4, 3, 2, 1]], "kings") == [[4, 2, 3, 1]]
    assert move_tables([[4, 3, 2, 1]], next_tables) == [[4, 2, 3, 1]]


def test_progressive_round_uses_the_points_of_the_last_round() -> None:
    players = list(range(1, 13))
    previous = SeatingRound(tables=[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]])
    points = {p: float(p) for p in players}  # the highest id wins each table
    plan = seat_round(
        SeatingRequest(
            players=players,
            method="progressive",
            played_rounds=[previous],
            round_points=points,
        )
    )
    # Places at table 1: 4, 3 | 2, 1; table 2: 8, 7 | 6, 5; table 3: 12, 11 | 10, 9.
    assert plan.tables == [[4, 8, 3, 7], [2, 12, 1, 11], [6, 10, 5, 9]]


def test_progressive_first_round_follows_standings_and_newcomers_start_at_the_bottom() -> None:
    players = list(range(8))
    standings = {p: float(p) for p in players}
    first = seat_round(SeatingRequest(players=players, method="progressive", standings=standings))
    assert [sorted(t) for t in first.tables] == [[4, 5, 6, 7], [0, 1, 2, 3]]
    later = seat_round(
        SeatingRequest(
            players=[*players, 8, 9, 10, 11],
            method="progressive",
            standings=standings,
            played_rounds=[first.as_round()],
            byes_so_far=dict.fromkeys(range(12), 0),
        )
    )
    assert sorted(later.tables[-1]) == [8, 9, 10, 11]


def test_progressive_byes_come_from_the_bottom() -> None:
    players = list(range(6))
    standings = {p: float(p) for p in players}
    plan = seat_round(SeatingRequest(players=players, method="progressive", standings=standings))
    assert sorted(plan.byes) == [0, 1]


# manual


def test_validate_manual_round_lists_every_problem() -> None:
    players = list(range(9))
    bad = SeatingRound(tables=[[0, 1, 2, 3], [3, 4, 5], [6, 7, 99, 5]], byes=[8])
    problems = validate_manual_round(players, bad)
    text = " | ".join(problems)
    assert "table 2 has 3 players" in text
    assert "player 3 is placed 2 times" in text
    assert "player 5 is placed 2 times" in text
    assert "player 99 is not present" in text
    assert len(problems) == 4
    missing = SeatingRound(tables=[[0, 1, 2, 3]], byes=[4, 5, 6, 7])
    problems = validate_manual_round(players, missing)
    assert problems == ["not seated and not on a bye: 8", "4 byes where 1 are needed"]
    good = SeatingRound(tables=[[0, 1, 2, 3], [4, 5, 6, 7]], byes=[8])
    assert validate_manual_round(players, good) == []


def test_swap_players_between_tables_and_byes() -> None:
    round_ = SeatingRound(tables=[[0, 1, 2, 3], [4, 5, 6, 7]], byes=[8])
    swapped = swap_players(round_, 1, 6)
    assert swapped.tables == [[0, 6, 2, 3], [4, 5, 1, 7]]
    assert round_.tables == [[0, 1, 2, 3], [4, 5, 6, 7]]  # the input is unchanged
    to_bye = swap_players(swapped, 8, 0)
    assert to_bye.tables[0] == [8, 6, 2, 3]
    assert to_bye.byes == [0]
    with pytest.raises(SeatingError):
        swap_players(round_, 1, 42)


def test_manual_method_checks_the_organizers_round() -> None:
    players = list(range(8))
    good = SeatingRound(tables=[[7, 6, 5, 4], [3, 2, 1, 0]])
    plan = seat_round(SeatingRequest(players=players, method="manual", manual_round=good))
    assert plan.tables == good.tables
    bad = SeatingRound(tables=[[7, 6, 5, 4], [3, 2, 1, 1]])
    with pytest.raises(SeatingError) as error:
        seat_round(SeatingRequest(players=players, method="manual", manual_round=bad))
    assert any("placed 2 times" in p for p in error.value.problems)
    # Without a round from the organizer: tables in the order given, fair byes from the end.
    unplaced = seat_round(SeatingRequest(players=[5, 3, 1, 7, 2], method="manual"))
    assert unplaced.tables == [[5, 3, 1, 7]]
    assert unplaced.byes == [2]
    again = seat_round(
        SeatingRequest(
            players=[5, 3, 1, 7, 2], method="manual", played_rounds=[unplaced.as_round()]
        )
    )
    assert again.tables == [[5, 3, 1, 2]]
    assert again.byes == [7]
