"""Sets of a night: round n of the event is round r of set s, and round r has target r."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tournaments.rounds.night_sets import round_in_set


@given(number=st.integers(1, 500), per_set=st.integers(1, 6))
def test_every_round_is_one_round_of_one_set(number: int, per_set: int) -> None:
    set_number, target = round_in_set(number, per_set)
    assert 1 <= target <= per_set and set_number >= 1
    assert (set_number - 1) * per_set + target == number


def test_two_sets_of_six() -> None:
    assert [round_in_set(n, 6) for n in (1, 6, 7, 12, 13)] == [
        (1, 1),
        (1, 6),
        (2, 1),
        (2, 6),
        (3, 1),
    ]
