"""Sessions played by players of known strength (the ratings' benchmark): valid documents the
game scores itself, whose points follow strength when skill shows."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.jonkler.rules import GAME, forbidden_bid
from games.jonkler.rules.simulation import played_session


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 2**32),
    st.lists(st.floats(-3.0, 3.0), min_size=3, max_size=6),
    st.floats(0.0, 1.0),
)
def test_every_played_session_is_a_valid_complete_session(
    seed: int, strengths: list[float], skill: float
) -> None:
    document = played_session(random.Random(seed), strengths, skill=skill)
    outcome = GAME.score(document)
    assert outcome.valid and outcome.complete, outcome.errors
    assert outcome.totals is not None and len(outcome.totals) == len(strengths)
    seats = len(strengths)
    for number, played in enumerate(document["rounds"], start=1):
        assert sum(played["tricks"]) == number
        dealer = (document["first_dealer"] + number - 1) % seats
        others = [bid for seat, bid in enumerate(played["bids"]) if seat != dealer]
        assert played["bids"][dealer] != forbidden_bid(number, others)


def test_the_stronger_player_scores_more_when_skill_shows() -> None:
    rng = random.Random(3)
    totals = [
        GAME.score(played_session(rng, [1.5, 0.0, -1.5], skill=0.6)).totals for _ in range(150)
    ]
    assert sum(t[0] for t in totals) > sum(t[1] for t in totals) > sum(t[2] for t in totals)


def test_a_session_is_reproducible_and_needs_three_to_six_players() -> None:
    assert played_session(random.Random(5), [0.0] * 4, skill=0.3) == played_session(
        random.Random(5), [0.0] * 4, skill=0.3
    )
    for seats in (2, 7):
        with pytest.raises(ValueError):
            played_session(random.Random(1), [0.0] * seats, skill=0.3)
