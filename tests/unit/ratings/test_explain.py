"""What moved a rating, session by session."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from ranking.arithmetic.ratings import RatingConfig, ScoredSession, explain_session, replay

RANKS = RatingConfig(model="plackett_luce")

WHEN = datetime(2024, 5, 1, 20, tzinfo=UTC)


def test_explanation_compares_placement_with_expectation() -> None:
    sessions = [
        ScoredSession(1, WHEN, (1, 2, 3, 4), (200, 50, -100, -150)),
        ScoredSession(2, WHEN, (1, 2, 3, 4), (-150, -100, 50, 200)),
    ]
    history = replay(sessions, RANKS).history
    second = [entry for entry in history if entry.session_id == 2]

    upset = explain_session(second, 4)
    assert upset.place == 1 and upset.actual_placement == 1.0
    assert upset.expected_placement > 2.9  # last time 4 finished last
    assert upset.verdict == "better" and upset.placement_gain > 1.9
    assert upset.rating_change > 0 and upset.mu_change > 0
    assert upset.rating_after == pytest.approx(upset.rating_before + upset.rating_change)
    assert [o.player_id for o in upset.opponents] == [1, 2, 3]
    assert upset.opponents[0].rating_before == second[0].ordinal_before
    assert upset.provisional

    fall = explain_session(second, 1)
    assert fall.verdict == "worse" and fall.mu_change < 0


def test_as_expected_when_the_placement_matches() -> None:
    history = replay([ScoredSession(1, WHEN, (1, 2, 3, 4), (0, 0, 0, 0))]).history
    explanation = explain_session(history, 3)
    assert explanation.verdict == "as_expected"
    assert explanation.placement_gain == 0.0


def test_explain_needs_one_session_with_the_player() -> None:
    history = replay(
        [
            ScoredSession(1, WHEN, (1, 2, 3, 4), (5, 0, 0, -5)),
            ScoredSession(2, WHEN, (1, 2, 3, 4), (5, 0, 0, -5)),
        ]
    ).history
    with pytest.raises(ValueError, match="exactly one session"):
        explain_session(history, 1)
    with pytest.raises(ValueError, match="did not play"):
        explain_session(history[:4], 9)
