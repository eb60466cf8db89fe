"""Meetings, repeated pairs and the lower bound on them.

Lower bound. Let player p meet m_p others over the event, counted with multiplicity: at a
table of k players p meets k - 1 (three at Bonken's tables of four, so m_p = 3 s_p for a player
seated s_p times). The m_p meetings are spread over at most N - 1 distinct partners, so at least
m_p - (N - 1) of them are repeats. Each repeated pair is seen from both ends, so

    repeated pairs >= ceil(sum_p max(0, m_p - (N - 1)) / 2),

which is N(3R - N + 1)/2 when everybody plays all R rounds at tables of four. Before a
schedule exists (`lower_bound`) the m_p are not known for mixed table sizes (Jonkler 5 + 5 + 4:
who sits at the tables of five?), but their sum is: R times sum over tables of k(k - 1); the
sum of max(0, m_p - (N - 1)) is convex, so spreading that total as evenly as possible over the
players gives the least it can be, and a bound for every schedule. This bound is zero for
short events although few tables force repeats (8 players can never play two rounds without
repeats), so it is combined with a pigeonhole bound: between two rounds seating S_a and S_b of
the N players, at T_a and T_b tables, at least S_a + S_b - N players sit in both; a table of
the second round that holds r of them takes them from only T_a tables of the first, so at least
minspread(r, T_a) of its pairs also met there (the sizes of the tables only add to that). That
gives X, a lower bound on sum over pairs of C(m, 2); a pair meeting m <= R times adds
C(m, 2) <= (m - 1) R / 2 to X, hence repeated pairs >= 2 X / R. The larger of the two
bounds is reported.

Partners. In a team game (Bonko) partners sit together every round by rule; no seating can
choose otherwise, so their meetings are not repeats. ``quality_report(rounds, partners)``
leaves the partners' pairs out of every count, and out of the bound: a player meets at most
N - 2 others who are not their partner, and the pairs that met in two rounds lose the
partners' own share.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations

from .layout import table_layout
from .types import Pair, PlayerId, QualityReport, SeatingRound


def pair(a: PlayerId, b: PlayerId) -> Pair:
    return (a, b) if a < b else (b, a)


def table_pairs(table: Sequence[PlayerId]) -> Iterable[Pair]:
    return (pair(a, b) for a, b in combinations(table, 2))


def count_meetings(
    rounds: Iterable[SeatingRound], partners: Iterable[Sequence[PlayerId]] = ()
) -> Counter[Pair]:
    """How often each pair sat at the same table (partners' pairs left out)."""
    skip = partner_pairs(partners)
    meetings: Counter[Pair] = Counter()
    for round_ in rounds:
        for table in round_.tables:
            meetings.update(p for p in table_pairs(table) if p not in skip)
    return meetings


def partner_pairs(partners: Iterable[Sequence[PlayerId]]) -> frozenset[Pair]:
    """The pairs of players who form a team (pairs of one player are ignored)."""
    return frozenset(pair(a, b) for team in partners for a, b in combinations(team, 2) if a != b)


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


def counting_bound(players: int, seats: Iterable[int], others: int = 3) -> int:
    """The counting bound for players seated `seats` times at tables where each meets
    `others` players."""
    return meetings_bound(players, (others * s for s in seats))


def meetings_bound(players: int, meetings: Iterable[int]) -> int:
    """The counting bound for players who meet `meetings` others each (with multiplicity)."""
    excess = sum(max(0, m - (players - 1)) for m in meetings)
    return (excess + 1) // 2


def pigeonhole_bound(
    players: int, tables_per_round: Sequence[int], seated_per_round: Sequence[int] | None = None
) -> int:
    """The pigeonhole bound for rounds of `tables_per_round` tables seating
    `seated_per_round` players (by default four a table)."""
    rounds = len(tables_per_round)
    if rounds < 2:
        return 0
    return -(-2 * pigeonhole_overlap(players, tables_per_round, seated_per_round) // rounds)


def pigeonhole_overlap(
    players: int, tables_per_round: Sequence[int], seated_per_round: Sequence[int] | None = None
) -> int:
    """X of the module's docstring: at least this many (pair, two rounds) in which the pair
    met in both rounds."""
    rounds = len(tables_per_round)
    seated = (
        list(seated_per_round)
        if seated_per_round is not None
        else [4 * tables for tables in tables_per_round]
    )
    overlap = 0
    for a in range(rounds):
        for b in range(a + 1, rounds):
            ta, tb = tables_per_round[a], tables_per_round[b]
            both = max(0, seated[a] + seated[b] - players)
            per_table, extra = divmod(both, tb) if tb else (0, 0)
            overlap += (tb - extra) * _min_spread(per_table, ta) + extra * _min_spread(
                per_table + 1, ta
            )
    return overlap


def lower_bound(
    players: int, rounds: int, sizes: Sequence[int] = (4,), preferred: int | None = None
) -> int:
    """Fewest repeated pairs possible for `players` over `rounds` rounds with fair byes, at
    the tables of `table_layout(players, sizes, preferred)` (tables of four by default)."""
    layout = table_layout(players, sizes, preferred)
    if not layout or rounds < 1:
        return 0
    seated = sum(layout)
    pigeon = pigeonhole_bound(players, [len(layout)] * rounds, [seated] * rounds)
    if len(set(layout)) == 1:
        byes_total = rounds * (players - seated)
        fewer, more = divmod(byes_total, players)
        seats = [rounds - fewer - 1] * more + [rounds - fewer] * (players - more)
        return max(counting_bound(players, seats, layout[0] - 1), pigeon)
    total = rounds * sum(k * (k - 1) for k in layout)
    each, more = divmod(total, players)
    meetings = [each + 1] * more + [each] * (players - more)
    return max(meetings_bound(players, meetings), pigeon)


def schedule_bound(
    rounds: Sequence[SeatingRound], partners: Iterable[Sequence[PlayerId]] = ()
) -> int:
    """The lower bound for the player and bye counts of an actual schedule (partners' meetings
    not counted)."""
    skip = partner_pairs(partners)
    met: Counter[PlayerId] = Counter()
    everyone: set[PlayerId] = set()
    together: Counter[Pair] = Counter()
    for round_ in rounds:
        for table in round_.tables:
            for a, b in table_pairs(table):
                if (a, b) in skip:
                    together[(a, b)] += 1
                else:
                    met[a] += 1
                    met[b] += 1
        everyone.update(round_.seated())
        everyone.update(round_.byes)
    players = len(everyone)
    paired = {p for a, b in skip if a in everyone and b in everyone for p in (a, b)}
    excess = sum(max(0, m - (players - 1 - (p in paired))) for p, m in met.items())
    counting = (excess + 1) // 2
    if len(rounds) < 2:
        return counting
    overlap = pigeonhole_overlap(
        players, [len(r.tables) for r in rounds], [len(r.seated()) for r in rounds]
    )
    overlap -= sum(_choose2(times) for times in together.values())  # the partners' own share
    pigeon = -(-2 * overlap // len(rounds)) if overlap > 0 else 0
    return max(counting, pigeon)


def consecutive_repeats(
    rounds: Sequence[SeatingRound], partners: Iterable[Sequence[PlayerId]] = ()
) -> int:
    skip = partner_pairs(partners)
    total = 0
    previous: set[Pair] = set()
    for round_ in rounds:
        current = {p for table in round_.tables for p in table_pairs(table) if p not in skip}
        total += len(current & previous)
        previous = current
    return total


def quality_report(
    rounds: Sequence[SeatingRound], partners: Iterable[Sequence[PlayerId]] = ()
) -> QualityReport:
    """Repeats, the most meetings of any pair, and the lower bound, for the rounds given;
    ``partners`` (a team game's teams) sit together by rule, so their meetings are no repeats."""
    teams = [tuple(team) for team in partners]
    meetings = count_meetings(rounds, teams)
    everyone = {p for r in rounds for p in r.seated()} | {p for r in rounds for p in r.byes}
    return QualityReport(
        players=len(everyone),
        rounds=len(rounds),
        repeated_pairs=repeated_pairs(meetings),
        max_meetings=max(meetings.values(), default=0),
        lower_bound=schedule_bound(rounds, teams),
        consecutive_repeats=consecutive_repeats(rounds, teams),
    )
