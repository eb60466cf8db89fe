"""The fast Plackett-Luce arithmetic gives exactly the numbers of openskill's rate()."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import BradleyTerryFull, PlackettLuce

from ranking.arithmetic.ratings import RatingConfig, rate_table
from ranking.arithmetic.ratings.table import (
    _expected_placements_four,
    expected_placements,
    placements,
    places,
)
from ranking.arithmetic.ratings.weng_lin import _plackett_luce_strict_four, plackett_luce_strict
from tests.unit.ratings.strategies import distinct_totals, mus, sigmas, tables

CONFIG = RatingConfig(model="plackett_luce")  # the rank model (team games, ranked games)


def library_rate(
    model: PlackettLuce | BradleyTerryFull,
    ratings: list[tuple[float, float]],
    ranks: list[float],
) -> list[tuple[float, float]]:
    teams = [[model.rating(mu=mu, sigma=sigma)] for mu, sigma in ratings]
    return [(team[0].mu, team[0].sigma) for team in model.rate(teams, ranks=ranks)]


@settings(max_examples=300, deadline=None)
@given(st.data(), st.integers(min_value=2, max_value=6))
def test_strict_update_is_bit_identical_to_openskill(data: st.DataObject, seats: int) -> None:
    ratings = data.draw(st.lists(st.tuples(mus, sigmas), min_size=seats, max_size=seats))
    ranks = data.draw(st.permutations(range(1, seats + 1)))
    expected = library_rate(PlackettLuce(), ratings, [float(rank) for rank in ranks])

    order = sorted(range(seats), key=lambda seat: ranks[seat])
    new_mus, new_sigmas = plackett_luce_strict(
        [ratings[seat][0] for seat in order], [ratings[seat][1] for seat in order], CONFIG
    )
    for position, seat in enumerate(order):
        assert (new_mus[position], new_sigmas[position]) == expected[seat]


@settings(max_examples=300, deadline=None)
@given(st.lists(mus, min_size=4, max_size=4), st.lists(sigmas, min_size=4, max_size=4))
def test_unrolled_four_seat_update_equals_the_loop(
    four_mus: list[float], four_sigmas: list[float]
) -> None:
    assert _plackett_luce_strict_four(four_mus, four_sigmas, CONFIG) == plackett_luce_strict(
        four_mus, four_sigmas, CONFIG
    )


@settings(max_examples=200, deadline=None)
@given(tables(distinct_totals))
def test_untied_table_is_bit_identical_to_openskill(table: tuple) -> None:
    table_mus, table_sigmas, totals = table
    outcome = rate_table(table_mus, table_sigmas, totals, CONFIG)
    expected = library_rate(
        PlackettLuce(),
        list(zip(table_mus, table_sigmas, strict=True)),
        [float(place) for place in places(totals)],
    )
    assert list(zip(outcome.mus, outcome.sigmas, strict=True)) == expected


@settings(max_examples=50, deadline=None)
@given(tables())
def test_bradley_terry_goes_through_the_library_unchanged(table: tuple) -> None:
    table_mus, table_sigmas, totals = table
    config = RatingConfig(model="bradley_terry_full")
    outcome = rate_table(table_mus, table_sigmas, totals, config)
    expected = library_rate(
        BradleyTerryFull(),
        list(zip(table_mus, table_sigmas, strict=True)),
        [float(place) for place in places(totals)],
    )
    assert list(zip(outcome.mus, outcome.sigmas, strict=True)) == expected


def test_custom_parameters_reach_the_arithmetic() -> None:
    config = RatingConfig(
        model="plackett_luce", mu=1500.0, sigma=350.0, beta=175.0, tau=3.5, kappa=0.001
    )
    model = PlackettLuce(mu=1500.0, sigma=350.0, beta=175.0, tau=3.5, kappa=0.001)
    ratings = [(1500.0, 350.0), (1600.0, 200.0), (1400.0, 120.0), (1520.0, 80.0)]
    totals = [50, -20, 10, -40]
    outcome = rate_table([r[0] for r in ratings], [r[1] for r in ratings], totals, config)
    expected = library_rate(model, ratings, [float(p) for p in places(totals)])
    assert list(zip(outcome.mus, outcome.sigmas, strict=True)) == expected


@settings(max_examples=200, deadline=None)
@given(tables())
def test_expected_placements_are_consistent(table: tuple) -> None:
    table_mus, table_sigmas, _totals = table
    expected = expected_placements(table_mus, table_sigmas, CONFIG)
    assert _expected_placements_four(table_mus, table_sigmas, CONFIG) == expected
    assert sum(expected) == pytest.approx(10.0)
    assert all(1.0 <= value <= 4.0 for value in expected)
    # With equal uncertainty, a higher mu means a better (lower) expected placement.
    same_sigma = expected_placements(table_mus, [3.0] * 4, CONFIG)
    for i in range(4):
        for j in range(4):
            if table_mus[i] > table_mus[j]:
                assert same_sigma[i] <= same_sigma[j] + 1e-12


def test_expected_placement_of_equal_players_is_the_middle() -> None:
    assert expected_placements([25.0] * 4, [3.0] * 4, CONFIG) == [2.5] * 4


def test_places_and_placements() -> None:
    assert places([100, 100, -50, -150]) == [1, 1, 3, 4]
    assert placements([100, 100, -50, -150]) == [1.5, 1.5, 3.0, 4.0]
    assert places([-50, 120, -50, -20]) == [3, 1, 3, 2]
    assert placements([-50, 120, -50, -20]) == [3.5, 1.0, 3.5, 2.0]
    assert placements([0, 0, 0, 0]) == [2.5] * 4
