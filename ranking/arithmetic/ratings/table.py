"""One table's outcome: places, placements, expectations and the rating update with ties.

Terms:

* **finishing order**: the seats from the best rank to the worst: by default the highest
  total first; a game that ranks otherwise (Bonko's roll-off) gives its placements as ranks.
* **tie group**: seats with equal ranks (equal session totals by default).
* **place**, **placement**, **expected placement**: see ``records.py``.

A table has any number of seats from two (Bonanza: up to nine); four seats without a tie take
an unrolled fast path.

Ties under Plackett-Luce. ``openskill`` 6.2 gives a tied place a likelihood in which the tied
seats each count as the winner of one shared "stage" of the ranking, so with four equal
players and totals (100, 100, -50, -150) the third-placed seat gains exactly as much as the two
tied winners (the library's tie averaging, meant to even this out, compares the updated
ratings with themselves and changes nothing). Here a tie means instead "each order of the tied
seats is equally likely": the update is the average of the strict-order updates over every
order of the seats within each tie group (two tied seats: 2 orders, three: 6, four: 24).
Up to ``MAX_LISTED_ORDERS`` orders (every tie a Bonken table can have) they are listed and the
new ratings averaged; beyond that (five or more tied seats at the bigger tables of Jonkler
and Bonanza: 120 orders and up, 362,880 for nine) ``stages.py`` computes the same mean mu in
closed form over subsets, and the new sigma from the mean of its delta.
For equal ratings the tied seats then share the gains of the places they share, and whoever
finishes below a tie gains strictly less than the tied seats; for any ratings, a higher total
never gives a lower new mu (the library's handling breaks both). Bradley-Terry scores a tie as
half a win for each seat of the pair, which is already right, so it keeps the library's
handling.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from ranking.arithmetic.ratings.config import RatingConfig
from ranking.arithmetic.ratings.points import points_update
from ranking.arithmetic.ratings.stages import expected_omega_delta
from ranking.arithmetic.ratings.weng_lin import (
    Update,
    _plackett_luce_strict_four,
    library_update,
    plackett_luce_strict,
)


@dataclass(slots=True)
class TableOutcome:
    """Everything one session does at its table, by seat."""

    mus: list[float]
    sigmas: list[float]
    places: list[int]
    placements: list[float]
    expected_placements: list[float]


def finishing_order(totals: Sequence[int]) -> list[int]:
    """Seats from the highest total to the lowest; equal totals keep seat order."""
    return sorted(range(len(totals)), key=totals.__getitem__, reverse=True)


def tie_groups(totals: Sequence[int]) -> list[list[int]]:
    """Seats grouped by equal total, best total first, seats ascending within a group."""
    groups: list[list[int]] = []
    for seat in finishing_order(totals):
        if groups and totals[seat] == totals[groups[-1][0]]:
            groups[-1].append(seat)
        else:
            groups.append([seat])
    return groups


def places_and_placements(groups: Sequence[Sequence[int]]) -> tuple[list[int], list[float]]:
    """Places and placements by seat, from the tie groups."""
    seats = sum(len(group) for group in groups)
    places = [0] * seats
    placements = [0.0] * seats
    position = 1
    for group in groups:
        shared = position + (len(group) - 1) / 2
        for seat in group:
            places[seat] = position
            placements[seat] = shared
        position += len(group)
    return places, placements


def places(totals: Sequence[int]) -> list[int]:
    """Competition places: 1 for the highest total, ties share the better place."""
    return places_and_placements(tie_groups(totals))[0]


def placements(totals: Sequence[int]) -> list[float]:
    """Places with ties replaced by the mean of the places they share."""
    return places_and_placements(tie_groups(totals))[1]


def expected_placements(
    mus: Sequence[float], sigmas: Sequence[float], config: RatingConfig
) -> list[float]:
    """Expected placement of every seat: 1 + sum of P(opponent finishes above this seat).

    P(j above i) = Phi((mu_j - mu_i) / sqrt(2 beta^2 + sigma_i^2 + sigma_j^2)), the pairwise
    probability openskill's ``predict_win`` and ``predict_rank`` are built on. The expected
    placements of a table sum to 1 + 2 + ... + n, like the actual placements.
    """
    n = len(mus)
    two_beta_squared = 2 * config.beta**2
    variances = [sigma * sigma for sigma in sigmas]
    erfc = math.erfc
    sqrt = math.sqrt
    expected = [1.0] * n
    for i in range(n):
        mu_i = mus[i]
        variance_i = variances[i] + two_beta_squared
        for j in range(i + 1, n):
            j_above_i = 0.5 * erfc((mu_i - mus[j]) / sqrt(2.0 * (variance_i + variances[j])))
            expected[i] += j_above_i
            expected[j] += 1.0 - j_above_i
    return expected


def _strict_update(mus: Sequence[float], sigmas: Sequence[float], config: RatingConfig) -> Update:
    if len(mus) == 4:
        return _plackett_luce_strict_four(mus, sigmas, config)
    return plackett_luce_strict(mus, sigmas, config)


# More orders than this are not listed one by one (see the module's docstring).
MAX_LISTED_ORDERS = 24


def order_count(groups: Sequence[Sequence[int]]) -> int:
    """The number of strict orders the tie groups allow."""
    count = 1
    for group in groups:
        count *= math.factorial(len(group))
    return count


def plackett_luce_expected(
    mus: Sequence[float],
    sigmas: Sequence[float],
    groups: Sequence[Sequence[int]],
    config: RatingConfig,
) -> Update:
    """Plackett-Luce on ranks, by seat, with the mean over the tie groups' orders taken in
    closed form (``stages.py``); the scaling is ``plackett_luce_strict``'s."""
    tau_squared = config.tau * config.tau
    beta_squared = config.beta**2
    sigma_t = [math.sqrt(s * s + tau_squared) for s in sigmas]
    variance = [s**2 for s in sigma_t]
    c = math.sqrt(sum(v + beta_squared for v in variance))
    strengths = [math.exp(mu / c) for mu in mus]
    omegas, deltas = expected_omega_delta(strengths, groups)
    new_mus = []
    new_sigmas = []
    for seat, mu in enumerate(mus):
        v = variance[seat]
        new_mus.append(mu + omegas[seat] * v / c)
        delta = deltas[seat] * (v / c**2) * (math.sqrt(v) / c)
        new_sigmas.append(sigma_t[seat] * math.sqrt(max(1 - delta, config.kappa)))
    return new_mus, new_sigmas


def plackett_luce_ranked(
    mus: Sequence[float],
    sigmas: Sequence[float],
    groups: Sequence[Sequence[int]],
    config: RatingConfig,
) -> Update:
    """Plackett-Luce on ranks, by seat; tie groups averaged over their orders."""
    if order_count(groups) > MAX_LISTED_ORDERS:
        return plackett_luce_expected(mus, sigmas, groups, config)
    n = len(mus)
    new_mus = [0.0] * n
    new_sigmas = [0.0] * n
    if len(groups) == n:
        order = [group[0] for group in groups]
        strict_mus, strict_sigmas = _strict_update(
            [mus[seat] for seat in order], [sigmas[seat] for seat in order], config
        )
        for position, seat in enumerate(order):
            new_mus[seat] = strict_mus[position]
            new_sigmas[seat] = strict_sigmas[position]
        return new_mus, new_sigmas

    orders = 0
    for arrangement in itertools.product(*(itertools.permutations(g) for g in groups)):
        order = [seat for group in arrangement for seat in group]
        strict_mus, strict_sigmas = _strict_update(
            [mus[seat] for seat in order], [sigmas[seat] for seat in order], config
        )
        for position, seat in enumerate(order):
            new_mus[seat] += strict_mus[position]
            new_sigmas[seat] += strict_sigmas[position]
        orders += 1
    return [total / orders for total in new_mus], [total / orders for total in new_sigmas]


def _expected_placements_four(
    mus: Sequence[float], sigmas: Sequence[float], config: RatingConfig
) -> list[float]:
    """``expected_placements`` unrolled for four seats, same operations in the same order."""
    m0, m1, m2, m3 = mus
    s0, s1, s2, s3 = sigmas
    two_beta_squared = 2 * config.beta**2
    v0 = s0 * s0
    v1 = s1 * s1
    v2 = s2 * s2
    v3 = s3 * s3
    w0 = v0 + two_beta_squared
    w1 = v1 + two_beta_squared
    w2 = v2 + two_beta_squared
    erfc = math.erfc
    sqrt = math.sqrt
    p01 = 0.5 * erfc((m0 - m1) / sqrt(2.0 * (w0 + v1)))
    p02 = 0.5 * erfc((m0 - m2) / sqrt(2.0 * (w0 + v2)))
    p03 = 0.5 * erfc((m0 - m3) / sqrt(2.0 * (w0 + v3)))
    p12 = 0.5 * erfc((m1 - m2) / sqrt(2.0 * (w1 + v2)))
    p13 = 0.5 * erfc((m1 - m3) / sqrt(2.0 * (w1 + v3)))
    p23 = 0.5 * erfc((m2 - m3) / sqrt(2.0 * (w2 + v3)))
    return [
        ((1.0 + p01) + p02) + p03,
        ((1.0 + (1.0 - p01)) + p12) + p13,
        ((1.0 + (1.0 - p02)) + (1.0 - p12)) + p23,
        ((1.0 + (1.0 - p03)) + (1.0 - p13)) + (1.0 - p23),
    ]


def _rate_four_plackett_luce(
    mus: Sequence[float], sigmas: Sequence[float], totals: Sequence[int], config: RatingConfig
) -> TableOutcome | None:
    """The common case on its own fast path: four seats, no tie. None if there is a tie."""
    first, second, third, fourth = sorted(range(4), key=totals.__getitem__, reverse=True)
    if (
        totals[first] == totals[second]
        or totals[second] == totals[third]
        or totals[third] == totals[fourth]
    ):
        return None
    ordered_mus, ordered_sigmas = _plackett_luce_strict_four(
        (mus[first], mus[second], mus[third], mus[fourth]),
        (sigmas[first], sigmas[second], sigmas[third], sigmas[fourth]),
        config,
    )
    new_mus = [0.0, 0.0, 0.0, 0.0]
    new_sigmas = [0.0, 0.0, 0.0, 0.0]
    seat_places = [0, 0, 0, 0]
    seat_placements = [0.0, 0.0, 0.0, 0.0]
    for position, seat in enumerate((first, second, third, fourth)):
        new_mus[seat] = ordered_mus[position]
        new_sigmas[seat] = ordered_sigmas[position]
        seat_places[seat] = position + 1
        seat_placements[seat] = position + 1.0
    return TableOutcome(
        new_mus,
        new_sigmas,
        seat_places,
        seat_placements,
        _expected_placements_four(mus, sigmas, config),
    )


def rank_key(totals: Sequence[int], ranks: Sequence[int] | None) -> Sequence[int]:
    """What the table is ordered by, higher first: the totals, or the ranks turned around."""
    return totals if ranks is None else [-rank for rank in ranks]


def rate_table(
    mus: Sequence[float],
    sigmas: Sequence[float],
    totals: Sequence[int],
    config: RatingConfig,
    ranks: Sequence[int] | None = None,
) -> TableOutcome:
    """Rate one table: ratings before and totals by seat in, everything by seat out.

    ``ranks`` (1 best, equal ranks tied) order the table when given, else the totals do; a
    score margin (Bradley-Terry) and the points model always read the totals.
    """
    key = rank_key(totals, ranks)
    if config.rates_points:
        groups = tie_groups(key)
        seat_places, seat_placements = places_and_placements(groups)
        new_mus, new_sigmas = points_update(mus, sigmas, totals, config)
        return TableOutcome(
            new_mus,
            new_sigmas,
            seat_places,
            seat_placements,
            expected_placements(mus, sigmas, config),
        )
    if config.rank_model == "plackett_luce" and len(key) == 4:
        outcome = _rate_four_plackett_luce(mus, sigmas, key, config)
        if outcome is not None:
            return outcome
    groups = tie_groups(key)
    seat_places, seat_placements = places_and_placements(groups)
    if config.rank_model == "plackett_luce":
        new_mus, new_sigmas = plackett_luce_ranked(mus, sigmas, groups, config)
    else:
        new_mus, new_sigmas = library_update(mus, sigmas, totals, config, ranks=seat_places)
    return TableOutcome(
        mus=new_mus,
        sigmas=new_sigmas,
        places=seat_places,
        placements=seat_placements,
        expected_placements=expected_placements(mus, sigmas, config),
    )
