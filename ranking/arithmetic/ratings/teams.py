"""A team game's table (Bonko: two teams of two) as one match of teams.

Terms:

* **team**: the seats that play as one side (``ScoredSession.teams``); partners share a rank.
* **team rating**: Weng-Lin's team model: the team's mu is the sum of its partners' mus, its
  variance the sum of their variances (each widened by ``tau`` first, as for a player).
* **share**: a partner's variance over the team's. The team's update (the Plackett-Luce update
  of the teams as units, ties averaged over their orders as in ``stages.py``) goes back to each
  partner in proportion to that share: ``mu += share * omega`` and
  ``sigma *= sqrt(max(1 - share * delta, kappa))``, as ``openskill``'s team update does. So
  partners always move in the same direction, and the less certain partner moves more.

Places and placements are the team's among the teams; the expected placement of a seat is
its team's: ``1 + sum over other teams of P(that team above)``, with
``P = Phi((mu_j - mu_i) / sqrt((n_i + n_j) beta^2 + var_i + var_j))`` for teams of ``n``
players. Bradley-Terry goes through the library's own ``rate()`` with the teams.

A team game whose points mean something (its ``score_scale``, with the points model) is rated
by each team's points against expectation instead (``points.team_points_update``): still the
players of a team, not the team.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ranking.arithmetic.ratings.config import RatingConfig
from ranking.arithmetic.ratings.points import team_points_update
from ranking.arithmetic.ratings.stages import expected_omega_delta
from ranking.arithmetic.ratings.table import TableOutcome, places_and_placements, tie_groups
from ranking.arithmetic.ratings.weng_lin import library_model

Teams = Sequence[Sequence[int]]


def team_ranks(ranks: Sequence[int], teams: Teams) -> list[int]:
    """Each team's rank (its first seat's); partners rank alike (``ScoredSession`` checks)."""
    return [ranks[team[0]] for team in teams]


def plackett_luce_teams(
    mus: Sequence[float],
    sigmas: Sequence[float],
    teams: Teams,
    groups: Sequence[Sequence[int]],
    config: RatingConfig,
) -> tuple[list[float], list[float]]:
    """New (mus, sigmas) by seat; ``groups``: the teams' tie groups, best first."""
    tau_squared = config.tau * config.tau
    beta_squared = config.beta**2
    widened = [math.sqrt(s * s + tau_squared) for s in sigmas]
    seat_variance = [s * s for s in widened]
    team_mu = [sum(mus[seat] for seat in team) for team in teams]
    team_variance = [sum(seat_variance[seat] for seat in team) for team in teams]
    c = math.sqrt(sum(v + beta_squared for v in team_variance))
    strengths = [math.exp(mu / c) for mu in team_mu]
    omegas, deltas = expected_omega_delta(strengths, groups)
    new_mus = list(mus)
    new_sigmas = list(sigmas)
    for index, team in enumerate(teams):
        v = team_variance[index]
        omega = omegas[index] * v / c
        delta = deltas[index] * (v / c**2) * (math.sqrt(v) / c)
        for seat in team:
            share = seat_variance[seat] / v
            new_mus[seat] = mus[seat] + share * omega
            new_sigmas[seat] = widened[seat] * math.sqrt(max(1 - share * delta, config.kappa))
    return new_mus, new_sigmas


def _library_teams(
    mus: Sequence[float],
    sigmas: Sequence[float],
    totals: Sequence[int],
    teams: Teams,
    ranks: Sequence[int],
    config: RatingConfig,
) -> tuple[list[float], list[float]]:
    model: Any = library_model(config)  # either model; openskill types each with its own
    rated_teams = [
        [model.rating(mu=mus[seat], sigma=sigmas[seat]) for seat in team] for team in teams
    ]
    if config.margin > 0:
        scores = [float(sum(totals[seat] for seat in team)) for team in teams]
        rated = model.rate(rated_teams, scores=scores)
    else:
        rated = model.rate(rated_teams, ranks=[float(rank) for rank in ranks])
    new_mus = list(mus)
    new_sigmas = list(sigmas)
    for team, players in zip(teams, rated, strict=True):
        for seat, player in zip(team, players, strict=True):
            new_mus[seat] = player.mu
            new_sigmas[seat] = player.sigma
    return new_mus, new_sigmas


def expected_team_placements(
    mus: Sequence[float], sigmas: Sequence[float], teams: Teams, config: RatingConfig
) -> list[float]:
    """Each team's expected placement among the teams (they sum to 1 + 2 + ... + teams)."""
    beta_squared = config.beta**2
    team_mu = [sum(mus[seat] for seat in team) for team in teams]
    team_variance = [sum(sigmas[seat] ** 2 for seat in team) for team in teams]
    expected = [1.0] * len(teams)
    for i in range(len(teams)):
        for j in range(i + 1, len(teams)):
            spread = (len(teams[i]) + len(teams[j])) * beta_squared
            spread += team_variance[i] + team_variance[j]
            j_above_i = 0.5 * math.erfc((team_mu[i] - team_mu[j]) / math.sqrt(2.0 * spread))
            expected[i] += j_above_i
            expected[j] += 1.0 - j_above_i
    return expected


def rate_team_table(
    mus: Sequence[float],
    sigmas: Sequence[float],
    totals: Sequence[int],
    ranks: Sequence[int],
    teams: Teams,
    config: RatingConfig,
) -> TableOutcome:
    """Rate one table of a team game: ratings, totals and ranks by seat, and the teams' seats;
    everything by seat out."""
    by_team = team_ranks(ranks, teams)
    groups = tie_groups([-rank for rank in by_team])
    team_places, team_placements = places_and_placements(groups)
    if config.rates_points:
        new_mus, new_sigmas = team_points_update(mus, sigmas, totals, teams, config)
    elif config.rank_model == "plackett_luce":
        new_mus, new_sigmas = plackett_luce_teams(mus, sigmas, teams, groups, config)
    else:
        new_mus, new_sigmas = _library_teams(mus, sigmas, totals, teams, team_places, config)
    expected_by_team = expected_team_placements(mus, sigmas, teams, config)
    seats = len(mus)
    places = [0] * seats
    placements = [0.0] * seats
    expected = [0.0] * seats
    for index, team in enumerate(teams):
        for seat in team:
            places[seat] = team_places[index]
            placements[seat] = team_placements[index]
            expected[seat] = expected_by_team[index]
    return TableOutcome(new_mus, new_sigmas, places, placements, expected)
