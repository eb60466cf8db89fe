"""Sessions played by players of known strength (the ratings' benchmark): finished documents
the game scores itself (zero-sum chips), whose chips follow strength when skill shows."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.bonanza.rules import GAME
from games.bonanza.rules.simulation import played_session, session_hands


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 2**32),
    st.lists(st.floats(-3.0, 3.0), min_size=2, max_size=9),
    st.floats(0.0, 1.0),
)
def test_every_played_session_is_finished_and_zero_sum(
    seed: int, strengths: list[float], skill: float
) -> None:
    document = played_session(random.Random(seed), strengths, skill=skill)
    outcome = GAME.score(document)
    assert outcome.valid and outcome.complete, outcome.errors
    assert outcome.totals is not None and sum(outcome.totals) == 0
    seats = len(strengths)
    hands = session_hands(seats)
    assert len(document["hands"]) == hands and hands % seats == 0 and hands >= 10


def test_the_stronger_player_wins_chips_when_skill_shows() -> None:
    rng = random.Random(8)
    strengths = [1.5, 0.0, 0.0, 0.0, -1.5]
    totals = [GAME.score(played_session(rng, strengths, skill=1.0)).totals for _ in range(80)]
    assert sum(t[0] for t in totals) > 0 > sum(t[4] for t in totals)


def test_a_session_needs_two_to_nine_players() -> None:
    for seats in (1, 10):
        with pytest.raises(ValueError):
            played_session(random.Random(1), [0.0] * seats, skill=0.3)
