"""Team games: partners seated as a unit (Bonko: two teams of two at a table of four).

A request with `teams` (pairs of player ids) is seated in two steps:

1. Each team whose partners are both present becomes one *unit*, named by the id of its first
   partner. Present players without a partner present are paired among themselves for the
   night, in the order of their ids (so the same stand-in teams form every round while the same
   players are present); an odd one out sits out, as no team seat can take a single player.
2. The method seats the units at tables of units: a table of k seats whose game seats teams in
   `team_seats[k]` (Bonko ``{4: ((0, 2), (1, 3))}``; by default partners opposite each other)
   takes len(team_seats[k]) units. Meetings, history, standings and round points of a unit are
   those of its partners (history summed, standings averaged, sit-outs the larger). Then every
   unit's partners take their team's seats at its table.

Partners meet at every round, which no seating can avoid; the method spreads the meetings
between teams, which are what it can choose.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace

from .quality import normalize_history
from .types import Pair, PlayerId, SeatingError, SeatingRequest, SeatingRound, Team

TeamSeats = Mapping[int, Sequence[Sequence[int]]]


def check_teams(teams: Sequence[Team]) -> list[Team]:
    """The teams as (a, b) tuples; SeatingError listing every problem (not a pair, a player
    partnered with themself or in two teams)."""
    problems: list[str] = []
    out: list[Team] = []
    seen: Counter[PlayerId] = Counter()
    for number, team in enumerate(teams, start=1):
        members = tuple(team)
        if len(members) != 2:
            problems.append(f"team {number} has {len(members)} players, not 2")
            continue
        a, b = members
        if a == b:
            problems.append(f"team {number} lists player {a} twice")
            continue
        seen.update((a, b))
        out.append((a, b))
    twice = sorted(p for p, times in seen.items() if times > 1)
    if twice:
        problems.append("in more than one team: " + ", ".join(map(str, twice)))
    if problems:
        raise SeatingError(problems)
    return out


def seats_for_teams(
    sizes: Sequence[int], team_seats: TeamSeats | None
) -> dict[int, list[list[int]]]:
    """For each table size that can seat teams of two, the seats of each team."""
    out: dict[int, list[list[int]]] = {}
    for size in sizes:
        if team_seats is not None:
            groups = team_seats.get(size)
            if groups is None:
                continue
            seats = [list(group) for group in groups]
            if any(len(group) != 2 for group in seats):
                raise SeatingError([f"teams at a table of {size} are not pairs"])
            flat = sorted(seat for group in seats for seat in group)
            if flat != list(range(size)):
                raise SeatingError([f"the team seats of a table of {size} are not its seats"])
            out[size] = seats
        elif size % 2 == 0:
            half = size // 2
            out[size] = [[i, i + half] for i in range(half)]
    if not out:
        raise SeatingError(["no table size of this game seats teams of two"])
    return out


class TeamSeating:
    """The units of a request with teams, and the way back from units to players."""

    def __init__(self, request: SeatingRequest, teams: Sequence[Team]) -> None:
        present = list(dict.fromkeys(request.players))
        here = set(present)
        self.members: dict[PlayerId, tuple[PlayerId, ...]] = {}
        teamed: set[PlayerId] = set()
        for a, b in teams:
            if a in here and b in here:
                self.members[a] = (a, b)
                teamed.update((a, b))
        singles = sorted(p for p in present if p not in teamed)
        for i in range(0, len(singles) - 1, 2):
            self.members[singles[i]] = (singles[i], singles[i + 1])
        self.alone = [singles[-1]] if len(singles) % 2 else []
        self.unit_of = {p: unit for unit, group in self.members.items() for p in group}
        self.seats = seats_for_teams(request.table_sizes, request.team_seats)
        self.size_of_units = {len(groups): size for size, groups in self.seats.items()}

    def unit_request(self, request: SeatingRequest) -> SeatingRequest:
        """The request at the level of units."""
        units = sorted(self.members)
        preferred = request.preferred_size
        unit_preferred = len(self.seats[preferred]) if preferred in self.seats else None
        return replace(
            request,
            players=units,
            played_rounds=[self.to_units(r) for r in request.played_rounds],
            history=self._history(request.history),
            standings=self._average(request.standings),
            round_points=self._average(request.round_points),
            byes_so_far=(
                None
                if request.byes_so_far is None
                else {
                    u: max(int(request.byes_so_far.get(p, 0)) for p in group)
                    for u, group in self.members.items()
                }
            ),
            manual_round=None,
            table_sizes=tuple(sorted(self.size_of_units)),
            preferred_size=unit_preferred,
            teams=None,
            team_seats=None,
        )

    def to_units(self, round_: SeatingRound) -> SeatingRound:
        tables = []
        for table in round_.tables:
            units = list(dict.fromkeys(self.unit_of[p] for p in table if p in self.unit_of))
            if units:
                tables.append(units)
        seated = {u for t in tables for u in t}
        byes = [
            u
            for u in dict.fromkeys(self.unit_of[p] for p in round_.byes if p in self.unit_of)
            if u not in seated
        ]
        return SeatingRound(tables=tables, byes=byes)

    def to_players(self, round_: SeatingRound) -> SeatingRound:
        tables = []
        for units in round_.tables:
            size = self.size_of_units[len(units)]
            table: list[PlayerId] = [0] * size
            for unit, seats in zip(units, self.seats[size], strict=True):
                for player, seat in zip(self.members[unit], seats, strict=True):
                    table[seat] = player
            tables.append(table)
        byes = [p for unit in round_.byes for p in self.members[unit]] + self.alone
        return SeatingRound(tables=tables, byes=byes)

    def _history(self, history: Mapping[Pair, int]) -> dict[Pair, int]:
        out: Counter[Pair] = Counter()
        for (a, b), times in normalize_history(history).items():
            ua, ub = self.unit_of.get(a), self.unit_of.get(b)
            if ua is not None and ub is not None and ua != ub:
                out[(min(ua, ub), max(ua, ub))] += times
        return dict(out)

    def _average(self, values: Mapping[PlayerId, float]) -> dict[PlayerId, float]:
        return {
            unit: sum(values.get(p, 0) for p in group) / len(group)
            for unit, group in self.members.items()
        }


def team_problems(
    round_: SeatingRound, teams: Sequence[Team], team_seats: TeamSeats | None, sizes: Sequence[int]
) -> list[str]:
    """Partners of the round who do not sit together in one of their table's team seats."""
    seats = seats_for_teams(sizes, team_seats)
    where: dict[PlayerId, tuple[int, int]] = {}
    for t, table in enumerate(round_.tables):
        for position, player in enumerate(table):
            where[player] = (t, position)
    problems = []
    for a, b in teams:
        if a not in where and b not in where:
            continue
        if a not in where or b not in where or where[a][0] != where[b][0]:
            problems.append(f"partners {a} and {b} do not sit at the same table")
            continue
        t = where[a][0]
        groups = seats.get(len(round_.tables[t]), [])
        if sorted((where[a][1], where[b][1])) not in [sorted(g) for g in groups]:
            problems.append(f"partners {a} and {b} are not in their team's seats at table {t + 1}")
    return problems
