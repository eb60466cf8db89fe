"""Hypothesis strategies shared by the rating tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import strategies as st

from ranking.arithmetic.ratings import ScoredSession

mus = st.floats(min_value=0.0, max_value=50.0, allow_nan=False, allow_infinity=False)
sigmas = st.floats(min_value=0.05, max_value=25.0 / 3.0, allow_nan=False, allow_infinity=False)
# Totals from a small range so that ties are common.
tied_totals = st.lists(st.sampled_from([-100, -50, 0, 50, 100]), min_size=4, max_size=4)
distinct_totals = st.permutations([-150, -50, 40, 160])


@st.composite
def tables(draw: st.DrawFn, totals: st.SearchStrategy[list[int]] = tied_totals) -> tuple:
    """(mus, sigmas, totals) of one four-seat table."""
    return (
        draw(st.lists(mus, min_size=4, max_size=4)),
        draw(st.lists(sigmas, min_size=4, max_size=4)),
        draw(totals),
    )


@st.composite
def session_lists(draw: st.DrawFn, max_sessions: int = 25) -> list[ScoredSession]:
    """Sessions of a small pool (so players meet again), in played order."""
    count = draw(st.integers(min_value=0, max_value=max_sessions))
    start = datetime(2024, 1, 1, 19, 30, tzinfo=UTC)
    sessions = []
    minutes = 0
    for index in range(count):
        players = draw(st.permutations(range(8)))[:4]
        totals = draw(st.lists(st.integers(-40, 40).map(lambda t: 5 * t), min_size=3, max_size=3))
        minutes += draw(st.integers(min_value=0, max_value=3 * 24 * 60))
        sessions.append(
            ScoredSession(
                session_id=index + 1,
                played_at=start + timedelta(minutes=minutes),
                player_ids=tuple(players),
                totals=(*totals, -sum(totals)),
            )
        )
    return sessions
