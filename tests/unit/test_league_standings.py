"""A league season's standings, counted in nights: pure arithmetic, no database."""

from datetime import date

from hypothesis import given
from hypothesis import strategies as st

from ranking.arithmetic.standings import (
    LeagueRules,
    SeasonRules,
    league_standings,
    nights_played,
    seat_results,
)

DAY = date(2026, 2, 1)


def table(session: int, night: int, players: list[str], totals: list[int], day: date = DAY):
    return seat_results(
        session_id=session, round_id=night, played_on=day, player_ids=players, totals=totals
    )


def results():
    return [
        *table(1, 10, ["a", "b", "c", "d"], [50, 20, -30, -40]),
        *table(2, 10, ["a", "b", "c", "d"], [10, 20, -10, -20]),
        *table(3, 11, ["a", "b", "e", "f"], [-50, 100, 0, -50]),
        *table(4, 12, ["b", "c", "e", "f"], [0, 60, -30, -30]),
    ]


def test_best_nights_sum_each_players_best_night_totals():
    rows = league_standings(
        results(), LeagueRules(SeasonRules(rank_by=("best_rounds",), best_rounds=1))
    )
    by = {row.player_id: row for row in rows}
    assert by["b"].best_rounds_total == 100 and by["b"].rounds == 3
    assert by["a"].best_rounds_total == 60  # night 10: 50 + 10
    assert [row.player_id for row in rows][:2] == ["b", "a"]


def test_a_player_below_the_minimum_of_nights_is_listed_after_without_a_rank():
    rows = league_standings(results(), LeagueRules(SeasonRules(), min_nights=2))
    ranked = [row.player_id for row in rows if row.rank is not None]
    unranked = [row.player_id for row in rows if row.rank is None]
    assert set(ranked) == {"a", "b", "c", "e", "f"} and unranked == ["d"]
    assert rows[-1].player_id == "d" and rows[-1].tied is False
    assert [row.rank for row in rows if row.rank] == sorted(row.rank for row in rows if row.rank)


def test_nights_played_counts_distinct_nights():
    assert nights_played(results()) == {"a": 2, "b": 3, "c": 2, "d": 1, "e": 2, "f": 2}


def test_the_season_dates_bound_the_results():
    late = table(5, 13, ["a", "b", "c", "d"], [300, 0, 0, -300], day=date(2027, 1, 1))
    rules = LeagueRules(SeasonRules(start=DAY, end=date(2026, 12, 31)))
    rows = league_standings(results() + late, rules)
    assert {row.player_id: row.total for row in rows}["a"] == 10


@given(
    st.lists(
        st.tuples(st.integers(0, 5), st.lists(st.integers(-100, 100), min_size=4, max_size=4)),
        min_size=1,
        max_size=12,
    ),
    st.integers(0, 4),
)
def test_every_player_is_listed_once_and_no_one_below_the_minimum_is_ranked(games, least):
    players = ["a", "b", "c", "d", "e", "f"]
    seats = []
    for n, (night, totals) in enumerate(games):
        seated = [players[(n + k) % 6] for k in range(4)]
        seats += table(n, night, seated, totals)
    rows = league_standings(seats, LeagueRules(SeasonRules(), min_nights=least))
    nights = nights_played(seats)
    assert sorted(row.player_id for row in rows) == sorted(nights)
    for row in rows:
        assert (row.rank is not None) == (nights[row.player_id] >= least)
        assert row.rounds == nights[row.player_id]
    ranked = [row for row in rows if row.rank is not None]
    assert rows[: len(ranked)] == ranked
