"""The simulated clubs and the benchmark plumbing (not the timings)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from bench import ratings_accuracy as bench_accuracy
from bench import ratings_speed as bench_speed
from ranking.arithmetic.ratings import RatingConfig, ScoredSession
from ranking.arithmetic.ratings.predictors import (
    AveragePointsPredictor,
    EloPredictor,
    EnginePredictor,
)
from ranking.arithmetic.ratings.simulate import play_session, quick_sessions, simulate_club


def test_simulated_sessions_look_like_bonken() -> None:
    club = simulate_club(seed=5, players=20, evenings=20)
    assert club.sessions
    for result in club.sessions:
        assert sum(result.totals) == 0
        assert all(total % 5 == 0 for total in result.totals)
    spread = max(abs(t) for s in club.sessions for t in s.totals)
    assert 300 <= spread <= 2500
    assert [s.played_at for s in club.sessions] == sorted(s.played_at for s in club.sessions)
    assert len(club.strengths) == len(club.sessions) == len(club.evening_of_session)


def test_simulation_is_reproducible_from_its_seed() -> None:
    assert simulate_club(seed=9, players=12, evenings=5) == simulate_club(
        seed=9, players=12, evenings=5
    )
    assert quick_sessions(seed=1, sessions=50, players=30) == quick_sessions(
        seed=1, sessions=50, players=30
    )


def test_quick_sessions_are_zero_sum_multiples_of_five() -> None:
    for result in quick_sessions(seed=2, sessions=500, players=40):
        assert sum(result.totals) == 0 and all(t % 5 == 0 for t in result.totals)


def test_stronger_seats_score_more_on_average() -> None:
    import random

    rng = random.Random(4)
    totals = [play_session([1.5, 0.0, 0.0, -1.5], rng, skill=0.4) for _ in range(300)]
    assert sum(t[0] for t in totals) > 0 > sum(t[3] for t in totals)


def test_prediction_credits() -> None:
    assert bench_accuracy.winner_credit([3.0, 1.0, 0.0, 2.0], [100, -50, -50, 0]) == 1.0
    assert bench_accuracy.winner_credit([3.0, 3.0, 0.0, 2.0], [100, -50, -50, 0]) == 0.5
    assert bench_accuracy.winner_credit([1.0, 3.0, 0.0, 2.0], [100, 100, -100, -100]) == 1.0
    assert bench_accuracy.pairwise_credit([4.0, 3.0, 2.0, 1.0], [30, 20, 10, -60]) == 1.0
    assert bench_accuracy.pairwise_credit([1.0, 1.0, 1.0, 1.0], [30, 20, 10, -60]) == 0.5
    assert bench_accuracy.pairwise_credit([1.0, 2.0, 3.0, 4.0], [0, 0, 0, 0]) is None
    assert bench_accuracy.pairwise_credit([4.0, 3.0, 2.0, 1.0], [30, 30, -60, 0]) == 0.8


@pytest.mark.parametrize(
    "make",
    [
        lambda: EnginePredictor("engine", RatingConfig()),
        lambda: EloPredictor("elo", 16.0),
        AveragePointsPredictor,
        None,
    ],
)
def test_every_method_beats_chance_on_a_skilled_club(make: object) -> None:
    club = simulate_club(seed=21, players=16, evenings=40, skill=0.6)
    winners, pairwise = bench_accuracy.evaluate(club, make, 0.8)  # type: ignore[arg-type]
    assert len(winners) == len(club.sessions) - int(len(club.sessions) * 0.8)
    assert sum(winners) / len(winners) > 0.3
    assert sum(pairwise) / len(pairwise) > 0.55


def test_method_list_names_the_default_and_the_comparisons() -> None:
    names = [name for name, _ in bench_accuracy.method_factories()]
    assert names[0] == bench_accuracy.DEFAULT_METHOD
    assert any("Bradley-Terry" in name for name in names)
    assert any("Elo" in name for name in names)
    assert any("average points" in name for name in names)
    assert any("margin" in name for name in names)


def test_speed_benchmark_runs_extra_measurements(capsys: pytest.CaptureFixture[str]) -> None:
    seen: list[int] = []

    def full_replay(sessions: Sequence[ScoredSession]) -> None:
        seen.append(len(sessions))

    timings = bench_speed.run(
        sessions=200, players=40, extra_measurements={"full replay with PostgreSQL": full_replay}
    )
    assert seen == [200]
    assert [t.name for t in timings][-1] == "full replay with PostgreSQL"
    assert all(t.sessions_per_second > 0 and t.peak_rss_bytes > 0 for t in timings)
    printed = capsys.readouterr().out
    assert "bare openskill" in printed and "peak RSS" in printed
