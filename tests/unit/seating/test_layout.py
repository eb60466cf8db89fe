"""table_layout: the table sizes for a number of players and a game's allowed sizes."""

from itertools import combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seating import SeatingError, byes_needed, table_layout

JONKLER = ((3, 4, 5, 6), 4)
BONANZA = (tuple(range(2, 10)), 5)
BONKEN = ((4,), 4)


@pytest.mark.parametrize(
    ("game", "players", "layout"),
    [
        (JONKLER, 14, [5, 5, 4]),
        (JONKLER, 7, [4, 3]),
        (JONKLER, 3, [3]),
        (JONKLER, 6, [6]),
        (JONKLER, 10, [5, 5]),
        (JONKLER, 11, [4, 4, 3]),
        (JONKLER, 15, [4, 4, 4, 3]),
        (JONKLER, 16, [4, 4, 4, 4]),
        (JONKLER, 2, []),
        (BONANZA, 12, [6, 6]),
        (BONANZA, 13, [5, 4, 4]),
        (BONANZA, 10, [5, 5]),
        (BONANZA, 8, [4, 4]),
        (BONANZA, 2, [2]),
        (BONKEN, 17, [4, 4, 4, 4]),
        (BONKEN, 16, [4, 4, 4, 4]),
        (BONKEN, 3, []),
        (((4, 8), 4), 12, [4, 4, 4]),
        (((3, 5), 4), 4, [3]),
    ],
)
def test_layouts(game: tuple[tuple[int, ...], int], players: int, layout: list[int]) -> None:
    sizes, preferred = game
    assert table_layout(players, sizes, preferred) == layout


def test_bonken_and_bonko_byes_are_players_mod_four() -> None:
    for players in range(60):
        assert byes_needed(players, (4,), 4) == players % 4


def test_no_sizes_or_bad_sizes_are_refused() -> None:
    with pytest.raises(SeatingError):
        table_layout(8, ())
    with pytest.raises(SeatingError):
        table_layout(8, (0, 4))
    with pytest.raises(SeatingError):
        table_layout(-1, (4,))


def _seatable(players: int, sizes: tuple[int, ...]) -> bool:
    reachable = {0}
    for total in range(1, players + 1):
        if any(total - s in reachable for s in sizes):
            reachable.add(total)
    return players in reachable


def _cost(layout: list[int], preferred: int) -> tuple[int, int, int]:
    return (
        sum(abs(s - preferred) for s in layout),
        len(layout),
        sum((s - preferred) ** 2 for s in layout),
    )


@settings(max_examples=150, deadline=None)
@given(
    sizes=st.sets(st.integers(min_value=2, max_value=9), min_size=1, max_size=5),
    players=st.integers(min_value=0, max_value=40),
    data=st.data(),
)
def test_layout_properties(sizes: set[int], players: int, data: st.DataObject) -> None:
    allowed = tuple(sorted(sizes))
    preferred = data.draw(st.sampled_from(allowed))
    layout = table_layout(players, allowed, preferred)
    assert all(size in allowed for size in layout)
    assert layout == sorted(layout, reverse=True)
    assert sum(layout) <= players
    # Never a bye when a mix of allowed sizes seats everyone; otherwise the fewest byes.
    if _seatable(players, allowed):
        assert sum(layout) == players
    else:
        assert not any(_seatable(m, allowed) for m in range(sum(layout) + 1, players + 1))
    # No other layout of the same players is closer to the preferred size (small cases).
    if players <= 16 and len(allowed) <= 3:
        seated = sum(layout)
        for count in range(1, seated // allowed[0] + 1):
            for other in combinations_with_replacement(allowed, count):
                if sum(other) == seated:
                    assert _cost(layout, preferred) <= _cost(list(other), preferred)
