"""Meetings, repeated pairs and the lower bound on them.

Lower bound. Let player p sit at s_p tables among N players. At each table p meets three
others, so 3 s_p meetings are spread over at most N - 1 distinct partners, and at least
3 s_p - (N - 1) of p's meetings are repeats. Each repeated pair is seen from both ends, so

    repeated pairs >= ceil(sum_p max(0, 3 s_p - (N - 1)) / 2),

which is N(3R - N + 1)/2 when everybody plays all R rounds. This bound is zero for short events
although few tables force repeats (8 players can never play two rounds without repeats), so it
is combined with a pigeonhole bound: between two rounds with T_a and T_b tables, at least
4 T_a + 4 T_b - N players sit in both; a table of the second round that holds r of them takes
them from only T_a tables of the first, so at least minspread(r, T_a) of its pairs also met
there. That gives X, a lower bound on sum over pairs of C(m, 2); a pair meeting m <= R times
adds C(m, 2) <= (m - 1) R / 2 to X, hence repeated pairs >= 2 X / R. The larger of the two
bounds is reported.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations

from .types import Pair, PlayerId, QualityReport, Round


def pair(a: PlayerId, b: PlayerId) -> Pair:
    return (a, b) if a < b else (b, a)


def table_pairs(table: Sequence[PlayerId]) -> Iterable[Pair]:
    return (pair(a, b) for a, b in combinations(table, 2))


def count_meetings(rounds: Iterable[Round]) -> Counter[Pair]:
    """How often each pair sat at the same table."""
    meetings: Counter[Pair] = Counter()
    for round_ in rounds:
        for table in round_.tables:
            meetings.update(table_pairs(table))
    return meetings


def normalize_history(history: Mapping[Pair, int]) -> Counter[Pair]:
    """Earlier meetings keyed by (smaller id, larger id), with zero and negative counts dropped."""
    out: Counter[Pair] = Counter()
    for (a, b), times in history.items():
        if times > 0 and a != b:
            out[pair(a, b)] += times
    return out


def repeated_pairs(meetings: Mapping[Pair, int]) -> int:
    return sum(m - 1 for m in meetings.values() if m > 1)


def _choose2(k: int) -> int:
    return k * (k - 1) // 2


def _min_spread(r: int, bins: int) -> int:
    """Fewest pairs sharing a bin when r items go into `bins` bins."""
    if bins <= 0:
        return _choose2(r)
    k, extra = divmod(r, bins)
    return (bins - extra) * _choose2(k) + extra * _choose2(k + 1)


def counting_bound(players: int, seats: Iterable[int]) -> int:
    excess = sum(max(0, 3 * s - (players - 1)) for s in seats)
    return (excess + 1) // 2


def pigeonhole_bound(players: int, tables_per_round: Sequence[int]) -> int:
    rounds = len(tables_per_round)
    if rounds < 2:
        return 0
    overlap = 0
    for a in range(rounds):
        for b in range(a + 1, rounds):
            ta, tb = tables_per_round[a], tables_per_round[b]
            both = max(0, 4 * ta + 4 * tb - players)
            per_table, extra = divmod(both, tb) if tb else (0, 0)
            overlap += (tb - extra) * _min_spread(per_table, ta) + extra * _min_spread(
                per_table + 1, ta
            )
    return -(-2 * overlap // rounds)


def lower_bound(players: int, rounds: int) -> int:
    """Fewest repeated pairs possible for `players` over `rounds` rounds with fair byes."""
    if players < 4 or rounds < 1:
        return 0
    tables = players // 4
    byes_total = rounds * (players % 4)
    fewer, more = divmod(byes_total, players)
    seats = [rounds - fewer - 1] * more + [rounds - fewer] * (players - more)
    return max(counting_bound(players, seats), pigeonhole_bound(players, [tables] * rounds))


def schedule_bound(rounds: Sequence[Round]) -> int:
    """The lower bound for the player and bye counts of an actual schedule."""
    seats: Counter[PlayerId] = Counter()
    everyone: set[PlayerId] = set()
    for round_ in rounds:
        for table in round_.tables:
            seats.update(table)
        everyone.update(round_.seated())
        everyone.update(round_.byes)
    players = len(everyone)
    counting = counting_bound(players, seats.values())
    pigeon = pigeonhole_bound(players, [len(r.tables) for r in rounds])
    return max(counting, pigeon)


def consecutive_repeats(rounds: Sequence[Round]) -> int:
    total = 0
    previous: set[Pair] = set()
    for round_ in rounds:
        current = {p for table in round_.tables for p in table_pairs(table)}
        total += len(current & previous)
        previous = current
    return total


def quality_report(rounds: Sequence[Round]) -> QualityReport:
    """Repeats, the most meetings of any pair, and the lower bound, for the rounds given."""
    meetings = count_meetings(rounds)
    everyone = {p for r in rounds for p in r.seated()} | {p for r in rounds for p in r.byes}
    return QualityReport(
        players=len(everyone),
        rounds=len(rounds),
        repeated_pairs=repeated_pairs(meetings),
        max_meetings=max(meetings.values(), default=0),
        lower_bound=schedule_bound(rounds),
        consecutive_repeats=consecutive_repeats(rounds),
    )
