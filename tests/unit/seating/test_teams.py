"""Team games: partners seated together, in their team's seats (Bonko)."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seating import (
    METHODS,
    SeatingError,
    SeatingOptions,
    SeatingRequest,
    SeatingRound,
    seat_round,
    table_layout,
)
from seating.quality import count_meetings

BONKO_SEATS = {4: ((0, 2), (1, 3))}


def _assert_partners_together(
    round_: SeatingRound, teams: list[tuple[int, int]], present: set[int], seats: dict
) -> None:
    where = {p: (t, i) for t, table in enumerate(round_.tables) for i, p in enumerate(table)}
    for a, b in teams:
        if a in present and b in present:
            if a in where or b in where:
                assert where[a][0] == where[b][0], (a, b, round_)
                size = len(round_.tables[where[a][0]])
                pair = sorted((where[a][1], where[b][1]))
                assert pair in [sorted(group) for group in seats[size]]
            else:
                assert a in round_.byes and b in round_.byes


@settings(max_examples=60, deadline=None)
@given(
    method=st.sampled_from(METHODS),
    teams_count=st.integers(min_value=0, max_value=10),
    singles=st.integers(min_value=0, max_value=3),
    absent=st.integers(min_value=0, max_value=3),
    rounds=st.integers(min_value=1, max_value=3),
    seed=st.integers(min_value=0, max_value=2**31),
    six=st.booleans(),
)
def test_partners_always_sit_together(
    method: str, teams_count: int, singles: int, absent: int, rounds: int, seed: int, six: bool
) -> None:
    rng = random.Random(seed)
    ids = rng.sample(range(1, 500), 2 * teams_count + singles)
    teams = [(ids[2 * i], ids[2 * i + 1]) for i in range(teams_count)]
    present = ids[absent:] if absent < len(ids) else []
    sizes, seats = ((4,), BONKO_SEATS) if not six else ((4, 6), None)
    default_seats = {4: [[0, 2], [1, 3]], 6: [[0, 3], [1, 4], [2, 5]]}
    played: list[SeatingRound] = []
    for _ in range(rounds):
        request = SeatingRequest(
            players=present,
            method=method,
            seed=seed,
            played_rounds=played,
            rounds_total=rounds,
            standings={p: rng.randint(0, 9) for p in present},
            round_points={p: rng.randint(0, 9) for p in present},
            options=SeatingOptions(effort=0.02),
            table_sizes=sizes,
            team_seats=seats,
            teams=teams,
        )
        plan = seat_round(request)
        assert plan == seat_round(request)
        round_ = plan.as_round()
        placed = Counter(round_.seated()) + Counter(round_.byes)
        assert sorted(placed) == sorted(present) and set(placed.values()) <= {1}
        assert all(len(table) in sizes for table in round_.tables)
        # Never more byes than the sizes force, plus the one player left without a partner.
        assert len(round_.byes) <= len(present) - sum(table_layout(len(present), sizes)) + 3
        _assert_partners_together(round_, teams, set(present), seats or default_seats)
        played.append(round_)


def test_balanced_teams_spread_the_meetings_between_teams() -> None:
    teams = [(2 * i, 2 * i + 1) for i in range(8)]
    played: list[SeatingRound] = []
    for _ in range(3):
        plan = seat_round(
            SeatingRequest(
                players=range(16),
                teams=teams,
                team_seats=BONKO_SEATS,
                played_rounds=played,
                rounds_total=3,
                seed=4,
            )
        )
        played.append(plan.as_round())
    meetings = count_meetings(played)
    partners = {tuple(team) for team in teams}
    assert all(meetings[team] == 3 for team in partners)
    assert max(m for pair, m in meetings.items() if pair not in partners) == 1


def test_a_player_without_a_partner_present_plays_with_another() -> None:
    teams = [(1, 2), (3, 4), (5, 6), (7, 8)]
    plan = seat_round(
        SeatingRequest(players=[1, 2, 3, 4, 5, 7], teams=teams, team_seats=BONKO_SEATS)
    )
    assert plan.byes in ([1, 2], [3, 4], [5, 7])  # 5 and 7 stand in as a team
    seated = plan.tables[0]
    assert {seated[0], seated[2]} in ({1, 2}, {3, 4}, {5, 7})


def test_manual_rounds_keep_partners_in_their_seats() -> None:
    teams = [(1, 2), (3, 4)]
    good = SeatingRound(tables=[[1, 3, 2, 4]])
    request = SeatingRequest(
        players=[1, 2, 3, 4],
        method="manual",
        manual_round=good,
        teams=teams,
        team_seats=BONKO_SEATS,
    )
    assert seat_round(request).tables == [[1, 3, 2, 4]]
    side_by_side = SeatingRound(tables=[[1, 2, 3, 4]])
    with pytest.raises(SeatingError) as error:
        seat_round(
            SeatingRequest(
                players=[1, 2, 3, 4],
                method="manual",
                manual_round=side_by_side,
                teams=teams,
                team_seats=BONKO_SEATS,
            )
        )
    assert error.value.problems == [
        "partners 1 and 2 are not in their team's seats at table 1",
        "partners 3 and 4 are not in their team's seats at table 1",
    ]


def test_bad_teams_are_refused() -> None:
    with pytest.raises(SeatingError) as error:
        seat_round(SeatingRequest(players=range(8), teams=[(0, 1), (1, 2), (3, 3)]))
    assert error.value.problems == ["team 3 lists player 3 twice", "in more than one team: 1"]
    with pytest.raises(SeatingError):
        seat_round(SeatingRequest(players=range(9), teams=[(0, 1)], table_sizes=(3, 5)))
    with pytest.raises(SeatingError):
        seat_round(
            SeatingRequest(players=range(8), teams=[(0, 1)], team_seats={4: ((0, 1, 2), (3,))})
        )
