"""The points model: a Kalman update on each seat's points against expectation."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.registry import find_game
from ranking.arithmetic.ratings import (
    RatingConfig,
    RatingState,
    ScoredSession,
    apply_session,
    explain_session,
    rate_table,
    replay,
)
from ranking.arithmetic.ratings.config import DEFAULT_SCORE_SCALE, game_config
from ranking.arithmetic.ratings.points import expected_points, points_update
from tests.unit.ratings.strategies import mus, sigmas

CONFIG = RatingConfig()
WHEN = datetime(2024, 5, 1, 20, tzinfo=UTC)
totals_of_four = st.lists(st.integers(-200, 200).map(lambda t: 5 * t), min_size=4, max_size=4)
seat_lists = st.lists(st.tuples(mus, sigmas), min_size=4, max_size=4)


def test_points_are_the_default_where_the_game_gives_a_scale_and_ranks_elsewhere() -> None:
    assert CONFIG.model == "points" and CONFIG.rates_points
    default = find_game("bonken")
    assert default is not None and default.rating_scale == DEFAULT_SCORE_SCALE  # type: ignore[attr-defined]
    assert game_config(DEFAULT_SCORE_SCALE) == CONFIG
    # Every game declares the spread of its points (Bonko: a team's score), so every game is
    # rated by points; the benchmark's figures are in docs/benchmarks.md.
    for code, scale in (("jonkler", 50.0), ("bonanza", 50.0), ("bonko", 7.0)):
        assert getattr(find_game(code), "rating_scale", None) == scale
        assert game_config(scale).rates_points
    ranks_only = game_config(0.0)
    assert ranks_only.score_scale == 0.0 and not ranks_only.rates_points
    assert game_config(250.0, {"model": "plackett_luce"}).rank_model == "plackett_luce"
    with pytest.raises(ValueError):
        RatingConfig(points_beta=0.0)
    with pytest.raises(ValueError):
        RatingConfig(margin=25.0)  # a margin belongs to Bradley-Terry only


@given(seat_lists, totals_of_four, st.permutations(range(4)))
def test_the_order_of_the_seats_does_not_matter(
    seats: list[tuple[float, float]], totals: list[int], order: list[int]
) -> None:
    table_mus = [mu for mu, _ in seats]
    table_sigmas = [sigma for _, sigma in seats]
    new_mus, new_sigmas = points_update(table_mus, table_sigmas, totals, CONFIG)
    moved_mus, moved_sigmas = points_update(
        [table_mus[s] for s in order],
        [table_sigmas[s] for s in order],
        [totals[s] for s in order],
        CONFIG,
    )
    for index, seat in enumerate(order):
        assert moved_mus[index] == pytest.approx(new_mus[seat], abs=1e-9)
        assert moved_sigmas[index] == pytest.approx(new_sigmas[seat], abs=1e-12)


@given(seat_lists, totals_of_four, st.integers(0, 3), st.integers(1, 100))
def test_more_points_never_give_a_lower_rating(
    seats: list[tuple[float, float]], totals: list[int], seat: int, more: int
) -> None:
    table_mus = [mu for mu, _ in seats]
    table_sigmas = [sigma for _, sigma in seats]
    better = list(totals)
    better[seat] += 5 * more
    worse_mu = points_update(table_mus, table_sigmas, totals, CONFIG)[0][seat]
    better_mu = points_update(table_mus, table_sigmas, better, CONFIG)[0][seat]
    assert better_mu > worse_mu


@given(seat_lists, totals_of_four, st.floats(0.5, 20.0))
def test_the_same_points_earn_more_against_a_stronger_table(
    seats: list[tuple[float, float]], totals: list[int], stronger: float
) -> None:
    table_mus = [mu for mu, _ in seats]
    table_sigmas = [sigma for _, sigma in seats]
    strong_table = [table_mus[0]] + [mu + stronger for mu in table_mus[1:]]
    weak = points_update(table_mus, table_sigmas, totals, CONFIG)[0][0]
    strong = points_update(strong_table, table_sigmas, totals, CONFIG)[0][0]
    assert strong > weak


@given(seat_lists, totals_of_four)
def test_sigma_shrinks_while_it_is_above_the_drift_floor(
    seats: list[tuple[float, float]], totals: list[int]
) -> None:
    table_sigmas = [sigma for _, sigma in seats]
    _, new_sigmas = points_update([mu for mu, _ in seats], table_sigmas, totals, CONFIG)
    for before, after in zip(table_sigmas, new_sigmas, strict=True):
        assert 0.0 < after <= (before * before + CONFIG.points_tau**2) ** 0.5
        if before >= 3.0:
            assert after < before


@given(st.lists(totals_of_four, min_size=1, max_size=40))
def test_sigma_shrinks_with_every_session_played(sessions: list[list[int]]) -> None:
    state = RatingState()
    previous = CONFIG.sigma
    for index, totals in enumerate(sessions):
        played = ScoredSession(index, WHEN + timedelta(hours=index), (1, 2, 3, 4), tuple(totals))
        sigma = apply_session(state, played, CONFIG)[0].sigma_after
        assert sigma < previous
        previous = sigma


def test_expected_points_follow_the_ratings_and_sum_to_zero() -> None:
    expected = expected_points([30.0, 25.0, 25.0, 20.0], CONFIG)
    assert expected[0] > expected[1] == expected[2] > expected[3]
    assert sum(expected) == pytest.approx(0.0)


def test_a_result_as_expected_leaves_mu_alone() -> None:
    table_mus = [30.0, 25.0, 25.0, 20.0]
    totals = [round(p) for p in expected_points(table_mus, CONFIG)]
    new_mus, _ = points_update(table_mus, [2.0] * 4, totals, CONFIG)
    assert new_mus == pytest.approx(table_mus, abs=0.05)


def test_team_games_and_ranked_sessions_keep_their_places() -> None:
    outcome = rate_table([25.0] * 4, [8.0] * 4, [600, -500, 0, -100], CONFIG, [1, 4, 2, 3])
    assert outcome.places == [1, 4, 2, 3]
    assert outcome.mus[0] > outcome.mus[2] > outcome.mus[3] > outcome.mus[1]


def test_a_session_appended_equals_the_replay() -> None:
    sessions = [
        ScoredSession(
            i,
            WHEN + timedelta(hours=i),
            tuple((i + s) % 7 for s in range(4)),
            (300 - 40 * i, -100, 5 * i, -200 + 35 * i),
        )
        for i in range(12)
    ]
    whole = replay(sessions, CONFIG)
    state = replay(sessions[:-1], CONFIG).state
    appended = apply_session(state, sessions[-1], CONFIG)
    assert appended == whole.history[-4:]
    assert state.players == whole.state.players


def test_explanation_gives_expected_points_and_the_table_strength() -> None:
    sessions = [
        ScoredSession(1, WHEN, (1, 2, 3, 4), (600, 100, -200, -500)),
        ScoredSession(2, WHEN, (1, 2, 3, 4), (40, 150, -240, 50)),
    ]
    history = replay(sessions, CONFIG).history
    second = [entry for entry in history if entry.session_id == 2]
    strong = explain_session(second, 1, CONFIG)
    assert strong.rated_by == "points"
    assert strong.expected_total is not None and strong.expected_total > 70
    assert strong.points_gain is not None and strong.points_gain < 0
    assert strong.verdict == "worse" and strong.mu_change < 0  # won, but by less than expected
    assert strong.opponents_rating == pytest.approx(sum(e.ordinal_before for e in second[1:]) / 3)
    weak = explain_session(second, 4, CONFIG)
    assert weak.points_gain is not None and weak.points_gain > 0 and weak.mu_change > 0
    ranked = explain_session(second, 1, RatingConfig(model="plackett_luce"))
    assert ranked.rated_by == "ranks" and ranked.points_gain is None
    assert explain_session(second, 1).expected_total is None
