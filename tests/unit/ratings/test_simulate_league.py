"""The simulated leagues of the accuracy benchmark: clubs of different strengths at home every
week and mixed at league days, judged on their mixed tables; and the benchmark's verdict."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from bench import league_accuracy
from bench import ratings_accuracy as bench_accuracy
from ranking.arithmetic.ratings.predictors import AveragePointsPredictor, LeastSquaresPredictor
from ranking.arithmetic.ratings.simulate_league import simulate_league


def test_clubs_play_at_home_and_meet_on_league_days() -> None:
    league = simulate_league(seed=3, clubs=4, players_per_club=10, weeks=12, league_every=4)
    assert len(league.sessions) == len(league.mixed) == len(league.strengths)
    days = {league.evening_of_session[i] for i, mixed in enumerate(league.mixed) if mixed}
    assert days and days <= {3, 7, 11}  # the league days
    for index, session in enumerate(league.sessions):
        clubs = {league.club_of[p] for p in session.player_ids}
        assert league.mixed[index] == (len(clubs) > 1)
        if league.evening_of_session[index] not in (3, 7, 11):
            assert len(clubs) == 1  # at home, among the club's own players
        assert sum(session.totals) == 0 and len(set(session.player_ids)) == 4
    assert [s.played_at for s in league.sessions] == sorted(s.played_at for s in league.sessions)


def test_the_clubs_levels_differ_and_the_league_is_reproducible() -> None:
    league = simulate_league(seed=5, clubs=3, players_per_club=30, weeks=2, club_spread=1.0)
    levels = []
    for club in range(3):
        strengths = [p.strength for p in league.players if league.club_of[p.player_id] == club]
        levels.append(sum(strengths) / len(strengths))
    assert levels[0] < levels[1] < levels[2]
    assert levels[2] - levels[0] > 1.0
    assert simulate_league(seed=5, clubs=3, players_per_club=30, weeks=2) == league


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), weeks=st.integers(1, 9), every=st.integers(0, 4))
def test_only_a_league_day_mixes_clubs(seed: int, weeks: int, every: int) -> None:
    league = simulate_league(
        seed=seed, clubs=3, players_per_club=8, weeks=weeks, league_every=every
    )
    for index, mixed in enumerate(league.mixed):
        week = league.evening_of_session[index]
        if mixed:
            assert every > 0 and week % every == every - 1


def test_a_league_is_judged_on_its_mixed_tables_only() -> None:
    league = simulate_league(seed=11, weeks=20)
    split = int(len(league.sessions) * 0.8)
    judged = league_accuracy.judged_tables(league, split)
    assert judged and all(league.mixed[i] for i in judged)
    winners, pairwise = bench_accuracy.evaluate(league, AveragePointsPredictor, 0.8)
    assert len(winners) == len(pairwise) == len(judged)


def test_points_at_home_cannot_see_a_strong_club_but_the_reference_can() -> None:
    """At a league's mixed tables, the least-squares reference (which reads every session's
    opponents) orders the players better than their average points."""
    reference, average = [], []
    for seed in range(3):
        league = simulate_league(seed=100 + seed, weeks=40, club_spread=1.5)
        reference += bench_accuracy.evaluate(league, LeastSquaresPredictor, 0.8)[1]
        average += bench_accuracy.evaluate(league, AveragePointsPredictor, 0.8)[1]
    assert sum(reference) / len(reference) > sum(average) / len(average)


def test_the_verdict_says_within_and_ahead_or_not() -> None:
    same = [1.0, 0.5, 0.0, 1.0] * 10
    lower = [0.0, 0.5, 0.0, 1.0] * 10
    by_kind = {
        "rating": {league_accuracy.LEAGUE: same},
        "reference": {league_accuracy.LEAGUE: same},
        "average": {league_accuracy.LEAGUE: lower},
    }
    lines = league_accuracy.league_verdict(
        by_kind, "rating", "reference", "average", bench_accuracy.paired_interval
    )
    assert lines[0].startswith("league of clubs, 40 held-out mixed tables")
    assert lines[1].endswith("within 0.3") and lines[2].endswith(": ahead")
    by_kind["rating"] = {league_accuracy.LEAGUE: lower}
    lines = league_accuracy.league_verdict(
        by_kind, "rating", "reference", "average", bench_accuracy.paired_interval
    )
    assert lines[1].endswith("not within 0.3") and lines[2].endswith("not ahead")
    empty = {name: {league_accuracy.LEAGUE: [math.nan]} for name in by_kind}
    assert (
        "too few"
        in league_accuracy.league_verdict(
            empty, "rating", "reference", "average", bench_accuracy.paired_interval
        )[0]
    )


def test_the_benchmark_has_its_league_kind() -> None:
    kinds = [spec.name for spec in bench_accuracy.GAME_CLUBS["bonken"].kinds]
    assert kinds[-1] == league_accuracy.LEAGUE
    clubs = bench_accuracy.build_clubs(1, evenings_factor=0.2)
    leagues = [club for club in clubs if club.name == league_accuracy.LEAGUE]
    assert len(leagues) == league_accuracy.LEAGUE_SEEDS
    assert len(clubs) == len(kinds) - 1 + league_accuracy.LEAGUE_SEEDS
