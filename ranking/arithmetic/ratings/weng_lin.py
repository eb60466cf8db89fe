"""The Weng-Lin (OpenSkill) update of one table: exact fast Plackett-Luce, or the library.

Terms:

* **strict order**: the seats of a table listed from first to last place, without ties.
* **update**: new (mu, sigma) for every seat, given their ratings before the table.

``plackett_luce_strict`` performs the same floating-point operations in the same order as
``openskill`` 6.2's ``PlackettLuce().rate(teams, ranks=...)`` for one-player teams in strict
order, so it returns bit-identical numbers (pinned by the tests) while skipping the library's
argument checks, deep copies and random player ids, which cost most of its time.
``_plackett_luce_strict_four`` is the same arithmetic unrolled for the four seats of a Bonken
table. Where the library's code multiplies by a player weight of 1.0, divides by a tie count
of 1 or by a variance ratio that is exactly 1.0 for one-player teams, or adds to a 0.0 start,
the identity is left out: these operations cannot change a float.

``library_update`` runs any other configuration (Bradley-Terry, score margins) through the
library's own ``rate()``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from openskill.models import BradleyTerryFull, PlackettLuce

from ranking.arithmetic.ratings.config import RatingConfig

Update = tuple[list[float], list[float]]


def plackett_luce_strict(
    mus: Sequence[float], sigmas: Sequence[float], config: RatingConfig
) -> Update:
    """New (mus, sigmas) for seats listed in strict finishing order (index 0 won).

    Bit-identical to openskill's ``PlackettLuce.rate`` for one-player teams with strict ranks
    and the same parameters; every expression below mirrors the library's arithmetic.
    """
    n = len(mus)
    tau = config.tau
    tau_squared = tau * tau
    beta_squared = config.beta**2
    kappa = config.kappa

    sigma_t = [math.sqrt(s * s + tau_squared) for s in sigmas]
    # Team variance of a one-player team: the library sums (sigma * 1.0) ** 2 onto 0.0.
    variance = [s**2 for s in sigma_t]
    collective = 0.0
    for v in variance:
        collective += v + beta_squared
    c = math.sqrt(collective)

    strength = [math.exp(mu / c) for mu in mus]
    # sum_q[q] = strength of everyone placed at q or below, added in finishing order.
    sum_q = [0.0] * n
    for i in range(n):
        for q in range(i + 1):
            if q == i:
                sum_q[q] = strength[i]
            else:
                sum_q[q] += strength[i]

    # The library divides by the tie count of place q (1 here), multiplies by the player's
    # weight (1.0) and by sigma**2 / team variance (exactly 1.0 for one-player teams); all of
    # these are exact identities in IEEE arithmetic, so they are left out.
    c_squared = c**2
    new_mus: list[float] = []
    new_sigmas: list[float] = []
    for i in range(n):
        omega = 0.0
        delta = 0.0
        strength_i = strength[i]
        for q in range(i + 1):
            p = strength_i / sum_q[q]
            delta += p * (1 - p)
            if q == i:
                omega += 1 - p
            else:
                omega -= p
        v = variance[i]
        omega *= v / c
        delta *= v / c_squared
        delta *= math.sqrt(v) / c
        new_mus.append(mus[i] + omega)
        new_sigmas.append(sigma_t[i] * math.sqrt(max(1 - delta, kappa)))
    return new_mus, new_sigmas


def _plackett_luce_strict_four(
    mus: Sequence[float], sigmas: Sequence[float], config: RatingConfig
) -> Update:
    """``plackett_luce_strict`` unrolled for a Bonken table of four, same operations in the
    same order (``0.0 + x`` and ``0.0 - x`` of the loop version are written as ``x``, ``-x``).
    """
    m0, m1, m2, m3 = mus
    s0, s1, s2, s3 = sigmas
    tau = config.tau
    tau_squared = tau * tau
    beta_squared = config.beta**2
    kappa = config.kappa
    sqrt = math.sqrt
    exp = math.exp

    t0 = sqrt(s0 * s0 + tau_squared)
    t1 = sqrt(s1 * s1 + tau_squared)
    t2 = sqrt(s2 * s2 + tau_squared)
    t3 = sqrt(s3 * s3 + tau_squared)
    v0 = t0**2
    v1 = t1**2
    v2 = t2**2
    v3 = t3**2
    c = sqrt(
        (((v0 + beta_squared) + (v1 + beta_squared)) + (v2 + beta_squared)) + (v3 + beta_squared)
    )
    c_squared = c**2

    e0 = exp(m0 / c)
    e1 = exp(m1 / c)
    e2 = exp(m2 / c)
    e3 = exp(m3 / c)
    q0 = ((e0 + e1) + e2) + e3
    q1 = (e1 + e2) + e3
    q2 = e2 + e3

    p00 = e0 / q0
    omega0 = 1 - p00
    delta0 = p00 * (1 - p00)

    p10 = e1 / q0
    p11 = e1 / q1
    omega1 = -p10 + (1 - p11)
    delta1 = p10 * (1 - p10) + p11 * (1 - p11)

    p20 = e2 / q0
    p21 = e2 / q1
    p22 = e2 / q2
    omega2 = (-p20 - p21) + (1 - p22)
    delta2 = (p20 * (1 - p20) + p21 * (1 - p21)) + p22 * (1 - p22)

    p30 = e3 / q0
    p31 = e3 / q1
    p32 = e3 / q2
    p33 = e3 / e3
    omega3 = ((-p30 - p31) - p32) + (1 - p33)
    delta3 = ((p30 * (1 - p30) + p31 * (1 - p31)) + p32 * (1 - p32)) + p33 * (1 - p33)

    omega0 *= v0 / c
    omega1 *= v1 / c
    omega2 *= v2 / c
    omega3 *= v3 / c
    delta0 *= v0 / c_squared
    delta1 *= v1 / c_squared
    delta2 *= v2 / c_squared
    delta3 *= v3 / c_squared
    delta0 *= sqrt(v0) / c
    delta1 *= sqrt(v1) / c
    delta2 *= sqrt(v2) / c
    delta3 *= sqrt(v3) / c
    return (
        [m0 + omega0, m1 + omega1, m2 + omega2, m3 + omega3],
        [
            t0 * sqrt(max(1 - delta0, kappa)),
            t1 * sqrt(max(1 - delta1, kappa)),
            t2 * sqrt(max(1 - delta2, kappa)),
            t3 * sqrt(max(1 - delta3, kappa)),
        ],
    )


@lru_cache(maxsize=16)
def library_model(config: RatingConfig) -> PlackettLuce | BradleyTerryFull:
    """The openskill model object for a configuration."""
    model_class = PlackettLuce if config.rank_model == "plackett_luce" else BradleyTerryFull
    return model_class(
        mu=config.mu,
        sigma=config.sigma,
        beta=config.beta,
        kappa=config.kappa,
        tau=config.tau,
        margin=config.margin,
    )


def library_update(
    mus: Sequence[float],
    sigmas: Sequence[float],
    totals: Sequence[int],
    config: RatingConfig,
    ranks: Sequence[int] | None = None,
) -> Update:
    """One table through openskill's own ``rate()``: scores when a margin is set, else ranks
    (``ranks``, or the competition places of the totals)."""
    model = library_model(config)
    teams: Any = [[model.rating(mu=mu, sigma=sigma)] for mu, sigma in zip(mus, sigmas, strict=True)]
    if config.margin > 0:  # (teams: each model takes its own rating type)
        rated = model.rate(teams, scores=[float(total) for total in totals])
    else:
        places = competition_places(totals) if ranks is None else ranks
        rated = model.rate(teams, ranks=[float(place) for place in places])
    return [team[0].mu for team in rated], [team[0].sigma for team in rated]


def competition_places(totals: Sequence[int]) -> list[int]:
    """1 + the number of seats with a higher total (ties share the better place)."""
    return [1 + sum(1 for other in totals if other > total) for total in totals]
