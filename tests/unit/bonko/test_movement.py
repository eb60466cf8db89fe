"""Progressive movement: every team plays once next round, by the seed's rule."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.bonko.rules import next_tables


@st.composite
def results(draw: st.DrawFn) -> list[tuple[int, int]]:
    """A round's results at 1 to 40 tables: (winners, losers) by table number."""
    count = draw(st.integers(1, 40))
    teams = draw(st.permutations(range(2 * count)))
    return [(teams[2 * index], teams[2 * index + 1]) for index in range(count)]


@given(played=results())
def test_movement_invariants(played: list[tuple[int, int]]) -> None:
    tables = next_tables(played)
    assert len(tables) == len(played)
    seated = [team for pair in tables for team in pair]
    assert sorted(seated) == sorted(team for pair in played for team in pair)
    king_winners, king_losers = played[0]
    assert tables[0][0] == king_winners  # the King's winners stay and roll first
    assert king_losers in tables[-1]  # the King's losers go to the lowest table
    if len(played) > 1:
        assert tables[-1][1] == king_losers  # ... and moved there, so roll second
    for number in range(1, len(played)):
        winners, losers = played[number]
        assert tables[number - 1][1] == winners  # winners move up one table, roll second
        assert tables[number][0] == losers  # losers stay and roll first


def test_three_tables() -> None:
    played = [("A", "B"), ("C", "D"), ("E", "F")]
    assert next_tables(played) == [("A", "C"), ("D", "E"), ("F", "B")]


def test_one_and_two_tables() -> None:
    assert next_tables([]) == []
    assert next_tables([("A", "B")]) == [("A", "B")]
    assert next_tables([("A", "B"), ("C", "D")]) == [("A", "C"), ("D", "B")]


def test_refuses_a_team_twice_or_an_unknown_rule() -> None:
    with pytest.raises(ValueError):
        next_tables([("A", "B"), ("B", "C")])
    with pytest.raises(ValueError):
        next_tables([("A", "B")], rule="random")
