"""A player's statistics, computed from their tables (pure: no Django, no database).

Terms
-----
table       One counted session the player sat at (``Table``): the evening it was played on,
            every seat's player, total and table place, and for Bonken its games.
game        One Bonken contract played at a table (``Deal``): the contract, the seat that chose
            it, ``base`` (each seat's points from the deal before doubling; None when only the
            scores after doubling were recorded, the ``net`` level), ``points`` after doubling
            and the doubles as (doubler, target) seats.
doubling    A double (a, b) moves ``base[a] - base[b]`` from b to a. What a player's own doubles
            earned is the sum of ``base[p] - base[t]`` over their doubles (p, t); what being
            doubled cost is the sum of ``base[p] - base[d]`` over the doubles (d, p) against
            them (negative when it cost). Games without a base count their doubles but move
            nothing here.
partners    Seats on one team (Bonko's pairs): a player's partner is no opponent, and is left out
            of the head to head.
figures     A game's own per-seat figures stored with the session (``games.seam.Stat``: Bonko's
            wins and Bonkos, Jonkler's bids met), summed per player.
ahead       Of two players at one table, the one with the better (lower) place; without places,
            the higher total. Equal places or totals: level.
evening     The tables of one event (its date and name), in date order.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date


@dataclass(frozen=True, slots=True)
class Deal:
    """One Bonken game at a table."""

    contract: str
    chooser: int
    base: tuple[int, ...] | None
    points: tuple[int, ...]
    doubles: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Table:
    """One counted session: per seat the player, the total and the place (None: not placed)."""

    session_id: int
    event_id: int
    event_name: str
    played_on: date
    players: tuple[int, ...]
    totals: tuple[int, ...]
    places: tuple[int | None, ...]
    deals: tuple[Deal, ...] = ()
    teams: tuple[tuple[int, ...], ...] = ()
    figures: tuple[tuple[str, tuple[int, ...]], ...] = ()

    def partners(self, seat: int) -> tuple[int, ...]:
        return next((team for team in self.teams if seat in team), ())

    def seat_of(self, player_id: int) -> int | None:
        return self.players.index(player_id) if player_id in self.players else None


@dataclass(frozen=True, slots=True)
class Summary:
    sessions: int
    total: int
    average: float | None
    best: int | None
    worst: int | None
    # (place, how often), best place first; sessions without a place are not listed.
    places: tuple[tuple[int, int], ...]
    wins: int


@dataclass(slots=True)
class ContractLine:
    contract: str
    games: int = 0
    chosen: int = 0
    points: int = 0
    doubles_made: int = 0
    doubled: int = 0
    doubling_won: int = 0
    doubled_cost: int = 0

    @property
    def average(self) -> float | None:
        return self.points / self.games if self.games else None

    @property
    def doubling_net(self) -> int:
        return self.doubling_won + self.doubled_cost


@dataclass(slots=True)
class Opponent:
    player_id: int
    sessions: int = 0
    ahead: int = 0
    behind: int = 0
    level: int = 0
    difference: int = 0  # the player's totals minus the opponent's, summed over the tables


@dataclass(slots=True)
class Evening:
    event_id: int
    event_name: str
    played_on: date
    sessions: int = 0
    total: int = 0
    places: list[int] = field(default_factory=list)

    @property
    def average(self) -> float | None:
        return self.total / self.sessions if self.sessions else None

    @property
    def average_place(self) -> float | None:
        return sum(self.places) / len(self.places) if self.places else None


def _mine(player_id: int, tables: Iterable[Table]) -> list[tuple[Table, int]]:
    found = []
    for table in tables:
        seat = table.seat_of(player_id)
        if seat is not None:
            found.append((table, seat))
    return found


def summary(player_id: int, tables: Iterable[Table]) -> Summary:
    """Sessions played, the total and average per session, best and worst, the places."""
    mine = _mine(player_id, tables)
    totals = [table.totals[seat] for table, seat in mine]
    places: dict[int, int] = defaultdict(int)
    for table, seat in mine:
        place = table.places[seat]
        if place is not None:
            places[place] += 1
    return Summary(
        sessions=len(mine),
        total=sum(totals),
        average=sum(totals) / len(totals) if totals else None,
        best=max(totals) if totals else None,
        worst=min(totals) if totals else None,
        places=tuple(sorted(places.items())),
        wins=places.get(1, 0),
    )


def contracts(
    player_id: int, tables: Iterable[Table], order: Sequence[str] = ()
) -> list[ContractLine]:
    """Per Bonken contract: games played, times chosen, points, doubles and what they moved.
    Contracts in ``order`` first (in that order), then any other by code."""
    lines: dict[str, ContractLine] = {}
    for table, seat in _mine(player_id, tables):
        for deal in table.deals:
            line = lines.setdefault(deal.contract, ContractLine(deal.contract))
            line.games += 1
            line.chosen += deal.chooser == seat
            line.points += deal.points[seat]
            for doubler, target in deal.doubles:
                if doubler == seat:
                    line.doubles_made += 1
                    if deal.base is not None:
                        line.doubling_won += deal.base[seat] - deal.base[target]
                elif target == seat:
                    line.doubled += 1
                    if deal.base is not None:
                        line.doubled_cost += deal.base[seat] - deal.base[doubler]
    rank = {code: index for index, code in enumerate(order)}
    return sorted(
        lines.values(), key=lambda line: (rank.get(line.contract, len(rank)), line.contract)
    )


def opponents(player_id: int, tables: Iterable[Table]) -> list[Opponent]:
    """Head to head against everyone met: most sessions together first."""
    records: dict[int, Opponent] = {}
    for table, seat in _mine(player_id, tables):
        partners = table.partners(seat)
        for other, opponent_id in enumerate(table.players):
            if other == seat or opponent_id == player_id or other in partners:
                continue
            record = records.setdefault(opponent_id, Opponent(opponent_id))
            record.sessions += 1
            record.difference += table.totals[seat] - table.totals[other]
            comparison = _compare(table, seat, other)
            if comparison > 0:
                record.ahead += 1
            elif comparison < 0:
                record.behind += 1
            else:
                record.level += 1
    return sorted(records.values(), key=lambda r: (-r.sessions, r.player_id))


def _compare(table: Table, seat: int, other: int) -> int:
    """1 when ``seat`` finished ahead of ``other``, -1 behind, 0 level."""
    mine, theirs = table.places[seat], table.places[other]
    if mine is not None and theirs is not None:
        return (mine < theirs) - (mine > theirs)
    return (table.totals[seat] > table.totals[other]) - (table.totals[seat] < table.totals[other])


def evenings(player_id: int, tables: Iterable[Table], last: int | None = None) -> list[Evening]:
    """The player's evenings in date order (the ``last`` ones only, when given)."""
    by_event: dict[int, Evening] = {}
    for table, seat in _mine(player_id, tables):
        evening = by_event.setdefault(
            table.event_id, Evening(table.event_id, table.event_name, table.played_on)
        )
        evening.sessions += 1
        evening.total += table.totals[seat]
        place = table.places[seat]
        if place is not None:
            evening.places.append(place)
    ordered = sorted(by_event.values(), key=lambda e: (e.played_on, e.event_id))
    return ordered[-last:] if last else ordered


def game_figures(player_id: int, tables: Iterable[Table]) -> dict[str, int]:
    """The game's own per-seat figures, summed over the player's tables."""
    sums: dict[str, int] = defaultdict(int)
    for table, seat in _mine(player_id, tables):
        for code, values in table.figures:
            if seat < len(values):
                sums[code] += values[seat]
    return dict(sums)
