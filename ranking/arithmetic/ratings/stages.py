"""The Plackett-Luce update of one match, averaged over every order of its ties, in closed form.

Terms:

* **unit**: what is ranked: a player, or a team (``teams.py``).
* **strength**: ``e = exp(mu / c)`` of a unit, ``c`` the match's spread (``weng_lin.py``).
* **stage**: in a strict order, stage ``q`` picks the winner of place ``q`` among the units
  placed at ``q`` or below; ``S_q`` is the sum of their strengths.

For a unit at position ``i`` of a strict order Weng-Lin's Plackett-Luce update is, before
its scaling by the unit's variance,

    omega = 1 - e * sum_{q <= i} 1 / S_q
    delta = sum_{q <= i} (e / S_q) * (1 - e / S_q) = e * sum 1 / S_q - e^2 * sum 1 / S_q^2

A tie means "every order of the tied units is equally likely", so a tied match takes the
mean over those orders of both sums. The orders need not be listed (a nine-way tie has
362,880): in a random order of a tie group the units placed at a stage of that group are a
random subset of the group of the stage's size, so

* a stage of an earlier group adds, to everyone below, the mean of ``1 / (R + e(T))`` over
  the group's subsets ``T`` of each size (``R``: the strength of everyone below the group);
* the stages of the unit's own group add ``1 / (C(m, |T|) * (R + e(T)))`` over the subsets
  ``T`` of its group that contain the unit (the unit takes part in the stage with ``T``
  exactly when it is placed within ``T``).

That is ``2^m`` subsets for a group of ``m`` units instead of ``m!`` orders, and exact: the
mean of omega, so of the new mu, equals the mean over every order. For sigma, which is a
square root of ``1 - delta``, the mean delta is applied once (the enumerated mean of the new
sigmas differs from it only in the second order of the small per-match delta; see
``table.py`` for where each is used). Without ties every group is one unit and the sums are
the strict update's.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

# A tie group of more units than this would take too long (2^m subsets); no game's table
# comes close (Bonanza: nine seats).
MAX_GROUP = 16


def expected_stage_sums(
    strengths: Sequence[float], groups: Sequence[Sequence[int]]
) -> tuple[list[float], list[float]]:
    """Per unit, the mean over the orders within ``groups`` (best first) of the sums of
    ``1 / S_q`` and of ``1 / S_q^2`` over the stages the unit takes part in."""
    n = len(strengths)
    below = [0.0] * len(groups)
    running = 0.0
    for index in range(len(groups) - 1, -1, -1):
        below[index] = running
        running += sum(strengths[unit] for unit in groups[index])
    sum_inverse = [0.0] * n
    sum_inverse_squared = [0.0] * n
    earlier = 0.0  # what the stages of the groups above add to every unit below them
    earlier_squared = 0.0
    for index, group in enumerate(groups):
        m = len(group)
        if m > MAX_GROUP:
            raise ValueError(f"a tie of {m} is more than the {MAX_GROUP} the ratings handle")
        base = below[index]
        weights = [0.0] + [1.0 / comb(m, size) for size in range(1, m + 1)]
        totals = [base] * (1 << m)
        sizes = [0] * (1 << m)
        own = [0.0] * m
        own_squared = [0.0] * m
        group_sum = 0.0
        group_sum_squared = 0.0
        for mask in range(1, 1 << m):
            low = mask & -mask
            rest = mask ^ low
            member = low.bit_length() - 1
            totals[mask] = totals[rest] + strengths[group[member]]
            sizes[mask] = sizes[rest] + 1
            inverse = 1.0 / totals[mask]
            weight = weights[sizes[mask]]
            share = weight * inverse
            share_squared = share * inverse
            group_sum += share
            group_sum_squared += share_squared
            bits = mask
            while bits:
                bit = bits & -bits
                position = bit.bit_length() - 1
                own[position] += share
                own_squared[position] += share_squared
                bits ^= bit
        for position, unit in enumerate(group):
            sum_inverse[unit] = earlier + own[position]
            sum_inverse_squared[unit] = earlier_squared + own_squared[position]
        earlier += group_sum
        earlier_squared += group_sum_squared
    return sum_inverse, sum_inverse_squared


def expected_omega_delta(
    strengths: Sequence[float], groups: Sequence[Sequence[int]]
) -> tuple[list[float], list[float]]:
    """Per unit, the mean over the orders within ``groups`` of the unscaled omega and delta."""
    sum_inverse, sum_inverse_squared = expected_stage_sums(strengths, groups)
    omegas = []
    deltas = []
    for unit, e in enumerate(strengths):
        first = e * sum_inverse[unit]
        omegas.append(1.0 - first)
        deltas.append(first - e * e * sum_inverse_squared[unit])
    return omegas, deltas
