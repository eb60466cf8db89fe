"""Tables of two to nine seats ranked by the game's placements, big ties, and team matches."""

from __future__ import annotations

import itertools
import math
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from ranking.arithmetic.ratings import (
    RatingConfig,
    ScoredSession,
    apply_session,
    rate_table,
    replay,
)
from ranking.arithmetic.ratings.records import RatingState
from ranking.arithmetic.ratings.stages import expected_stage_sums
from ranking.arithmetic.ratings.table import (
    plackett_luce_expected,
    plackett_luce_ranked,
    tie_groups,
)
from ranking.arithmetic.ratings.teams import rate_team_table
from tests.unit.ratings.strategies import mus, sigmas

CONFIG = RatingConfig(model="plackett_luce")  # the rank model (team games, ranked games)
START = datetime(2026, 1, 6, 12, tzinfo=UTC)


@st.composite
def ranked_tables(draw: st.DrawFn, equal_sigmas: bool = False) -> tuple:
    """(mus, sigmas, ranks) of a table of 2 to 9 seats; ranks from a few values, so ties
    (big ones too) are common."""
    seats = draw(st.integers(min_value=2, max_value=9))
    table_mus = draw(st.lists(mus, min_size=seats, max_size=seats))
    if equal_sigmas:
        table_sigmas = [draw(sigmas)] * seats
    else:
        table_sigmas = draw(st.lists(sigmas, min_size=seats, max_size=seats))
    values = draw(st.lists(st.integers(1, 9), min_size=seats, max_size=seats))
    ranks = [1 + sum(1 for other in values if other < value) for value in values]
    return table_mus, table_sigmas, ranks


def changes(table_mus, table_sigmas, ranks) -> list[float]:
    outcome = rate_table(table_mus, table_sigmas, [0] * len(ranks), CONFIG, ranks)
    return [new - old for new, old in zip(outcome.mus, table_mus, strict=True)]


@settings(max_examples=300, deadline=None)
@given(ranked_tables(equal_sigmas=True))
def test_equal_sigmas_move_mu_by_about_zero_in_total(table) -> None:
    assert sum(changes(*table)) == pytest.approx(0.0, abs=1e-9)


@settings(max_examples=300, deadline=None)
@given(ranked_tables())
def test_a_sole_winner_never_loses_mu(table) -> None:
    table_mus, table_sigmas, ranks = table
    gains = changes(table_mus, table_sigmas, ranks)
    if ranks.count(1) == 1:
        assert gains[ranks.index(1)] > 0


@settings(max_examples=300, deadline=None)
@given(ranked_tables())
def test_any_size_gives_sane_ratings_places_and_expectations(table) -> None:
    table_mus, table_sigmas, ranks = table
    seats = len(ranks)
    outcome = rate_table(table_mus, table_sigmas, [0] * seats, CONFIG, ranks)
    assert all(math.isfinite(mu) for mu in outcome.mus)
    widened = [math.sqrt(s * s + CONFIG.tau**2) for s in table_sigmas]
    assert all(0 < new <= old + 1e-12 for new, old in zip(outcome.sigmas, widened, strict=True))
    assert outcome.places == ranks  # competition places are the game's placements
    assert sum(outcome.placements) == pytest.approx(seats * (seats + 1) / 2)
    assert sum(outcome.expected_placements) == pytest.approx(seats * (seats + 1) / 2)


@settings(max_examples=150, deadline=None)
@given(ranked_tables())
def test_closed_form_tie_mean_equals_the_mean_over_every_order(table) -> None:
    """Where the orders can still be listed (up to 720 here), the closed form gives their
    mean mu exactly (to rounding) and the new sigma to within a few parts in ten thousand."""
    table_mus, table_sigmas, ranks = table
    groups = tie_groups([-rank for rank in ranks])
    if math.prod(math.factorial(len(group)) for group in groups) > 720:
        return
    listed = _listed_mean(table_mus, table_sigmas, groups)
    closed = plackett_luce_expected(table_mus, table_sigmas, groups, CONFIG)
    assert closed[0] == pytest.approx(listed[0], abs=1e-9)
    assert closed[1] == pytest.approx(listed[1], rel=2e-3)


def _listed_mean(table_mus, table_sigmas, groups):
    from ranking.arithmetic.ratings.weng_lin import plackett_luce_strict

    n = len(table_mus)
    sum_mus = [0.0] * n
    sum_sigmas = [0.0] * n
    count = 0
    for arrangement in itertools.product(*(itertools.permutations(g) for g in groups)):
        order = [seat for group in arrangement for seat in group]
        new_mus, new_sigmas = plackett_luce_strict(
            [table_mus[s] for s in order], [table_sigmas[s] for s in order], CONFIG
        )
        for position, seat in enumerate(order):
            sum_mus[seat] += new_mus[position]
            sum_sigmas[seat] += new_sigmas[position]
        count += 1
    return [m / count for m in sum_mus], [s / count for s in sum_sigmas]


def test_without_ties_the_closed_form_is_the_strict_update() -> None:
    table_mus, table_sigmas = [20.0, 31.0, 25.0, 22.0, 28.0], [3.0, 4.0, 5.0, 6.0, 7.0]
    groups = [[0], [1], [2], [3], [4]]
    strict = plackett_luce_ranked(table_mus, table_sigmas, groups, CONFIG)
    closed = plackett_luce_expected(table_mus, table_sigmas, groups, CONFIG)
    assert closed[0] == pytest.approx(strict[0], abs=1e-12)
    assert closed[1] == pytest.approx(strict[1], abs=1e-12)


def test_a_nine_way_tie_of_equal_players_changes_no_mu_and_is_quick() -> None:
    gains = changes([25.0] * 9, [25.0 / 3.0] * 9, [1] * 9)
    assert gains == pytest.approx([0.0] * 9, abs=1e-12)
    # Unequal players drawing are pulled together: the best loses, the worst gains.
    table_mus = [10.0 + 3 * seat for seat in range(9)]
    gains = changes(table_mus, [4.0] * 9, [1] * 9)
    assert gains[0] > 0 > gains[-1]


def test_big_ties_below_and_above_keep_the_order_of_gains() -> None:
    """Nine equal players: six tied first, three tied last. The six share the gains of places
    1-6, the three those of places 7-9; nobody below the tie gains as much."""
    gains = changes([25.0] * 9, [5.0] * 9, [1, 1, 1, 1, 1, 1, 7, 7, 7])
    assert len({round(g, 12) for g in gains[:6]}) == 1
    assert len({round(g, 12) for g in gains[6:]}) == 1
    assert gains[0] > 0 > gains[6]


def test_stage_sums_of_one_group_average_over_its_subsets() -> None:
    """Two tied units of strengths 1 and 3 with nothing below: orders (a, b) and (b, a)."""
    inverse, _ = expected_stage_sums([1.0, 3.0], [[0, 1]])
    # a: first in one order (stage 1/4), second in the other (1/4 + 1/1): mean 3/4.
    assert inverse == pytest.approx([0.75, (0.25 + 0.25 + 1 / 3) / 2])


# --- Teams ---------------------------------------------------------------------------------

team_splits = st.sampled_from([((0, 2), (1, 3)), ((0, 1), (2, 3)), ((1, 3), (0, 2))])


@settings(max_examples=200, deadline=None)
@given(
    st.lists(mus, min_size=4, max_size=4),
    st.lists(sigmas, min_size=4, max_size=4),
    team_splits,
    st.booleans(),
)
def test_partners_move_in_the_same_direction_and_the_winners_gain(
    table_mus, table_sigmas, teams, first_wins
) -> None:
    ranks = [0] * 4
    for index, team in enumerate(teams):
        for seat in team:
            ranks[seat] = 1 if (index == 0) == first_wins else 2
    outcome = rate_team_table(table_mus, table_sigmas, [5] * 4, ranks, teams, CONFIG)
    for team in teams:
        moves = [outcome.mus[seat] - table_mus[seat] for seat in team]
        assert moves[0] * moves[1] > 0
        assert (moves[0] > 0) == (ranks[team[0]] == 1)
    assert outcome.places == ranks and outcome.placements == [float(r) for r in ranks]


@settings(max_examples=100, deadline=None)
@given(st.lists(mus, min_size=4, max_size=4), sigmas, team_splits)
def test_team_mu_changes_sum_to_zero_for_equal_sigmas(table_mus, sigma, teams) -> None:
    ranks = [1 if seat in teams[0] else 2 for seat in range(4)]
    outcome = rate_team_table(table_mus, [sigma] * 4, [0] * 4, ranks, teams, CONFIG)
    moved = sum(new - old for new, old in zip(outcome.mus, table_mus, strict=True))
    assert moved == pytest.approx(0.0, abs=1e-9)


def test_the_team_update_is_openskills_and_shared_by_variance() -> None:
    table_mus, table_sigmas = [20.0, 25.0, 30.0, 22.0], [3.0, 4.0, 5.0, 6.0]
    outcome = rate_team_table(
        table_mus, table_sigmas, [10, 21, 10, 21], [2, 1, 2, 1], ((0, 2), (1, 3)), CONFIG
    )
    model = PlackettLuce(
        mu=CONFIG.mu, sigma=CONFIG.sigma, beta=CONFIG.beta, kappa=CONFIG.kappa, tau=CONFIG.tau
    )
    rated = model.rate(
        [
            [model.rating(mu=table_mus[s], sigma=table_sigmas[s]) for s in (0, 2)],
            [model.rating(mu=table_mus[s], sigma=table_sigmas[s]) for s in (1, 3)],
        ],
        ranks=[2, 1],
    )
    library = {
        seat: player
        for team, seats in zip(rated, ((0, 2), (1, 3)), strict=True)
        for seat, player in zip(seats, team, strict=True)
    }
    for seat in range(4):
        assert outcome.mus[seat] == pytest.approx(library[seat].mu, abs=1e-12)
        assert outcome.sigmas[seat] == pytest.approx(library[seat].sigma, abs=1e-12)
    # The less certain partner of a team moves more.
    assert abs(outcome.mus[2] - 30.0) > abs(outcome.mus[0] - 20.0)


def test_a_bonko_round_decided_by_roll_off_ranks_by_placement_not_score() -> None:
    """Equal team scores, the roll-off gave the round to the second team."""
    session = ScoredSession(
        "r1", START, (1, 2, 3, 4), (21, 21, 21, 21), (2, 1, 2, 1), ((0, 2), (1, 3))
    )
    state = RatingState()
    entries = apply_session(state, session, CONFIG)
    assert [entry.place for entry in entries] == [2, 1, 2, 1]
    assert entries[1].mu_after > 25.0 > entries[0].mu_after


def test_session_results_refuse_bad_teams_and_ranks() -> None:
    with pytest.raises(ValueError, match="teams"):
        ScoredSession("x", START, (1, 2, 3, 4), (0, 0, 0, 0), None, ((0, 1), (1, 2, 3)))
    with pytest.raises(ValueError, match="partners"):
        ScoredSession("x", START, (1, 2, 3, 4), (0, 0, 0, 0), (1, 2, 1, 1), ((0, 1), (2, 3)))
    with pytest.raises(ValueError, match="rank"):
        ScoredSession("x", START, (1, 2, 3), (0, 0, 0), (1, 2))


@settings(max_examples=50, deadline=None)
@given(st.lists(st.tuples(st.integers(2, 9), st.integers(0, 10**6)), max_size=12))
def test_replay_of_mixed_sizes_equals_applying_one_by_one(specs) -> None:
    sessions = []
    for index, (seats, seed) in enumerate(specs):
        players = tuple((seed + 7 * seat) % 23 for seat in range(seats))
        if len(set(players)) != seats:
            continue
        ranks = tuple(1 + (seed >> seat) % 3 for seat in range(seats))
        ranks = tuple(1 + sum(1 for o in ranks if o < r) for r in ranks)
        sessions.append(
            ScoredSession(index, START + timedelta(days=index), players, (0,) * seats, ranks)
        )
    state = RatingState()
    one_by_one = [entry for s in sessions for entry in apply_session(state, s, CONFIG)]
    assert replay(sessions, CONFIG).history == one_by_one
