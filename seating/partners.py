"""Partners chosen by the seating: a team game whose event has no fixed teams (Bonko without
teams: whoever sits in a team's seats plays together that round).

The tables come from the method as for any game; this module only orders each table's players
over its seats, which decides who partners whom and who opposes whom. For every table it takes,
among the ways to split its players into the game's teams (three at Bonko's table of four), the
one that partners nobody with a former partner and spreads the opponents best: the cost of a
split is PARTNER_WEIGHT per earlier partnership of its teams plus, for every pair of opponents,
2m + 1 when they opposed m times before (so the sum of squared opponent meetings, which spreads
them). The rounds are taken in order, then improved table by table until no split gets cheaper.

Counting. Over R rounds a player partners R others and opposes 2R (two a round at a table of
two teams of two), among N - 1, so at least sum_p max(0, R_p - (N - 1)) / 2 pairs partner
twice and sum_p max(0, 2 R_p - (N - 1)) / 2 oppose twice: ``partner_bounds``.

Then, unless partners and opponents meet their bounds, a search that also moves players
between tables (partner_search.py) improves the spread: 16 players over 8 rounds oppose again
in 13 or 14 pairs instead of 24 (the bound is 8).

Whist tournaments. When every pair must meet several times (12 players over 11 rounds), the
tables chosen for meetings alone may leave no split without a partner twice. Before the first
round, ``team_plan`` also tries the rounds of a whist tournament (designs/whist.py: every pair
partners once and opposes twice over n - 1 rounds) and keeps whichever partners and opposes
better; the club's earlier meetings are not weighed there.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from .designs.whist import whist_rounds
from .partner_search import improve_partners
from .quality import count_meetings, pair, repeated_pairs
from .rng import derive_seed, make_rng
from .types import Pair, PlayerId, SeatingRound

PARTNER_WEIGHT = 1000
"""Cost of partnering two players who partnered before: above any opponent spread."""

MAX_PASSES = 6
"""Improvement passes over the free rounds' tables."""

SEARCH_BUDGET = 24_000
"""Moves of the search over partners and opponents (partner_search.py): half a second or so."""

TeamSeats = Mapping[int, Sequence[Sequence[int]]]


def splits(players: Sequence[PlayerId], teams: int) -> list[list[tuple[PlayerId, ...]]]:
    """Every way to split `players` into `teams` unordered teams of equal size (the first
    player always in the first team)."""
    if teams <= 1:
        return [[tuple(players)]]
    size = len(players) // teams
    first, rest = players[0], list(players[1:])
    out: list[list[tuple[PlayerId, ...]]] = []

    def choose(start: int, team: list[PlayerId]) -> None:
        if len(team) == size:
            left = [p for p in rest if p not in team]
            for tail in splits(left, teams - 1):
                out.append([tuple(team), *tail])
            return
        for i in range(start, len(rest)):
            choose(i + 1, [*team, rest[i]])

    choose(0, [first])
    return out


def teams_at(table: Sequence[PlayerId], seats: Sequence[Sequence[int]]) -> list[tuple[int, ...]]:
    """The teams of a table seated in seat order."""
    return [tuple(table[s] for s in group) for group in seats]


@dataclass
class Counts:
    partners: Counter[Pair]
    opponents: Counter[Pair]

    def update(self, teams: Sequence[Sequence[PlayerId]], sign: int = 1) -> None:
        for i, team in enumerate(teams):
            for a_index, a in enumerate(team):
                for b in team[a_index + 1 :]:
                    self.partners[pair(a, b)] += sign
                for other in teams[i + 1 :]:
                    for b in other:
                        self.opponents[pair(a, b)] += sign

    def cost(self, teams: Sequence[Sequence[PlayerId]]) -> int:
        total = 0
        for i, team in enumerate(teams):
            for a_index, a in enumerate(team):
                for b in team[a_index + 1 :]:
                    total += PARTNER_WEIGHT * self.partners[pair(a, b)]
                for other in teams[i + 1 :]:
                    for b in other:
                        total += 2 * self.opponents[pair(a, b)] + 1
        return total


def count_partners(
    rounds: Iterable[SeatingRound], team_seats: TeamSeats
) -> tuple[Counter[Pair], Counter[Pair]]:
    """How often each pair partnered and opposed at the tables of the game's team seats."""
    counts = Counts(Counter(), Counter())
    for round_ in rounds:
        for table in round_.tables:
            seats = team_seats.get(len(table))
            if seats:
                counts.update(teams_at(table, seats))
    return counts.partners, counts.opponents


def _seat(
    table: Sequence[PlayerId], teams: Sequence[Sequence[PlayerId]], seats: Sequence[Sequence[int]]
) -> list[PlayerId]:
    out = list(table)
    for team, group in zip(teams, seats, strict=True):
        for player, seat in zip(team, group, strict=True):
            out[seat] = player
    return out


def arrange_partners(
    fixed: Sequence[SeatingRound], free: Sequence[SeatingRound], team_seats: TeamSeats
) -> list[SeatingRound]:
    """The free rounds with each table's players ordered over the team seats (see the
    module); the fixed (played) rounds count as they were seated."""
    partners, opponents = count_partners(fixed, team_seats)
    counts = Counts(partners, opponents)
    chosen: list[list[list[tuple[PlayerId, ...]] | None]] = []
    for round_ in free:
        row: list[list[tuple[PlayerId, ...]] | None] = []
        for table in round_.tables:
            seats = team_seats.get(len(table))
            if not seats:
                row.append(None)
                continue
            options = splits(sorted(table), len(seats))
            best = min(options, key=counts.cost)
            counts.update(best)
            row.append(best)
        chosen.append(row)
    for _ in range(MAX_PASSES):
        changed = False
        for r, round_ in enumerate(free):
            for t, table in enumerate(round_.tables):
                current = chosen[r][t]
                if current is None:
                    continue
                counts.update(current, -1)
                options = splits(sorted(table), len(current))
                best = min(options, key=lambda o: (counts.cost(o), o != current))
                counts.update(best)
                if best != current:
                    chosen[r][t], changed = best, True
        if not changed:
            break
    out = []
    for round_, row in zip(free, chosen, strict=True):
        tables = [
            list(table) if teams is None else _seat(table, teams, team_seats[len(table)])
            for table, teams in zip(round_.tables, row, strict=True)
        ]
        out.append(SeatingRound(tables=tables, byes=list(round_.byes)))
    return out


@dataclass(frozen=True)
class PartnerReport:
    """Partners and opponents of a schedule at a team game's tables, with their bounds."""

    partner_repeats: int
    partner_bound: int
    opponent_repeats: int
    opponent_bound: int
    max_opponent_meetings: int


def partner_bounds(rounds: Sequence[SeatingRound], team_seats: TeamSeats) -> tuple[int, int]:
    """The counting bounds on pairs partnering again and opposing again (see the module)."""
    everyone = {p for r in rounds for p in [*r.seated(), *r.byes]}
    others = len(everyone) - 1
    partnered: Counter[PlayerId] = Counter()
    opposed: Counter[PlayerId] = Counter()
    for round_ in rounds:
        for table in round_.tables:
            seats = team_seats.get(len(table))
            if not seats:
                continue
            for group in seats:
                for seat in group:
                    partnered[table[seat]] += len(group) - 1
                    opposed[table[seat]] += len(table) - len(group)
    partner = sum(max(0, m - others) for m in partnered.values())
    opponent = sum(max(0, m - others) for m in opposed.values())
    return (partner + 1) // 2, (opponent + 1) // 2


def partner_report(rounds: Sequence[SeatingRound], team_seats: TeamSeats) -> PartnerReport:
    partners, opponents = count_partners(rounds, team_seats)
    partner_bound, opponent_bound = partner_bounds(rounds, team_seats)
    return PartnerReport(
        partner_repeats=repeated_pairs(partners),
        partner_bound=partner_bound,
        opponent_repeats=repeated_pairs(opponents),
        opponent_bound=opponent_bound,
        max_opponent_meetings=max(opponents.values(), default=0),
    )


def _key(rounds: Sequence[SeatingRound], team_seats: TeamSeats) -> tuple[int, int, int, int]:
    report = partner_report(rounds, team_seats)
    return (
        report.partner_repeats,
        report.opponent_repeats,
        report.max_opponent_meetings,
        repeated_pairs(count_meetings(rounds)),
    )


def _at_bounds(rounds: Sequence[SeatingRound], team_seats: TeamSeats) -> bool:
    report = partner_report(rounds, team_seats)
    return (report.partner_repeats, report.opponent_repeats) <= (
        report.partner_bound,
        report.opponent_bound,
    )


def _whist_plan(
    played: Sequence[SeatingRound],
    planned: Sequence[SeatingRound],
    team_seats: TeamSeats,
    seed: int,
) -> list[SeatingRound] | None:
    """The planned rounds' players in a whist tournament (None when it does not apply: rounds
    played, byes, tables not of four in two teams of two, or no tournament stored)."""
    groups = team_seats.get(4)
    if (
        played
        or not planned
        or groups is None
        or len(groups) != 2
        or any(round_.byes for round_ in planned)
        or any(len(t) != 4 for round_ in planned for t in round_.tables)
    ):
        return None
    ids = sorted(p for p in planned[0].seated())
    whist = whist_rounds(len(ids), len(planned), make_rng(seed, "whist"))
    if whist is None:
        return None
    return [
        SeatingRound(
            tables=[
                _seat([0] * 4, [(ids[t[0]], ids[t[2]]), (ids[t[1]], ids[t[3]])], groups)
                for t in tables
            ]
        )
        for tables in whist
    ]


def whist_at_bounds(
    players: Sequence[PlayerId], rounds: int, team_seats: TeamSeats, seed: int
) -> list[SeatingRound] | None:
    """A whole event from a whist tournament, when everyone plays every round at tables of four
    and it meets the partners' and opponents' bounds (then no plan for meetings is needed)."""
    ids = sorted(players)
    if rounds < 1 or not ids or len(ids) % 4:
        return None
    shape = [SeatingRound(tables=[ids[i : i + 4] for i in range(0, len(ids), 4)])] * rounds
    whist = _whist_plan([], shape, team_seats, seed)
    return whist if whist is not None and _at_bounds(whist, team_seats) else None


def team_plan(
    played: Sequence[SeatingRound],
    planned: Sequence[SeatingRound],
    team_seats: TeamSeats,
    seed: int,
    effort: float = 1.0,
) -> list[SeatingRound]:
    """The planned rounds with partners arranged (``arrange_partners``) and, unless that meets
    the bounds, improved by moving players between tables (partner_search.py); or, before any
    round is played and when everyone plays every round at tables of four, the rounds of a whist
    tournament (designs/whist.py) when it partners and opposes better."""
    whist = _whist_plan(played, planned, team_seats, seed)
    if whist is not None and _at_bounds(whist, team_seats):
        return whist
    arranged = arrange_partners(played, planned, team_seats)
    if not _at_bounds([*played, *arranged], team_seats):
        improved = improve_partners(
            played,
            arranged,
            team_seats,
            budget=int(SEARCH_BUDGET * effort),
            seed=derive_seed(seed, "partners"),
        )
        if _key([*played, *improved], team_seats) < _key([*played, *arranged], team_seats):
            arranged = improved
    if whist is not None and _key(whist, team_seats) < _key(arranged, team_seats):
        return whist
    return arranged
