"""Applying sessions one by one, replaying, and reading ratings back as of a date."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ranking.arithmetic.ratings import (
    DEFAULT_CONFIG,
    PlayerSkill,
    RatingConfig,
    RatingState,
    ScoredSession,
    SessionOutOfOrder,
    apply_session,
    initial_rating,
    rating_as_of,
    ratings_as_of,
    replay,
    state_from_history,
)
from ranking.arithmetic.ratings.simulate import simulate_club
from tests.unit.ratings.strategies import session_lists

T0 = datetime(2024, 3, 1, 20, 0, tzinfo=UTC)


def session(
    session_id: int, players: tuple[int, ...], totals: tuple[int, ...], day: int = 0
) -> ScoredSession:
    return ScoredSession(session_id, T0 + timedelta(days=day), players, totals)


@settings(max_examples=60, deadline=None)
@given(session_lists())
def test_replay_is_bit_identical_to_incremental_application(sessions: list) -> None:
    state = RatingState()
    history = []
    for result in sessions:
        history.extend(apply_session(state, result))
    rebuilt = replay(sessions)
    assert rebuilt.history == history
    assert rebuilt.state == state


@settings(max_examples=60, deadline=None)
@given(session_lists(), st.data())
def test_continuing_from_stored_rows_equals_a_rebuild(sessions: list, data: st.DataObject) -> None:
    """What the database layer does: store the state, load it later, apply the next sessions."""
    split = data.draw(st.integers(min_value=0, max_value=len(sessions)))
    first = replay(sessions[:split])
    # A round trip through plain values, as rows in a table would do.
    stored = {pid: PlayerSkill(**_fields(rating)) for pid, rating in first.state.players.items()}
    loaded = RatingState(
        players=stored,
        sessions_applied=first.state.sessions_applied,
        last_played_at=first.state.last_played_at,
        last_session_id=first.state.last_session_id,
    )
    rest = replay(sessions[split:], state=loaded)
    full = replay(sessions)
    assert first.history + rest.history == full.history
    assert rest.state == full.state


@settings(max_examples=40, deadline=None)
@given(session_lists(), st.data())
def test_resuming_from_stored_history_equals_a_rebuild(sessions: list, data: st.DataObject) -> None:
    split = data.draw(st.integers(min_value=0, max_value=len(sessions)))
    first = replay(sessions[:split])
    resumed = state_from_history(first.history)
    assert resumed == first.state
    rest = replay(sessions[split:], state=resumed)
    full = replay(sessions)
    assert first.history + rest.history == full.history and rest.state == full.state


def _fields(rating: PlayerSkill) -> dict:
    return {name: getattr(rating, name) for name in rating.__dataclass_fields__}


def test_a_session_played_before_the_newest_rated_one_is_refused() -> None:
    state = RatingState()
    apply_session(state, session(1, (1, 2, 3, 4), (10, 0, -5, -5), day=2))
    apply_session(state, session(2, (5, 6, 7, 8), (10, 0, -5, -5), day=2))  # same moment: fine
    with pytest.raises(SessionOutOfOrder):
        apply_session(state, session(3, (1, 2, 3, 4), (10, 0, -5, -5), day=1))
    assert state.sessions_applied == 2


def test_history_entries_describe_the_session() -> None:
    state = RatingState()
    entries = apply_session(state, session(7, (11, 12, 13, 14), (100, 100, -50, -150)))
    assert [e.player_id for e in entries] == [11, 12, 13, 14]
    assert [e.seat for e in entries] == [0, 1, 2, 3]
    assert [e.place for e in entries] == [1, 1, 3, 4]
    assert [e.actual_placement for e in entries] == [1.5, 1.5, 3.0, 4.0]
    assert [e.expected_placement for e in entries] == [2.5] * 4
    assert all(e.mu_before == DEFAULT_CONFIG.mu and e.sessions_played == 1 for e in entries)
    assert all(e.ordinal_before == 1000.0 for e in entries)
    assert entries[0].placement_gain == 1.0 and entries[3].placement_gain == -1.5
    assert entries[0].mu_change > 0 > entries[3].mu_change
    assert entries[0].ordinal_change == entries[0].ordinal_after - 1000.0
    assert state.players[14] == entries[3].rating_after()


def test_displayed_rating_scale() -> None:
    config = RatingConfig()
    assert initial_rating(1).ordinal == 1000.0
    assert config.display(30.0, 2.0) == 1000.0 + 40.0 * (30.0 - 6.0)
    custom = RatingConfig(display_offset=1500.0, display_scale=10.0, display_z=2.0)
    assert custom.display(25.0, 25.0 / 3.0) == pytest.approx(1500.0 + 10.0 * (25.0 - 50.0 / 3.0))


def test_players_are_provisional_for_their_first_sessions() -> None:
    config = RatingConfig(provisional_sessions=3)
    state = RatingState()
    flags = []
    for index in range(4):
        entries = apply_session(
            state, session(index, (1, 2, 3, 4), (20, 10, -10, -20), day=index), config
        )
        flags.append(entries[0].provisional)
    assert flags == [True, True, False, False]
    assert not state.players[1].provisional and state.players[1].sessions_played == 4
    assert initial_rating(9, config).provisional
    assert not initial_rating(9, RatingConfig(provisional_sessions=0)).provisional


def test_ratings_as_of_a_date_or_a_moment() -> None:
    sessions = [
        session(1, (1, 2, 3, 4), (30, 10, -10, -30), day=0),
        session(2, (1, 2, 5, 6), (-30, 10, -10, 30), day=1),
        session(3, (1, 7, 8, 9), (30, 10, -10, -30), day=5),
    ]
    history = replay(sessions).history
    on_day_one = ratings_as_of(history, (T0 + timedelta(days=1)).date())
    assert set(on_day_one) == {1, 2, 3, 4, 5, 6}
    assert on_day_one[1] == history[4].rating_after()  # player 1 after session 2
    assert on_day_one[1].sessions_played == 2
    just_before = ratings_as_of(history, T0 + timedelta(days=1) - timedelta(seconds=1))
    assert just_before[1] == history[0].rating_after()
    assert ratings_as_of(history, date(2000, 1, 1)) == {}
    assert rating_as_of(history, 7, T0) == initial_rating(7)
    assert rating_as_of(history, 7, T0 + timedelta(days=9)) == history[9].rating_after()


def test_configuration_is_validated() -> None:
    with pytest.raises(ValueError, match="margin"):
        RatingConfig(margin=50.0)
    with pytest.raises(ValueError, match="unknown rating model"):
        RatingConfig(model="glicko")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        RatingConfig(tau=0.0)
    assert RatingConfig(model="bradley_terry_full", margin=25.0).margin == 25.0


def test_sessions_are_validated() -> None:
    with pytest.raises(ValueError, match="two seats"):
        session(1, (1, 1, 2, 3), (0, 0, 0, 0))
    with pytest.raises(ValueError, match="one total per seat"):
        session(1, (1, 2, 3, 4), (0, 0, 0))


def test_bradley_terry_with_a_margin_replays_too() -> None:
    config = RatingConfig(model="bradley_terry_full", margin=25.0)
    club = simulate_club(seed=3, players=12, evenings=6)
    result = replay(club.sessions, config)
    assert len(result.history) == 4 * len(club.sessions)
    assert replay(club.sessions, config).history == result.history


def test_a_simulated_club_ranks_its_strong_players_high() -> None:
    club = simulate_club(seed=11, players=16, evenings=60, skill=0.5)
    state = replay(club.sessions).state
    strongest = max(club.players, key=lambda p: p.strength).player_id
    weakest = min(club.players, key=lambda p: p.strength).player_id
    assert state.players[strongest].mu > state.players[weakest].mu
    assert state.sessions_applied == len(club.sessions)
    tweaked = replace(club.sessions[0], totals=(0, 0, 0, 0))
    assert replay([tweaked]).history[0].mu_change == pytest.approx(0.0, abs=1e-12)
