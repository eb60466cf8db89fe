"""Tied tables: the openskill 6.2 trap, and the invariants of our tie handling."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from bench.ratings_accuracy import evaluate
from ranking.arithmetic.ratings import RatingConfig, rate_table
from ranking.arithmetic.ratings.predictors import EnginePredictor, LibraryPredictor
from ranking.arithmetic.ratings.simulate import simulate_club
from ranking.arithmetic.ratings.weng_lin import plackett_luce_strict
from tests.unit.ratings.strategies import distinct_totals, mus, sigmas, tables, tied_totals

CONFIG = RatingConfig(model="plackett_luce")  # the rank model (team games, ranked games)


def changes(table_mus: list[float], table_sigmas: list[float], totals: list[int]) -> list[float]:
    outcome = rate_table(table_mus, table_sigmas, totals, CONFIG)
    return [new - old for new, old in zip(outcome.mus, table_mus, strict=True)]


def test_openskill_6_2_gives_third_place_the_gain_of_tied_winners() -> None:
    """The upstream trap this package works around. If this fails, openskill has changed:
    re-check the tie handling in table.py before upgrading."""
    model = PlackettLuce()
    teams = [[model.rating()] for _ in range(4)]
    rated = model.rate(teams, ranks=[1.0, 1.0, 3.0, 4.0])
    winner, co_winner, third, fourth = (team[0].mu - 25.0 for team in rated)
    assert winner == co_winner > 0
    assert third == winner  # third place gains exactly as much as the tied winners
    assert fourth < 0
    # ... and catching up with the winners would have earned the third player less.
    rated = model.rate([[model.rating()] for _ in range(4)], ranks=[1.0, 1.0, 1.0, 4.0])
    assert rated[2][0].mu - 25.0 < third


def test_below_a_tie_gains_less_than_the_tied_players() -> None:
    gains = changes([25.0] * 4, [25.0 / 3.0] * 4, [100, 100, -50, -150])
    assert gains[0] == pytest.approx(gains[1])
    assert gains[0] > gains[2] > gains[3]
    # Tied winners share the gains of first and second place of an untied table.
    strict_mus, _ = plackett_luce_strict([25.0] * 4, [25.0 / 3.0] * 4, CONFIG)
    assert gains[0] == pytest.approx((strict_mus[0] + strict_mus[1]) / 2 - 25.0)
    assert gains[2] == pytest.approx(strict_mus[2] - 25.0)


@settings(max_examples=200, deadline=None)
@given(mus, sigmas, tied_totals)
def test_equal_players_gain_in_order_of_their_totals(
    mu: float, sigma: float, totals: list[int]
) -> None:
    """Equal ratings: tied seats change alike, and a lower total never gains as much."""
    gains = changes([mu] * 4, [sigma] * 4, totals)
    for i in range(4):
        for j in range(4):
            if totals[i] == totals[j]:
                assert gains[i] == pytest.approx(gains[j], abs=1e-12)
            elif totals[i] > totals[j]:
                assert gains[i] > gains[j]


@settings(max_examples=100, deadline=None)
@given(mus, sigmas, st.sampled_from([-100, 0, 35]))
def test_all_equal_totals_leave_equal_players_unchanged(
    mu: float, sigma: float, total: int
) -> None:
    gains = changes([mu] * 4, [sigma] * 4, [total] * 4)
    assert gains == pytest.approx([0.0] * 4, abs=1e-12)


@settings(max_examples=200, deadline=None)
@given(st.lists(mus, min_size=4, max_size=4, unique=True), st.lists(sigmas, min_size=4, max_size=4))
def test_all_equal_totals_pull_ratings_together(
    table_mus: list[float], table_sigmas: list[float]
) -> None:
    """A four-way tie is a draw: the best rated player does not gain, the worst does not lose."""
    gains = changes(table_mus, table_sigmas, [0, 0, 0, 0])
    assert gains[table_mus.index(max(table_mus))] <= 1e-12
    assert gains[table_mus.index(min(table_mus))] >= -1e-12


@settings(max_examples=300, deadline=None)
@given(tables())
def test_a_sole_winner_never_loses_mu(table: tuple) -> None:
    table_mus, table_sigmas, totals = table
    assume(totals.count(max(totals)) == 1)
    winner = totals.index(max(totals))
    assert changes(table_mus, table_sigmas, totals)[winner] >= 0


@settings(max_examples=300, deadline=None)
@given(tables(), st.integers(min_value=0, max_value=3), st.sampled_from([5, 50, 150]))
def test_scoring_more_never_lowers_the_new_rating(table: tuple, seat: int, more: int) -> None:
    """Whatever the ratings: a higher total (passing someone, joining or leaving a tie) never
    gives a lower new mu. openskill 6.2's tie handling breaks this in about 8 % of random
    tables with ties."""
    table_mus, table_sigmas, totals = table
    better = list(totals)
    better[seat] += more
    before = rate_table(table_mus, table_sigmas, totals, CONFIG).mus[seat]
    after = rate_table(table_mus, table_sigmas, better, CONFIG).mus[seat]
    assert after >= before - 1e-12


@settings(max_examples=200, deadline=None)
@given(tables(distinct_totals), st.integers(min_value=1, max_value=3))
def test_finishing_one_place_higher_never_lowers_the_new_rating(
    table: tuple, position: int
) -> None:
    table_mus, table_sigmas, totals = table
    order = sorted(range(4), key=lambda seat: -totals[seat])
    climber, above = order[position], order[position - 1]
    swapped = list(totals)
    swapped[climber], swapped[above] = totals[above], totals[climber]
    before = rate_table(table_mus, table_sigmas, totals, CONFIG).mus[climber]
    after = rate_table(table_mus, table_sigmas, swapped, CONFIG).mus[climber]
    assert after >= before


@settings(max_examples=200, deadline=None)
@given(tables())
def test_ties_keep_sigma_positive_and_bounded(table: tuple) -> None:
    table_mus, table_sigmas, totals = table
    outcome = rate_table(table_mus, table_sigmas, totals, CONFIG)
    for old, new in zip(table_sigmas, outcome.sigmas, strict=True):
        assert 0 < new <= (old**2 + CONFIG.tau**2) ** 0.5


def test_tie_handling_is_deterministic() -> None:
    table = ([31.0, 22.5, 25.0, 18.0], [2.0, 4.0, 8.0, 3.0], [50, 50, 50, -150])
    first = rate_table(*table, CONFIG)
    assert all(rate_table(*table, CONFIG) == first for _ in range(3))


def test_a_margin_off_the_score_scale_predicts_worse_than_ranks() -> None:
    """The second openskill trap: a Plackett-Luce score margin not tuned to Bonken's point
    scale (here 10 points, against totals spread over hundreds) is worse than ranks alone.
    This is why ``RatingConfig`` refuses a Plackett-Luce margin."""
    ranks_only: list[float] = []
    with_margin: list[float] = []
    for seed in (1, 2):
        club = simulate_club(seed=seed, players=30, evenings=60, skill=0.3)
        ranks_only += evaluate(club, lambda: EnginePredictor("ranks", CONFIG), 0.8)[1]
        with_margin += evaluate(
            club,
            lambda: LibraryPredictor("margin", PlackettLuce(margin=10.0), use_scores=True),
            0.8,
        )[1]
    assert sum(with_margin) / len(with_margin) < sum(ranks_only) / len(ranks_only) - 0.01
