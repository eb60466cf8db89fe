"""Places in the standings follow the game's ranking of the seats (a tie the game broke, as
Bonko's roll-off, is no shared first place), at tables of every size a game allows."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from ranking.arithmetic.standings import (
    EventRules,
    placement_points,
    seat_results,
    standings_from_results,
)

DAY = date(2026, 11, 20)


def test_a_roll_off_the_game_broke_is_no_shared_first_place() -> None:
    # Bonko: the teams tied at 34, the roll-off went to seats 1 and 3 (ranks 2, 1, 2, 1).
    seats = seat_results(
        session_id=1,
        round_id=1,
        played_on=DAY,
        player_ids=[10, 11, 12, 13],
        totals=[34, 34, 34, 34],
        ranks=[2, 1, 2, 1],
    )
    assert [(s.place, s.shared) for s in seats] == [(3, 2), (1, 2), (3, 2), (1, 2)]
    rows = {row.player_id: row for row in standings_from_results(seats)}
    assert rows[11].table_wins == rows[13].table_wins == 1
    assert rows[10].table_wins == rows[12].table_wins == 0
    assert rows[11].rank == 1 and rows[10].rank == 3


def test_head_to_head_counts_the_games_winner_of_a_tie() -> None:
    seats = seat_results(
        session_id=1, round_id=1, played_on=DAY, player_ids=[1, 2], totals=[5, 5], ranks=[2, 1]
    )
    rows = standings_from_results(seats, EventRules(order=("total", "head_to_head")))
    assert [(row.player_id, row.head_to_head) for row in rows] == [(2, 1.0), (1, 0.0)]


def test_without_stored_ranks_the_totals_decide() -> None:
    for ranks in (None, [1, None, 3], [1, 2]):  # missing, incomplete, or not one per seat
        seats = seat_results(
            session_id=1,
            round_id=1,
            played_on=DAY,
            player_ids=[1, 2, 3],
            totals=[10, 30, 10],
            ranks=ranks,
        )
        assert [(s.place, s.shared) for s in seats] == [(2, 2), (1, 1), (2, 2)]


def test_the_fifth_place_of_a_bonanza_table_counts() -> None:
    totals = [50, 40, 30, 20, 10, 0]
    seats = seat_results(
        session_id=1, round_id=1, played_on=DAY, player_ids=list(range(1, 7)), totals=totals
    )
    assert [s.place for s in seats] == [1, 2, 3, 4, 5, 6]
    points = (9.0, 7.0, 5.0, 4.0, 3.0, 2.0)
    rows = {
        row.player_id: row
        for row in standings_from_results(seats, EventRules(points_per_place=points))
    }
    assert [rows[p].placement_points for p in range(1, 7)] == list(points)


@given(
    st.lists(st.integers(min_value=1, max_value=9), min_size=2, max_size=9),
    st.lists(st.integers(min_value=-5, max_value=20), min_size=9, max_size=9),
)
def test_a_tables_placement_points_add_up_to_its_places_points(
    ranks: list[int], points: list[int]
) -> None:
    """Whatever the game's ranks (ties, gaps, roll-offs), a table hands out the points of its
    places exactly once: they add up to the points of places 1..n."""
    seats = seat_results(
        session_id=1,
        round_id=1,
        played_on=DAY,
        player_ids=list(range(len(ranks))),
        totals=[0] * len(ranks),
        ranks=ranks,
    )
    per_place = tuple(float(p) for p in points)
    handed_out = sum((placement_points(s.place, s.shared, per_place) for s in seats), Fraction(0))
    assert handed_out == sum(Fraction(p) for p in points[: len(ranks)])
    # The places are a competition ranking in the game's order.
    for a in seats:
        for b in seats:
            if ranks[a.player_id] < ranks[b.player_id]:
                assert a.place < b.place
            elif ranks[a.player_id] == ranks[b.player_id]:
                assert a.place == b.place
