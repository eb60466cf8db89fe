"""How the accuracy benchmark credits a prediction of one table (the winner, every pair in
the right order) and the paired 95 % interval of one method's credits against another's."""

from __future__ import annotations

import math
from collections.abc import Sequence


def winner_credit(predicted: Sequence[float], totals: Sequence[int]) -> float:
    """Share of the predicted favourites (highest score) who finished first (highest
    ``totals``: the game's order)."""
    best = max(predicted)
    favourites = [seat for seat, value in enumerate(predicted) if value == best]
    top = max(totals)
    return sum(1 for seat in favourites if totals[seat] == top) / len(favourites)


def pairwise_credit(predicted: Sequence[float], totals: Sequence[int]) -> float | None:
    """Share of decided pairs ordered correctly; None when every pair was tied."""
    credit = 0.0
    pairs = 0
    for i in range(len(totals)):
        for j in range(i + 1, len(totals)):
            if totals[i] == totals[j]:
                continue
            pairs += 1
            if predicted[i] == predicted[j]:
                credit += 0.5
            elif (predicted[i] > predicted[j]) == (totals[i] > totals[j]):
                credit += 1.0
    return credit / pairs if pairs else None


def mean_of(values: Sequence[float]) -> float:
    kept = [v for v in values if not math.isnan(v)]
    return sum(kept) / len(kept) if kept else math.nan


def paired_interval(values: Sequence[float], baseline: Sequence[float]) -> tuple[float, float]:
    """Mean difference and its 95 % half-width (normal approximation)."""
    diffs = [
        v - b for v, b in zip(values, baseline, strict=True) if not (math.isnan(v) or math.isnan(b))
    ]
    if len(diffs) < 2:
        return math.nan, math.nan
    mean = sum(diffs) / len(diffs)
    variance = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
    return mean, 1.96 * math.sqrt(variance / len(diffs))
