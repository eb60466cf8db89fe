from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

from seating import SeatingRound, lower_bound, quality_report
from seating.quality import count_meetings, repeated_pairs


def test_counting_bound_matches_the_formula() -> None:
    for players in (8, 12, 16, 20, 24):
        for rounds in range(1, 12):
            formula = max(0, players * (3 * rounds - players + 1) // 2)
            assert lower_bound(players, rounds) >= formula
            if 3 * rounds >= players - 1 and players >= 16:
                assert lower_bound(players, rounds) == formula


def test_one_table_repeats_every_pair_each_round() -> None:
    assert [lower_bound(4, r) for r in range(1, 5)] == [0, 6, 12, 18]


def _partitions(players: list[int]) -> list[list[list[int]]]:
    if not players:
        return [[]]
    first, rest = players[0], players[1:]
    out = []
    for others in combinations(rest, 3):
        remaining = [p for p in rest if p not in others]
        for tail in _partitions(remaining):
            out.append([[first, *others], *tail])
    return out


def test_pigeonhole_bound_is_exact_for_two_rounds() -> None:
    for players in (8, 12):
        first = SeatingRound(tables=[list(range(i, i + 4)) for i in range(0, players, 4)])
        best = min(
            repeated_pairs(count_meetings([first, SeatingRound(tables=tables)]))
            for tables in _partitions(list(range(players)))
        )
        assert lower_bound(players, 2) == best
    assert lower_bound(8, 2) == 4
    assert lower_bound(12, 2) == 3


@given(
    players=st.integers(min_value=4, max_value=20),
    rounds=st.integers(min_value=1, max_value=6),
    data=st.data(),
)
def test_no_schedule_beats_the_lower_bound(players: int, rounds: int, data: st.DataObject) -> None:
    schedule = []
    for _ in range(rounds):
        order = data.draw(st.permutations(list(range(players))))
        seated = players - players % 4
        tables = [list(order[i : i + 4]) for i in range(0, seated, 4)]
        schedule.append(SeatingRound(tables=tables, byes=list(order[seated:])))
    report = quality_report(schedule)
    assert report.repeated_pairs >= report.lower_bound


def test_quality_report_counts_repeats_and_consecutive_meetings() -> None:
    a = SeatingRound(tables=[[1, 2, 3, 4], [5, 6, 7, 8]])
    b = SeatingRound(tables=[[1, 2, 5, 6], [3, 4, 7, 8]])
    report = quality_report([a, b, b])
    assert report.players == 8
    assert report.rounds == 3
    # (1,2), (3,4), (5,6), (7,8) meet three times; the other pairs of b twice.
    assert report.repeated_pairs == 4 * 2 + 8 * 1
    assert report.max_meetings == 3
    assert report.consecutive_repeats == 4 + 12
    assert report.lower_bound == lower_bound(8, 3)
