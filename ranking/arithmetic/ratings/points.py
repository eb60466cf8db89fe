"""The points model: a Gaussian (Kalman) update on each seat's points against expectation.

Terms:

* **score scale**: the game's spread of session totals in points (about one standard deviation
  of a seat's total at a table of equals; Bonken's classic rules: 250). Totals are read in
  units of it, so a house ruleset that halves every value halves its scale and rates alike.
* **points residual**: a seat's total minus the table's mean total, in units of the scale. A
  Bonken table where one player took 600 and another -500 says more than "first and fourth".
* **expected points**: the residual the ratings predict before the session,
  ``(mu_i - mean of the table's mu) / points_beta`` (times the scale, in points). A seat at a
  strong table is expected to score less, so the same total earns more there: the opponents'
  strength is part of the expectation.
* **update**: each seat's rating is a normal distribution (mu, sigma); the residual is one
  noisy linear observation of it (noise variance ``points_noise ** 2``; the opponents'
  uncertainty adds to it), and the new (mu, sigma) is the exact posterior of a Kalman
  filter step: ``mu += K * (actual - expected)``, ``sigma^2 *= 1 - K * c`` with gain
  ``K = sigma^2 * c / S``. ``points_tau`` is added to sigma first (skills drift), as
  ``tau`` is in Weng-Lin.

The update depends on the seats only through their own numbers (the order of the seats does
not matter), a higher total never gives a lower new mu, and sigma never grows by more than
``points_tau`` per session (it shrinks towards a floor set by ``points_tau``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ranking.arithmetic.ratings.config import RatingConfig


def points_residuals(totals: Sequence[float], scale: float) -> list[float]:
    """Each seat's total minus the table's mean, in units of the game's score scale."""
    mean = sum(totals) / len(totals)
    return [(total - mean) / scale for total in totals]


def expected_residuals(mus: Sequence[float], config: RatingConfig) -> list[float]:
    """The residual each seat is expected to score, from the ratings before the session."""
    mean = sum(mus) / len(mus)
    return [(mu - mean) / config.points_beta for mu in mus]


def expected_points(mus: Sequence[float], config: RatingConfig) -> list[float]:
    """Expected session totals around the table's mean total (0 in a zero-sum game)."""
    return [value * config.score_scale for value in expected_residuals(mus, config)]


def points_update(
    mus: Sequence[float],
    sigmas: Sequence[float],
    totals: Sequence[int],
    config: RatingConfig,
) -> tuple[list[float], list[float]]:
    """New (mus, sigmas) by seat after one table's totals."""
    seats = len(mus)
    beta = config.points_beta
    own = (seats - 1) / (seats * beta)  # d residual_i / d mu_i
    other = 1.0 / (seats * beta)  # - d residual_i / d mu_j
    tau_squared = config.points_tau * config.points_tau
    variances = [sigma * sigma + tau_squared for sigma in sigmas]
    total_variance = sum(variances)
    noise = config.points_noise * config.points_noise
    actual = points_residuals(totals, config.score_scale)
    expected = expected_residuals(mus, config)
    new_mus: list[float] = []
    new_sigmas: list[float] = []
    for seat in range(seats):
        variance = variances[seat]
        spread = noise + own * own * variance + other * other * (total_variance - variance)
        gain = variance * own / spread
        new_mus.append(mus[seat] + gain * (actual[seat] - expected[seat]))
        new_sigmas.append(math.sqrt(variance * (1.0 - gain * own)))
    return new_mus, new_sigmas


def team_points_update(
    mus: Sequence[float],
    sigmas: Sequence[float],
    totals: Sequence[int],
    teams: Sequence[Sequence[int]],
    config: RatingConfig,
) -> tuple[list[float], list[float]]:
    """New (mus, sigmas) by seat after one table of a team game, its players rated.

    A team's score (the mean of its seats' totals: partners share it) minus the mean of the
    teams' scores, in units of the scale, is one noisy observation of the team's strength,
    the sum of its partners' mus, against the mean of the teams'. Each partner's update is
    the Kalman step of that observation for the partner's own skill: partners move in the
    same direction, the less certain one more. With teams of one this is ``points_update``.
    """
    count = len(teams)
    beta = config.points_beta
    own = (count - 1) / (count * beta)  # d residual_t / d mu_i, i in team t
    other = 1.0 / (count * beta)  # - d residual_t / d mu_j, j in another team
    tau_squared = config.points_tau * config.points_tau
    variances = [sigma * sigma + tau_squared for sigma in sigmas]
    total_variance = sum(variances)
    noise = config.points_noise * config.points_noise
    scores = [sum(totals[seat] for seat in team) / len(team) for team in teams]
    strengths = [sum(mus[seat] for seat in team) for team in teams]
    actual = points_residuals(scores, config.score_scale)
    expected = expected_residuals(strengths, config)
    new_mus = list(mus)
    new_sigmas = list(sigmas)
    for index, team in enumerate(teams):
        mine = sum(variances[seat] for seat in team)
        spread = noise + own * own * mine + other * other * (total_variance - mine)
        surprise = actual[index] - expected[index]
        for seat in team:
            gain = variances[seat] * own / spread
            new_mus[seat] = mus[seat] + gain * surprise
            new_sigmas[seat] = math.sqrt(variances[seat] * (1.0 - gain * own))
    return new_mus, new_sigmas
