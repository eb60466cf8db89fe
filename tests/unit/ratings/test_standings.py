"""Season and event standings arithmetic."""

from __future__ import annotations

from datetime import date, timedelta
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ranking.arithmetic.standings import (
    ByeCredit,
    ByeRecord,
    EventRow,
    EventRules,
    SeasonRules,
    SeatResult,
    middle_place_points,
    placement_points,
    season_standings,
    seat_results,
    standings_from_results,
)

DAY = date(2024, 9, 2)


def table(
    session_id: int, round_id: int, players: tuple[int, ...], totals: tuple[int, ...]
) -> list[SeatResult]:
    return seat_results(
        session_id=session_id,
        round_id=round_id,
        played_on=DAY + timedelta(days=7 * round_id),
        player_ids=players,
        totals=totals,
    )


def test_seat_results_derive_places_ties_and_opponents() -> None:
    seats = table(1, 0, (1, 2, 3, 4), (100, 100, -50, -150))
    assert [(s.place, s.shared) for s in seats] == [(1, 2), (1, 2), (3, 1), (4, 1)]
    assert seats[2].opponents == (1, 2, 4)


def test_shared_places_share_their_points() -> None:
    points = (3.0, 2.0, 1.0, 0.0)
    assert placement_points(1, 1, points) == 3
    assert placement_points(1, 2, points) == Fraction(5, 2)
    assert placement_points(2, 3, points) == 1
    assert placement_points(1, 4, points) == Fraction(3, 2)
    assert placement_points(5, 1, points) == 0
    assert middle_place_points(points) == Fraction(3, 2)
    assert middle_place_points((4.0, 2.0, 1.0, 0.0)) == Fraction(3, 2)
    assert middle_place_points((5.0, 3.0, 0.0)) == 3


def season_results() -> list[SeatResult]:
    return [
        *table(1, 0, (1, 2, 3, 4), (200, 50, -100, -150)),
        *table(2, 0, (5, 6, 7, 8), (100, 100, -100, -100)),
        *table(3, 1, (1, 5, 3, 6), (-300, 150, 100, 50)),
        *table(4, 1, (2, 4, 7, 8), (60, 40, -40, -60)),
        *table(5, 2, (1, 2, 5, 6), (300, -100, -100, -100)),
    ]


def test_season_by_total_with_everything_counted() -> None:
    rows = season_standings(season_results(), SeasonRules(best_rounds=2))
    by_player = {row.player_id: row for row in rows}
    assert by_player[1].total == 200 and by_player[1].sessions == 3 and by_player[1].rounds == 3
    assert by_player[1].best_rounds_total == 500  # 300 + 200, the -300 evening dropped
    assert by_player[1].table_wins == 2
    assert by_player[1].placement_points == 3 + 0 + 3
    assert by_player[5].placement_points == 2.5 + 3 + 1  # shared first, first, shared second
    assert by_player[5].average == pytest.approx(150 / 3)
    assert [row.player_id for row in rows][:2] == [1, 5]
    assert rows[0].rank == 1


def test_season_average_with_a_minimum_lists_but_does_not_rank_the_rest() -> None:
    rows = season_standings(
        season_results(), SeasonRules(rank_by=("average",), min_sessions=3), players=[99]
    )
    ranked = [row for row in rows if row.ranked]
    assert [row.player_id for row in ranked] == [1, 5, 6, 2]  # 66.7, 50, 16.7, 3.3
    assert [row.rank for row in ranked] == [1, 2, 3, 4]
    unranked = rows[len(ranked) :]
    assert {row.player_id for row in unranked} == {3, 4, 7, 8, 99}
    assert all(row.rank is None and not row.tied for row in unranked)
    assert rows[-1].player_id == 99 and rows[-1].average is None


def test_season_date_range_and_best_rounds_and_placement_points() -> None:
    results = season_results()
    first_two_rounds = SeasonRules(end=DAY + timedelta(days=7), rank_by=("best_rounds",))
    rows = season_standings(results, first_two_rounds)
    assert {row.player_id: row.total for row in rows}[1] == -100
    by_points = season_standings(results, SeasonRules(rank_by=("placement_points", "total")))
    assert by_points[0].player_id == 5
    late = season_standings(results, SeasonRules(start=DAY + timedelta(days=14)))
    assert {row.player_id for row in late} == {1, 2, 5, 6}


def test_season_ties_share_a_rank() -> None:
    results = [*table(1, 0, (1, 2, 3, 4), (50, 50, -50, -50))]
    rows = season_standings(results, SeasonRules())
    assert [(row.player_id, row.rank, row.tied) for row in rows] == [
        (1, 1, True),
        (2, 1, True),
        (3, 3, True),
        (4, 3, True),
    ]


def test_season_rules_are_validated() -> None:
    with pytest.raises(ValueError):
        SeasonRules(rank_by=("wins",))  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        SeasonRules(best_rounds=0)


def event_results() -> list[SeatResult]:
    return [
        *table(1, 1, (1, 2, 3, 4), (120, 80, -100, -100)),
        *table(2, 1, (5, 6, 7, 8), (200, 0, 0, -200)),
        *table(3, 2, (1, 5, 3, 7), (-50, 100, 0, -50)),
        *table(4, 2, (2, 6, 4, 8), (150, 0, -50, -100)),
    ]


def test_event_total_then_table_wins() -> None:
    rows = standings_from_results(event_results())
    assert [row.player_id for row in rows][:3] == [5, 2, 1]
    assert rows[0].total == 300 and rows[0].table_wins == 2 and rows[0].sessions == 2
    assert rows[1].total == 230 and rows[2].total == 70


def test_event_tie_break_order_is_configurable() -> None:
    results = [
        *table(1, 1, (1, 2, 3, 4), (100, 0, -40, -60)),
        *table(2, 2, (1, 2, 3, 4), (-40, 60, 40, -60)),
    ]
    # Players 1 and 2 both total 60 and 3 both 0... check the pair 1/2.
    by_wins = standings_from_results(results, EventRules(order=("total", "table_wins")))
    assert [(r.player_id, r.rank) for r in by_wins][:2] == [(1, 1), (2, 1)]
    assert by_wins[0].tied
    by_h2h = standings_from_results(results, EventRules(order=("total", "head_to_head")))
    # They met twice: 1 beat 2 once, 2 beat 1 once: still tied.
    assert [r.rank for r in by_h2h][:2] == [1, 1]
    assert by_h2h[0].head_to_head == 1.0
    by_points = standings_from_results(
        results, EventRules(order=("total", "placement_points"), points_per_place=(5, 2, 1, 0))
    )
    assert [(r.player_id, r.rank) for r in by_points][:2] == [(2, 1), (1, 2)]  # 2+5 beats 5+1


def test_head_to_head_counts_only_meetings_within_the_tied_group() -> None:
    results = [
        *table(1, 1, (1, 2, 5, 6), (100, -50, 0, -50)),  # 1 beats 2
        *table(2, 2, (1, 3, 2, 4), (-100, 20, 100, -20)),  # 2 beats 1
        *table(3, 3, (2, 7, 8, 1), (-40, 30, 0, 10)),  # 1 beats 2
    ]
    rows = standings_from_results(results, EventRules(order=("total", "head_to_head")))
    summary = [(row.player_id, row.total, row.rank, row.head_to_head) for row in rows]
    assert summary == [
        (7, 30.0, 1, None),
        (3, 20.0, 2, None),
        (1, 10.0, 3, 2.0),  # tied on total with 2, won two of their three meetings
        (2, 10.0, 4, 1.0),
        (5, 0.0, 5, 0.0),  # tied on total with 8; they never met, so they stay tied
        (8, 0.0, 5, 0.0),
        (4, -20.0, 7, None),
        (6, -50.0, 8, None),
    ]
    assert [row.tied for row in rows] == [False, False, False, False, True, True, False, False]


def test_average_opponent_rating_breaks_ties() -> None:
    results = [
        *table(1, 1, (1, 2, 3, 4), (50, -50, 30, -30)),
        *table(2, 1, (5, 6, 7, 8), (50, -50, 30, -30)),
    ]
    ratings = {2: 1500.0, 3: 1500.0, 4: 1500.0, 6: 1000.0, 7: 1000.0, 8: 1000.0}
    rows = standings_from_results(
        results, EventRules(order=("total", "avg_opponent_rating")), opponent_ratings=ratings
    )
    assert [(row.player_id, row.rank) for row in rows][:2] == [(1, 1), (5, 2)]
    assert rows[0].avg_opponent_rating == 1500.0 and rows[1].avg_opponent_rating == 1000.0
    unrated = standings_from_results(results, EventRules(order=("total", "avg_opponent_rating")))
    assert unrated[0].rank == unrated[1].rank == 1 and unrated[0].avg_opponent_rating is None


@pytest.mark.parametrize(
    ("credit", "total", "points"),
    [
        (ByeCredit("none"), 120.0, 3.0),
        (ByeCredit("average"), 240.0, 6.0),
        (ByeCredit("fixed", points=25.0, placement_points=1.0), 145.0, 4.0),
        (ByeCredit("middle_place"), 120.0, 4.5),
    ],
)
def test_byes_are_credited_as_configured(credit: ByeCredit, total: float, points: float) -> None:
    results = table(1, 1, (1, 2, 3, 4), (120, 80, -100, -100))
    rows = standings_from_results(results, EventRules(bye=credit), byes=[ByeRecord(1, 2)])
    mine = next(row for row in rows if row.player_id == 1)
    assert (mine.total, mine.placement_points, mine.byes, mine.sessions) == (total, points, 1, 1)
    assert mine.table_wins == 1


def test_a_bye_before_playing_gets_the_neutral_credit() -> None:
    rows = standings_from_results([], EventRules(bye=ByeCredit("average")), byes=[ByeRecord(9, 1)])
    assert (rows[0].total, rows[0].placement_points, rows[0].sessions) == (0.0, 1.5, 0)


def test_entrants_without_results_are_listed() -> None:
    rows = standings_from_results(event_results(), players=[42])
    newcomer = next(row for row in rows if row.player_id == 42)
    assert (newcomer.sessions, newcomer.total, newcomer.rank) == (0, 0.0, 5)


def test_event_rules_are_validated() -> None:
    with pytest.raises(ValueError):
        EventRules(order=("total", "total"))
    with pytest.raises(ValueError):
        EventRules(order=("luck",))  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        ByeCredit("double")  # type: ignore[arg-type]


totals_strategy = st.lists(st.integers(-20, 20).map(lambda t: 5 * t), min_size=3, max_size=3)


@st.composite
def random_events(draw: st.DrawFn) -> list[SeatResult]:
    results: list[SeatResult] = []
    for session_id in range(draw(st.integers(0, 12))):
        players = tuple(draw(st.permutations(range(8)))[:4])
        partial = draw(totals_strategy)
        results.extend(table(session_id, session_id // 2, players, (*partial, -sum(partial))))
    return results


def _criterion_values(row: EventRow, order: tuple[str, ...]) -> tuple:
    values = []
    for name in order:
        value = getattr(row, name)
        values.append((value is not None, value if value is not None else 0))
    return tuple(values)


@settings(max_examples=100, deadline=None)
@given(random_events(), st.permutations(list(EventRules().order)))
def test_event_ranks_are_consistent_with_ties(results: list[SeatResult], order: list) -> None:
    rules = EventRules(order=tuple(order))
    ratings = {p: 1000.0 + 10 * (p % 3) for p in range(8)}
    rows = standings_from_results(results, rules, opponent_ratings=ratings)
    for index, row in enumerate(rows):
        # Competition ranking: one more than the number of players strictly above.
        assert row.rank == 1 + sum(1 for other in rows if other.rank < row.rank)
        assert row.tied == any(o.rank == row.rank for o in rows if o is not row)
        if index:
            above = _criterion_values(rows[index - 1], rules.order)
            here = _criterion_values(row, rules.order)
            # Equal on every tie-break key <=> same rank; otherwise the row above is better.
            assert (rows[index - 1].rank == row.rank) == (above == here)
            assert above >= here
    # The order of the input does not change the standings.
    assert standings_from_results(list(reversed(results)), rules, opponent_ratings=ratings) == rows


@settings(max_examples=100, deadline=None)
@given(random_events())
def test_season_ranks_follow_the_key_and_ties_share(results: list[SeatResult]) -> None:
    rows = season_standings(results, SeasonRules(rank_by=("total",)))
    for higher, lower in zip(rows, rows[1:], strict=False):
        assert higher.total >= lower.total
        assert (higher.rank == lower.rank) == (higher.total == lower.total)


def test_the_middle_place_follows_the_games_table_size():
    points = (3.0, 2.0, 1.0, 0.0)
    assert middle_place_points(points, 4) == Fraction(3, 2)  # 2.5th of four
    assert middle_place_points(points, 5) == 1  # 3rd of five
    assert middle_place_points(points, 3) == 2  # 2nd of three
    assert middle_place_points(points, 6) == Fraction(1, 2)  # 3.5th of six: (1 + 0) / 2
    assert middle_place_points((10.0, 6.0, 4.0, 3.0, 2.0, 1.0), 2) == 8


def test_a_middle_place_bye_at_a_game_of_five_credits_the_third_place():
    rules = EventRules(
        points_per_place=(5.0, 4.0, 3.0, 2.0, 1.0), bye=ByeCredit(kind="middle_place"), table_size=5
    )
    results = [
        SeatResult(
            player_id=p,
            session_id=1,
            round_id=1,
            played_on=None,
            total=t,
            place=i + 1,
            shared=1,
            opponents=(),
        )
        for i, (p, t) in enumerate(zip([1, 2, 3, 4, 5], [50, 40, 30, 20, 10], strict=True))
    ]
    rows = standings_from_results(results, rules, byes=[ByeRecord(player_id=6, round_id=1)])
    bye_row = next(row for row in rows if row.player_id == 6)
    assert bye_row.placement_points == 3 and bye_row.total == 0
