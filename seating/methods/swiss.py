"""The `swiss` method: one round from the current standings.

Players are ranked by standings (ties in a seeded order). The byes go to the lowest ranked
among those with the fewest sit-outs; the rest start in rank order, cut into the tables of the
layout (four to a table for Bonken; largest tables on top for mixed sizes), so strong players
meet strong players. Then swaps between nearby tables lower

    sum over tables of spread + repeat_weight * sum over pairs at a table of penalty,

where spread is the sum of squared distances from the table's mean rank (ranks in units of one
table of the layout's mean size, tied players sharing a rank) and the penalty of a pair that
met m times before (earlier rounds, and earlier events as weighted) is m(m + 1)/2, plus one if
they met last round.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..byes import choose_byes, sit_out_counts
from ..layout import cut_tables
from ..quality import normalize_history
from ..rng import make_rng
from ..types import Pair, PlayerId, SeatingOptions, SeatingRound

WINDOW = 3
"""Swaps are tried between tables at most this far apart in rank order."""


def _rank_values(
    ranked: list[PlayerId], standings: Mapping[PlayerId, float], size: float = 4
) -> list[float]:
    """Rank positions in table units; players with equal standings share their mean rank."""
    values = [0.0] * len(ranked)
    i = 0
    while i < len(ranked):
        j = i
        score = standings.get(ranked[i], 0)
        while j + 1 < len(ranked) and standings.get(ranked[j + 1], 0) == score:
            j += 1
        for k in range(i, j + 1):
            values[k] = (i + j) / (2 * size)
        i = j + 1
    return values


def swiss_round(
    players: Sequence[PlayerId],
    played_rounds: Sequence[SeatingRound],
    *,
    standings: Mapping[PlayerId, float],
    history: Mapping[Pair, int],
    byes_so_far: Mapping[PlayerId, int] | None,
    options: SeatingOptions,
    seed: int,
    layout: list[int] | None = None,
) -> SeatingRound:
    ranked = sorted(set(players))
    make_rng(seed, "swiss", len(played_rounds)).shuffle(ranked)
    ranked.sort(key=lambda p: -standings.get(p, 0))
    counts = sit_out_counts(ranked, played_rounds, byes_so_far)
    if layout is None:
        layout = [4] * (len(ranked) // 4)
    byes = choose_byes(ranked[::-1], counts, len(ranked) - sum(layout))
    off = set(byes)
    seated = [p for p in ranked if p not in off]
    n = len(seated)
    if len(layout) < 2:
        return SeatingRound(tables=cut_tables(seated, layout), byes=byes)

    value = _rank_values(seated, standings, n / len(layout))
    index = {p: i for i, p in enumerate(seated)}
    met = [0] * (n * n)
    weight = options.history_weight
    for (a, b), times in normalize_history(history).items():
        if a in index and b in index and weight:
            met[index[a] * n + index[b]] += weight * times
    for round_ in played_rounds:
        for table in round_.tables:
            inside = [index[p] for p in table if p in index]
            for x in inside:
                for y in inside:
                    if x < y:
                        met[x * n + y] += 1
    last: set[tuple[int, int]] = set()
    if played_rounds:
        for table in played_rounds[-1].tables:
            inside = sorted(index[p] for p in table if p in index)
            last.update((x, y) for x in inside for y in inside if x < y)
    w = options.swiss_repeat_weight
    penalty = [0.0] * (n * n)
    for x in range(n):
        for y in range(x + 1, n):
            m = met[x * n + y]
            cost = w * (m * (m + 1) / 2 + ((x, y) in last))
            penalty[x * n + y] = penalty[y * n + x] = cost

    tables = cut_tables(list(range(n)), layout)
    sums = [sum(value[p] for p in t) for t in tables]
    squares = [sum(value[p] ** 2 for p in t) for t in tables]

    def pairs_cost(p: int, table: list[int], skip: int) -> float:
        row = p * n
        return sum(penalty[row + x] for x in table if x != skip)

    improved = True
    sweeps = 0
    while improved and sweeps < 50:
        improved = False
        sweeps += 1
        for a in range(len(tables)):
            for b in range(a + 1, min(a + 1 + WINDOW, len(tables))):
                ta, tb = tables[a], tables[b]
                ka, kb = len(ta), len(tb)
                for i in range(ka):
                    for j in range(kb):
                        p, q = ta[i], tb[j]
                        vp, vq = value[p], value[q]
                        sa, sb = sums[a] - vp + vq, sums[b] - vq + vp
                        qa = squares[a] - vp * vp + vq * vq
                        qb = squares[b] - vq * vq + vp * vp
                        spread_delta = (qa - sa * sa / ka + qb - sb * sb / kb) - (
                            squares[a] - sums[a] ** 2 / ka + squares[b] - sums[b] ** 2 / kb
                        )
                        delta = spread_delta + (
                            pairs_cost(q, ta, p)
                            + pairs_cost(p, tb, q)
                            - pairs_cost(p, ta, p)
                            - pairs_cost(q, tb, q)
                        )
                        if delta < -1e-9:
                            ta[i], tb[j] = q, p
                            sums[a], sums[b], squares[a], squares[b] = sa, sb, qa, qb
                            improved = True
    return SeatingRound(tables=[[seated[p] for p in t] for t in tables], byes=byes)
