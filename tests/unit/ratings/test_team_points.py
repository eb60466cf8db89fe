"""The points model in a team game: each team's score against expectation rates its players."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ranking.arithmetic.ratings import (
    RatingConfig,
    ScoredSession,
    apply_session,
    explain_session,
    replay,
)
from ranking.arithmetic.ratings.points import points_update, team_points_update
from ranking.arithmetic.ratings.teams import rate_team_table
from tests.unit.ratings.strategies import mus, sigmas

CONFIG = RatingConfig(score_scale=7.0)
WHEN = datetime(2024, 5, 1, 20, tzinfo=UTC)
TEAMS = ((0, 2), (1, 3))
seats_of_four = st.lists(st.tuples(mus, sigmas), min_size=4, max_size=4)
team_scores = st.tuples(st.integers(0, 120), st.integers(0, 120))


def _totals(scores: tuple[int, int]) -> list[int]:
    """Each seat's total: its team's score (partners share it)."""
    return [scores[0], scores[1], scores[0], scores[1]]


@given(st.lists(st.tuples(mus, sigmas), min_size=2, max_size=9), st.data())
def test_teams_of_one_are_the_individual_update(seats: list[tuple[float, float]], data) -> None:
    totals = data.draw(st.lists(st.integers(-300, 300), min_size=len(seats), max_size=len(seats)))
    table_mus = [mu for mu, _ in seats]
    table_sigmas = [sigma for _, sigma in seats]
    alone = tuple((seat,) for seat in range(len(seats)))
    team_mus, team_sigmas = team_points_update(table_mus, table_sigmas, totals, alone, CONFIG)
    new_mus, new_sigmas = points_update(table_mus, table_sigmas, totals, CONFIG)
    assert team_mus == pytest.approx(new_mus, abs=1e-9)
    assert team_sigmas == pytest.approx(new_sigmas, abs=1e-12)


@given(seats_of_four, team_scores)
def test_partners_move_together_and_the_less_certain_more(
    seats: list[tuple[float, float]], scores: tuple[int, int]
) -> None:
    table_mus = [mu for mu, _ in seats]
    table_sigmas = [sigma for _, sigma in seats]
    new_mus, new_sigmas = team_points_update(
        table_mus, table_sigmas, _totals(scores), TEAMS, CONFIG
    )
    for first, second in TEAMS:
        one = new_mus[first] - table_mus[first]
        two = new_mus[second] - table_mus[second]
        assert one * two >= 0  # the same direction (or both still)
        if table_sigmas[first] > table_sigmas[second] + 1e-6 and abs(two) > 1e-9:
            assert abs(one) > abs(two)
    for seat in range(4):
        assert new_sigmas[seat] <= table_sigmas[seat] + CONFIG.points_tau + 1e-12


@given(seats_of_four, team_scores, st.integers(1, 60))
def test_more_team_points_never_lower_a_partner(
    seats: list[tuple[float, float]], scores: tuple[int, int], more: int
) -> None:
    table_mus = [mu for mu, _ in seats]
    table_sigmas = [sigma for _, sigma in seats]
    before = team_points_update(table_mus, table_sigmas, _totals(scores), TEAMS, CONFIG)[0]
    better = (scores[0] + more, scores[1])
    after = team_points_update(table_mus, table_sigmas, _totals(better), TEAMS, CONFIG)[0]
    assert after[0] > before[0] and after[2] > before[2]
    assert after[1] < before[1] and after[3] < before[3]


@given(seats_of_four, team_scores)
def test_the_order_of_the_teams_and_seats_does_not_matter(
    seats: list[tuple[float, float]], scores: tuple[int, int]
) -> None:
    table_mus = [mu for mu, _ in seats]
    table_sigmas = [sigma for _, sigma in seats]
    totals = _totals(scores)
    new_mus, _ = team_points_update(table_mus, table_sigmas, totals, TEAMS, CONFIG)
    # The same table with the seats listed 3, 2, 1, 0 and the teams the other way round.
    order = [3, 2, 1, 0]
    moved_mus, _ = team_points_update(
        [table_mus[s] for s in order],
        [table_sigmas[s] for s in order],
        [totals[s] for s in order],
        ((0, 2), (1, 3))[::-1],
        CONFIG,
    )
    for index, seat in enumerate(order):
        assert moved_mus[index] == pytest.approx(new_mus[seat], abs=1e-9)


def test_the_same_score_earns_more_against_a_stronger_team() -> None:
    sigmas_ = [3.0] * 4
    weak = team_points_update([25.0, 20.0, 25.0, 20.0], sigmas_, [30, 20, 30, 20], TEAMS, CONFIG)
    strong = team_points_update([25.0, 30.0, 25.0, 30.0], sigmas_, [30, 20, 30, 20], TEAMS, CONFIG)
    assert strong[0][0] > weak[0][0]


def test_a_team_table_rated_by_points_keeps_the_roll_off_winner_first() -> None:
    # Equal scores, the roll-off won by the second team: places follow the ranks, the points
    # (equal) move nobody's mu between equal teams.
    outcome = rate_team_table([25.0] * 4, [8.0] * 4, [40, 40, 40, 40], [2, 1, 2, 1], TEAMS, CONFIG)
    assert outcome.places == [2, 1, 2, 1]
    assert outcome.mus == pytest.approx([25.0] * 4)
    ranked = rate_team_table(
        [25.0] * 4,
        [8.0] * 4,
        [40, 40, 40, 40],
        [2, 1, 2, 1],
        TEAMS,
        RatingConfig(score_scale=0.0),
    )
    assert ranked.mus[1] > 25.0 > ranked.mus[0]  # by ranks the roll-off decides


def _sessions(count: int) -> list[ScoredSession]:
    return [
        ScoredSession(
            index,
            WHEN + timedelta(hours=index),
            tuple((index + seat) % 6 for seat in range(4)),
            tuple(_totals((21 + index % 5, 3 * index % 23))),
            ranks=(1, 2, 1, 2) if 21 + index % 5 > 3 * index % 23 else (2, 1, 2, 1),
            teams=TEAMS,
        )
        for index in range(count)
    ]


def test_a_team_session_appended_equals_the_replay() -> None:
    sessions = _sessions(14)
    whole = replay(sessions, CONFIG)
    state = replay(sessions[:-1], CONFIG).state
    appended = apply_session(state, sessions[-1], CONFIG)
    assert appended == whole.history[-4:]
    assert state.players == whole.state.players


def test_a_team_explanation_names_the_partner_and_the_teams_expected_score() -> None:
    history = replay(_sessions(9), CONFIG).history
    last = [entry for entry in history if entry.session_id == 8]
    player = last[0].player_id
    explained = explain_session(last, player, CONFIG, teams=True)
    partner = last[2].player_id
    assert [p.player_id for p in explained.partners] == [partner]
    assert {o.player_id for o in explained.opponents} == {last[1].player_id, last[3].player_id}
    assert explained.rated_by == "points"
    assert explained.points_gain == pytest.approx(last[0].total - explained.expected_total)
    assert explained.side_rating == pytest.approx(
        (last[0].ordinal_before + last[2].ordinal_before) / 2
    )
    assert explained.opponents_rating == pytest.approx(
        (last[1].ordinal_before + last[3].ordinal_before) / 2
    )
    # The partners' expectation is their team's: the same for both.
    other = explain_session(last, partner, CONFIG, teams=True)
    assert other.expected_total == pytest.approx(explained.expected_total)
    # By ranks the partner is still no opponent; alone at the table nobody is a partner.
    ranked = explain_session(last, player, RatingConfig(score_scale=0.0), teams=True)
    assert ranked.rated_by == "ranks" and len(ranked.partners) == 1
    assert explain_session(last, player, CONFIG).partners == ()
