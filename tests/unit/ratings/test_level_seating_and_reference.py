"""Clubs seated by level, the least-squares reference and the benchmark's seed options."""

from __future__ import annotations

import pytest

from bench import ratings_accuracy as bench_accuracy
from bench.league_accuracy import LEAGUE_SEEDS
from ranking.arithmetic.ratings.predictors import AveragePointsPredictor, LeastSquaresPredictor
from ranking.arithmetic.ratings.simulate import simulate_club


def test_a_club_seated_by_level_seats_every_round_by_its_standings() -> None:
    club = simulate_club(seed=4, players=20, evenings=12, by_level=True)
    points: dict[int, list[int]] = {}
    rounds: dict[object, list[int]] = {}
    for index, session in enumerate(club.sessions):
        rounds.setdefault(session.played_at.replace(minute=0), []).append(index)
    for indexes in rounds.values():
        means = {
            p: points[p][0] / points[p][1] if p in points else 0.0
            for i in indexes
            for p in club.sessions[i].player_ids
        }
        for upper, lower in zip(indexes, indexes[1:], strict=False):
            worst_above = min(means[p] for p in club.sessions[upper].player_ids)
            best_below = max(means[p] for p in club.sessions[lower].player_ids)
            assert worst_above >= best_below
        for i in indexes:
            for p, total in zip(club.sessions[i].player_ids, club.sessions[i].totals, strict=True):
                points.setdefault(p, [0, 0])
                points[p][0] += total
                points[p][1] += 1


def test_seating_by_level_changes_the_tables_not_the_random_clubs() -> None:
    random_club = simulate_club(seed=6, players=16, evenings=8)
    assert random_club == simulate_club(seed=6, players=16, evenings=8, by_level=False)
    level_club = simulate_club(seed=6, players=16, evenings=8, by_level=True)
    assert [s.player_ids for s in level_club.sessions] != [
        s.player_ids for s in random_club.sessions
    ]


def test_least_squares_solves_its_normal_equations() -> None:
    club = simulate_club(seed=8, players=16, evenings=30, skill=0.4, by_level=True)
    predictor = LeastSquaresPredictor(sweeps=200)
    for session in club.sessions:
        predictor.learn(session)
    players = sorted(predictor.own)
    strength = dict(zip(players, predictor.scores(players), strict=True))
    for player in players:
        meetings = predictor.meetings[player]
        opponents = sum(w * sum(strength[o] for o in others) for others, w in meetings)
        expected = (predictor.own[player] + opponents) / (len(meetings) + predictor.shrinkage)
        assert strength[player] == pytest.approx(expected, abs=1e-9)


def test_least_squares_credits_points_scored_against_a_strong_table() -> None:
    # A and B score alike, A against C (who beats everyone else), B against D (who loses).
    predictor = LeastSquaresPredictor()
    average = AveragePointsPredictor()
    sessions = [
        ("C", "A", "x", "y", (300, 0, -150, -150)),
        ("D", "B", "x", "y", (-300, 0, 150, 150)),
        ("C", "z", "w", "v", (300, -100, -100, -100)),
        ("D", "z", "w", "v", (-300, 100, 100, 100)),
    ]
    from datetime import UTC, datetime, timedelta

    from ranking.arithmetic.ratings import ScoredSession

    start = datetime(2024, 1, 1, tzinfo=UTC)
    for index, (*ids, totals) in enumerate(sessions):
        result = ScoredSession(index, start + timedelta(hours=index), tuple(ids), totals)
        predictor.learn(result)
        average.learn(result)
    assert average.scores(["A", "B"])[0] == average.scores(["A", "B"])[1]
    strength_a, strength_b = predictor.scores(["A", "B"])
    assert strength_a > strength_b


def test_benchmark_clubs_of_other_seeds_and_lengths() -> None:
    standard = bench_accuracy.build_clubs(1, evenings_factor=0.05)
    other = bench_accuracy.build_clubs(1, seed_offset=7, evenings_factor=0.05)
    longer = bench_accuracy.build_clubs(1, evenings_factor=0.1)
    kinds = [spec.name for spec in bench_accuracy.GAME_CLUBS["bonken"].kinds]
    # The league kind has LEAGUE_SEEDS leagues a seed (bench.league_accuracy).
    assert [c.name for c in standard] == kinds[:-1] + kinds[-1:] * LEAGUE_SEEDS
    assert [c.name for c in other] == [c.name for c in standard]
    assert all(a.sessions != b.sessions for a, b in zip(standard, other, strict=True))
    assert all(len(a.sessions) < len(b.sessions) for a, b in zip(standard, longer, strict=True))
    assert any(spec.by_level for spec in bench_accuracy.CLUB_SPECS)
    names = [name for name, _ in bench_accuracy.method_factories()]
    assert bench_accuracy.LEAST_SQUARES in names


def test_the_kind_table_prints_every_method_and_kind(capsys: pytest.CaptureFixture[str]) -> None:
    kinds = ["one", "two"]
    by_kind = {
        bench_accuracy.DEFAULT_METHOD: {"one": [1.0, 0.5, 0.0], "two": [0.5, 0.5, 1.0]},
        "other": {"one": [1.0, 1.0, 0.0], "two": [0.5, 0.0, 1.0]},
    }
    bench_accuracy._print_kind_differences(by_kind, kinds, 45)
    printed = capsys.readouterr().out.splitlines()
    assert printed[0].split()[-2:] == kinds
    assert printed[1].startswith("other")
    assert "+16.7" in printed[1] and "-16.7" in printed[1]


def test_a_session_the_library_cannot_rate_is_left_unrated() -> None:
    from datetime import UTC, datetime

    from openskill.models import PlackettLuce

    from ranking.arithmetic.ratings import ScoredSession
    from ranking.arithmetic.ratings.predictors import LibraryPredictor

    predictor = LibraryPredictor("PL", PlackettLuce(margin=10.0), use_scores=True)
    model = predictor.model
    predictor.ratings = {p: model.rating(mu=25.0 + 40_000.0 * p, sigma=1.0) for p in range(4)}
    before = {p: r.mu for p, r in predictor.ratings.items()}
    played = datetime(2024, 1, 1, tzinfo=UTC)
    predictor.learn(ScoredSession(1, played, (0, 1, 2, 3), (300, 100, -100, -300)))
    assert predictor.overflows == 1
    assert {p: r.mu for p, r in predictor.ratings.items()} == before
