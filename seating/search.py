"""Simulated annealing over whole schedules.

The state is every free (not yet played) round: its tables and byes. The cost is

    sum over pairs of C(m) + consecutive_weight * (pairs meeting in consecutive rounds),

where m counts the pair's meetings (earlier events, played rounds and free rounds) and
C(m) = m^2 + REPEAT_WEIGHT * max(m - 1, 0): the sum of squared meetings spreads the meetings
evenly, and the repeat term makes fewer repeated pairs win over a slightly more even spread.
A small (m - 2)^2 term breaks the remaining ties, e.g. six pairs meeting three times rather
than one pair meeting at every table.

Moves:
* targeted (half the time while some pair meets twice): take one player of a repeated pair in
  a round where they sit together and make the best swap for that player with someone at
  another table of that round;
* random: swap two players at different tables of one round;
* suffix swap (now and then): two players who have sat out equally often trade places in every
  round from some round on. It moves byes without making them unfair, and from the first free
  round it relabels a construction, fitting it around the rounds already played.

The budget counts swap evaluations, so run time follows the budget, not the luck of the moves.
The run is deterministic for a given seed and stops early when the cost reaches a lower bound
(or has not improved for a third of the budget).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass


@dataclass
class SearchProblem:
    """Players are 0..n-1. `base` is a flat n*n matrix of fixed meetings (symmetric).

    `previous` gives each player's table in the last played round (-1 when not seated) and
    `sit_outs` each player's sit-outs before the first free round.
    """

    n: int
    base: list[int]
    rounds: list[list[list[int]]]
    byes: list[list[int]]
    previous: list[int] | None
    sit_outs: list[int]
    consecutive_weight: int
    budget: int
    seed: int


REPEAT_WEIGHT = 3
"""Extra cost of each repeat on top of the squared meetings."""

SAMPLE_TABLES = 16
"""A targeted move looks for the best partner among at most this many tables."""

TEMPERATURES = (2.0, 0.5)
"""Start and end temperature of the geometric cooling schedule."""


SCALE = 8
"""Costs are integers in units of 1/SCALE, leaving room for the tie-breaker below."""


def cost_table(top: int) -> list[int]:
    """C(m) for m = 0..top, scaled; (m - 2)^2 for m > 2 breaks ties towards fewer triples."""
    return [
        SCALE * (m * m + REPEAT_WEIGHT * max(m - 1, 0)) + max(m - 2, 0) ** 2 for m in range(top + 1)
    ]


def cost_lower_bound(n: int, base: list[int], incidences: int, cost: list[int]) -> int:
    """Cheapest way to add `incidences` meetings to the fixed ones, ignoring table structure."""
    levels: dict[int, int] = {}
    total = 0
    for p in range(n):
        row = p * n
        for q in range(p + 1, n):
            m = base[row + q]
            levels[m] = levels.get(m, 0) + 1
            total += cost[m]
    level = min(levels, default=0)
    while incidences > 0:
        pairs = levels.get(level, 0)
        step = cost[level + 1] - cost[level]
        used = min(pairs, incidences)
        total += used * step
        incidences -= used
        levels[level + 1] = levels.get(level + 1, 0) + used
        level += 1
    return total


def anneal(problem: SearchProblem) -> tuple[list[list[list[int]]], list[list[int]]]:
    """Improve the free rounds in place order; returns (rounds, byes)."""
    n = problem.n
    tabs = [[list(t) for t in r] for r in problem.rounds]
    byes = [list(b) for b in problem.byes]
    free = len(tabs)
    if free == 0 or n < 5:
        return tabs, byes
    cnt = list(problem.base)
    where: list[list[int]] = []
    for r in range(free):
        w = [-1] * n
        for a, table in enumerate(tabs[r]):
            for p in table:
                w[p] = a
                row = p * n
                for q in table:
                    if q != p:
                        cnt[row + q] += 1
        where.append(w)
    top = max(cnt) + free + 2
    cost = cost_table(top)
    inc = [cost[m + 1] - cost[m] for m in range(top)]
    wc = SCALE * problem.consecutive_weight
    neighbours: list[list[list[int]]] = []
    for r in range(free):
        near = []
        if r > 0:
            near.append(where[r - 1])
        elif problem.previous is not None:
            near.append(problem.previous)
        if r + 1 < free:
            near.append(where[r + 1])
        neighbours.append(near)

    total = 0
    for p in range(n):
        row = p * n
        for q in range(p + 1, n):
            total += cost[cnt[row + q]]
    for r in range(free):
        before = where[r - 1] if r > 0 else problem.previous
        if before is None:
            continue
        for table in tabs[r]:
            for i, p in enumerate(table):
                for q in table[i + 1 :]:
                    if before[p] >= 0 and before[p] == before[q]:
                        total += wc
    incidences = sum(len(t) * (len(t) - 1) // 2 for r in tabs for t in r)
    target = cost_lower_bound(n, problem.base, incidences, cost)

    conflicts: list[int] = []
    slot: dict[int, int] = {}

    def add_conflict(key: int) -> None:
        if key not in slot:
            slot[key] = len(conflicts)
            conflicts.append(key)

    def drop_conflict(key: int) -> None:
        i = slot.pop(key, None)
        if i is not None:
            last = conflicts.pop()
            if i < len(conflicts):
                conflicts[i] = last
                slot[last] = i

    for r in range(free):
        for table in tabs[r]:
            for i, p in enumerate(table):
                for q in table[i + 1 :]:
                    if cnt[p * n + q] >= 2:
                        add_conflict(min(p, q) * n + max(p, q))

    def move(r: int, p: int, q: int) -> int:
        """Exchange the places of p and q in free round r (either may be on a bye)."""
        w = where[r]
        a_idx, b_idx = w[p], w[q]
        if a_idx == b_idx:
            return 0
        delta = 0
        for src, dst, idx in ((p, q, a_idx), (q, p, b_idx)):
            if idx < 0:
                continue
            table = tabs[r][idx]
            for x in table:
                if x == src:
                    continue
                s_key, d_key = src * n + x, dst * n + x
                delta += inc[cnt[d_key]] - inc[cnt[s_key] - 1]
                cnt[s_key] -= 1
                cnt[x * n + src] -= 1
                cnt[d_key] += 1
                cnt[x * n + dst] += 1
                if cnt[s_key] == 1:
                    drop_conflict(min(src, x) * n + max(src, x))
                if cnt[d_key] >= 2:
                    add_conflict(min(dst, x) * n + max(dst, x))
                for near in neighbours[r]:
                    nx = near[x]
                    if nx >= 0:
                        if nx == near[dst]:
                            delta += wc
                        if nx == near[src]:
                            delta -= wc
            table[table.index(src)] = dst
        w[p], w[q] = b_idx, a_idx
        if a_idx < 0:
            byes[r][byes[r].index(p)] = q
        elif b_idx < 0:
            byes[r][byes[r].index(q)] = p
        return delta

    # outs[r][p]: p's sit-outs before free round r. Two players with equal counts before round
    # r may trade places in rounds r..end (a suffix swap) without making the byes unfair.
    outs = [list(problem.sit_outs)]
    for r in range(free):
        counts = outs[-1][:]
        for p in byes[r]:
            counts[p] += 1
        outs.append(counts)
    suffix_rate = 0.1 if max(len(r) for r in tabs) > 1 else 1.0

    def swap_delta(r: int, p: int, q: int, ta: list[int], tb: list[int]) -> int:
        """Cost change of swapping p (at table ta) and q (at table tb) in free round r."""
        pn, qn = p * n, q * n
        delta = 0
        for x in ta:
            if x != p:
                delta += inc[cnt[qn + x]] - inc[cnt[pn + x] - 1]
        for x in tb:
            if x != q:
                delta += inc[cnt[pn + x]] - inc[cnt[qn + x] - 1]
        if wc:
            for near in neighbours[r]:
                wp, wq = near[p], near[q]
                for x in ta:
                    if x != p:
                        nx = near[x]
                        if nx >= 0:
                            if nx == wq:
                                delta += wc
                            if nx == wp:
                                delta -= wc
                for x in tb:
                    if x != q:
                        nx = near[x]
                        if nx >= 0:
                            if nx == wp:
                                delta += wc
                            if nx == wq:
                                delta -= wc
        return delta

    rng = random.Random(problem.seed)
    rand, randrange, sample = rng.random, rng.randrange, rng.sample
    budget = max(1, problem.budget)
    temp_hi, temp_lo = SCALE * TEMPERATURES[0], SCALE * TEMPERATURES[1]
    best = total
    saved: tuple[list[list[list[int]]], list[list[int]]] | None = None
    snapshot_current = True  # the current state is the best seen and not yet copied

    def snapshot() -> tuple[list[list[list[int]]], list[list[int]]]:
        return [[t[:] for t in r] for r in tabs], [b[:] for b in byes]

    temperature = temp_hi
    patience = max(budget // 3, 20_000)
    improved_at = 0
    work = 0  # swap evaluations so far; the budget counts these
    it = 0
    while work < budget:
        it += 1
        work += 1  # every attempt costs, so the loop ends even when no move is possible
        if total <= target or work - improved_at > patience:
            break
        if it & 255 == 0:
            temperature = temp_hi * (temp_lo / temp_hi) ** (work / budget)
        if rand() < suffix_rate:
            start = randrange(free)
            p, q = randrange(n), randrange(n)
            if p == q or outs[start][p] != outs[start][q]:
                continue
            delta = 0
            work += free - start - 1
            for r in range(start, free):
                delta += move(r, p, q)
            if delta <= 0 or rand() < math.exp(-delta / temperature):
                if delta > 0 and snapshot_current:
                    for r in range(free - 1, start - 1, -1):
                        move(r, p, q)
                    saved = snapshot()
                    snapshot_current = False
                    for r in range(start, free):
                        move(r, p, q)
                for r in range(start + 1, free + 1):
                    counts = outs[r]
                    counts[p], counts[q] = counts[q], counts[p]
                total += delta
                if total < best:
                    best, snapshot_current, improved_at = total, True, work
            else:
                for r in range(free - 1, start - 1, -1):
                    move(r, p, q)
            continue
        if conflicts and rand() < 0.5:
            key = conflicts[randrange(len(conflicts))]
            x, y = divmod(key, n)
            together = [s for s in range(free) if where[s][x] >= 0 and where[s][x] == where[s][y]]
            if not together:
                drop_conflict(key)
                continue
            r = together[randrange(len(together))]
            p = x if rand() < 0.5 else y
            tables = tabs[r]
            count = len(tables)
            if count < 2:
                continue
            a_idx = where[r][p]
            ta = tables[a_idx]
            # The best swap for p among (a sample of) the other tables of this round.
            others = range(count) if count <= SAMPLE_TABLES else sample(range(count), SAMPLE_TABLES)
            found: int | None = None
            q = -1
            for b_idx in others:
                if b_idx == a_idx:
                    continue
                work += 3
                for candidate in tables[b_idx]:
                    d = swap_delta(r, p, candidate, ta, tables[b_idx])
                    if found is None or d < found or (d == found and rand() < 0.5):
                        found, q = d, candidate
            if found is None:
                continue
            delta = found
        else:
            r = randrange(free)
            tables = tabs[r]
            count = len(tables)
            if count < 2:
                continue
            a_idx = randrange(count)
            b_idx = randrange(count - 1)
            if b_idx >= a_idx:
                b_idx += 1
            p = tables[a_idx][randrange(len(tables[a_idx]))]
            q = tables[b_idx][randrange(len(tables[b_idx]))]
            delta = swap_delta(r, p, q, tables[a_idx], tables[b_idx])
        if delta > 0 and rand() >= math.exp(-delta / temperature):
            continue
        if delta > 0 and snapshot_current:
            saved = snapshot()
            snapshot_current = False
        move(r, p, q)
        total += delta
        if total < best:
            best, snapshot_current, improved_at = total, True, work
    if not snapshot_current and saved is not None and total > best:
        return saved
    return tabs, byes
