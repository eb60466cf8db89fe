"""Simulated clubs with known player strengths, for the benchmarks and tests.

Terms:

* **strength**: a simulated player's hidden skill, a number around 0 (standard normal at the
  start). The rating methods never see it; the accuracy benchmark uses it as the oracle.
* **skill**: how strongly strength shows in the cards a club plays; 0 is a pure lottery.
* **drift**: standard deviation of the random walk a strength makes per club evening (players
  improve and decline).
* **evening**: one club night; the players present are seated at random tables of four and
  every table plays one complete session per round.
* **seated by level**: instead of at random, every round seats the players present by their
  mean session total so far (a standings table: the top four together, the next four, and so
  on), as a club does that plays its rounds like a Swiss event. Strong players then mostly
  meet strong players, so a player's points say less about them without the opponents'
  strength.

A session is played game by game under the classic rules (8 minus contracts, 4 of the 5 plus
contracts, every player chooses exactly one plus contract, the chooser rotates clockwise and is
passed once the minus contracts are gone and they have had their plus contract). Every card or
trick goes to a seat with a probability that grows with the seat's strength (for plus
contracts) or shrinks with it (for minus contracts), the chooser gets a bonus because they pick
a contract that suits their hand, and a fresh random hand quality per seat and game supplies
the luck. Doubles are placed now and then, more often by players holding good hands. Totals are
therefore zero-sum multiples of 5 with a spread of a few hundred points, like real sessions.

Another game's club (``simulate_club``'s ``layout`` and ``play``, or ``night``) comes from its
own rules: ``layout`` gives the table sizes that seat the players present (a game of tables of
2 to 9), ``play`` plays one table (:class:`PlayedTable`: totals, and the ranks and teams where
the game has them), and ``night`` replaces the rounds altogether for a game whose night is its
own (teams that stay together, tables that move by their results). The benchmark builds them
from each game's rules (``bench.ratings_games``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from ranking.arithmetic.ratings.records import ScoredSession

# (value per unit, units per deal) of the classic contracts.
MINUS_CONTRACTS: tuple[tuple[int, int], ...] = (
    (-10, 13),  # hearts
    (-25, 8),  # kings_jacks
    (-100, 1),  # king_of_hearts
    (-45, 4),  # queens
    (-10, 13),  # duck
    (-100, 1),  # domino
    (-50, 2),  # seventh_thirteenth
    (-100, 1),  # last_trick
)
PLUS_CONTRACT: tuple[int, int] = (20, 13)  # any trumps or no trumps, 4 of 5 are played
SEATS = 4


@dataclass(frozen=True, slots=True)
class PlayedTable:
    """What one simulated table played: totals by seat, and the game's ranks (1 best) and
    teams (seats of each) where it has them."""

    totals: tuple[int, ...]
    ranks: tuple[int, ...] | None = None
    teams: tuple[tuple[int, ...], ...] | None = None


@dataclass(frozen=True, slots=True)
class NightTable:
    """One table of a night played by a game's own ``night``: its round (0-based), its
    number within the round (0-based), the players by seat and what they played."""

    round_index: int
    table_index: int
    players: tuple[int, ...]
    played: PlayedTable


# The table sizes that seat this many players present (players beyond them sit out).
Layout = Callable[[int], Sequence[int]]
# One table played: the players' hidden strengths by seat, the random source.
Play = Callable[[Sequence[float], random.Random], PlayedTable]
# A whole night of a game that plays its own way: the players present, every player's
# strength, the random source.
Night = Callable[[list[int], Mapping[int, float], random.Random], Iterable[NightTable]]


@dataclass(frozen=True, slots=True)
class SimulatedPlayer:
    player_id: int
    strength: float
    attendance: float
    first_evening: int


@dataclass(frozen=True, slots=True)
class SimulatedClub:
    name: str
    players: tuple[SimulatedPlayer, ...]
    sessions: tuple[ScoredSession, ...]
    # Hidden strength of every seat at the moment the session was played, by session.
    strengths: tuple[tuple[float, ...], ...]
    evening_of_session: tuple[int, ...]


def _deal_units(
    weights: Sequence[float], units: int, rng: random.Random
) -> tuple[int, int, int, int]:
    counts = [0, 0, 0, 0]
    for seat in rng.choices(range(SEATS), weights=weights, k=units):
        counts[seat] += 1
    return counts[0], counts[1], counts[2], counts[3]


def play_session(
    strengths: Sequence[float], rng: random.Random, *, skill: float = 0.35
) -> tuple[int, int, int, int]:
    """Play one classic session and return the four totals (zero-sum, multiples of 5)."""
    if len(strengths) != SEATS:
        raise ValueError("a simulated session has four seats")
    totals = [0, 0, 0, 0]
    minus_left = list(MINUS_CONTRACTS)
    rng.shuffle(minus_left)
    had_plus = [False, False, False, False]
    chooser = rng.randrange(SEATS)
    for _game in range(len(MINUS_CONTRACTS) + SEATS):
        while not minus_left and had_plus[chooser]:
            chooser = (chooser + 1) % SEATS  # passed: nothing left to choose
        hands = [rng.gauss(0.0, 0.6) for _ in range(SEATS)]
        # A player without a plus contract takes it when the hand is good, and must when only
        # plus contracts are left.
        plus = not had_plus[chooser] and (not minus_left or hands[chooser] > 0.3)
        if plus:
            had_plus[chooser] = True
            value, units = PLUS_CONTRACT
            sign = 1.0
        else:
            value, units = minus_left.pop()
            sign = -1.0
        weights = []
        for seat in range(SEATS):
            edge = skill * strengths[seat] + hands[seat] + (0.45 if seat == chooser else 0.0)
            weights.append(math.exp(sign * edge))
        counts = _deal_units(weights, units, rng)
        base = [value * count for count in counts]
        points = list(base)
        for doubler in range(SEATS):
            for target in range(SEATS):
                if doubler == target or doubler == chooser:
                    continue
                confidence = (
                    hands[doubler]
                    - hands[target]
                    + 0.5 * skill * (strengths[doubler] - strengths[target])
                )
                if rng.random() < 0.08 * (1.0 + math.tanh(2.0 * confidence)):
                    swing = base[doubler] - base[target]
                    points[doubler] += swing
                    points[target] -= swing
        for seat in range(SEATS):
            totals[seat] += points[seat]
        chooser = (chooser + 1) % SEATS
    return totals[0], totals[1], totals[2], totals[3]


def _fours(present: int) -> list[int]:
    return [SEATS] * (present // SEATS)


class _History:
    """The sessions of a simulated club as they are played, with every seat's strength then
    and each player's points so far (sum, sessions) for seating by level."""

    def __init__(self, roster: Sequence[SimulatedPlayer]) -> None:
        self.sessions: list[ScoredSession] = []
        self.strengths: list[tuple[float, ...]] = []
        self.evenings: list[int] = []
        self.points: dict[int, list[int]] = {p.player_id: [0, 0] for p in roster}

    def add(
        self,
        evening: int,
        evening_start: datetime,
        table: NightTable,
        strength: Mapping[int, float],
    ) -> None:
        seated = table.players
        played = table.played
        self.sessions.append(
            ScoredSession(
                session_id=len(self.sessions) + 1,
                played_at=evening_start
                + timedelta(hours=2 * table.round_index, minutes=table.table_index),
                player_ids=seated,
                totals=played.totals,
                ranks=played.ranks,
                teams=played.teams,
            )
        )
        self.strengths.append(tuple(strength[p] for p in seated))
        self.evenings.append(evening)
        for player_id, total in zip(seated, played.totals, strict=True):
            self.points[player_id][0] += total
            self.points[player_id][1] += 1


def _rounds(
    rounds: int, by_level: bool, layout: Layout, play: Play, points: Mapping[int, list[int]]
) -> Callable[[list[int], Mapping[int, float], random.Random], Iterator[NightTable]]:
    """The usual night: ``rounds`` rounds, each seated at random (or by level: by the mean
    session total so far, which ``points`` holds as the tables are recorded) at tables of the
    ``layout``'s sizes, every table playing one session."""

    def night(
        present: list[int], strength: Mapping[int, float], rng: random.Random
    ) -> Iterator[NightTable]:
        for round_index in range(rounds):
            rng.shuffle(present)
            if by_level:  # stable sort: equal means (newcomers) stay shuffled
                present.sort(key=lambda p: -points[p][0] / max(points[p][1], 1))
            first = 0
            for table, size in enumerate(layout(len(present))):
                seated = tuple(present[first : first + size])
                first += size
                played = play(tuple(strength[p] for p in seated), rng)
                yield NightTable(round_index, table, seated, played)

    return night


def simulate_club(
    *,
    seed: int,
    name: str = "club",
    players: int = 40,
    evenings: int = 150,
    rounds_per_evening: int = 2,
    skill: float = 0.35,
    drift: float = 0.0,
    late_joiners: float = 0.25,
    start: datetime | None = None,
    by_level: bool = False,
    layout: Layout | None = None,
    play: Play | None = None,
    night: Night | None = None,
) -> SimulatedClub:
    """A club's complete playing history, reproducible from ``seed``; ``by_level`` seats
    every round by the standings (mean session total so far) instead of at random.

    By default a classic session at tables of four (``play_session`` with ``skill``);
    ``layout`` and ``play`` seat and play another game's tables, ``night`` plays a whole
    night its own way (``rounds_per_evening`` and ``by_level`` then do not apply). A night's
    tables are recorded as they come, so a round seated by level sees the rounds before it."""
    rng = random.Random(seed)
    start = start or datetime(2020, 1, 6, 19, 30, tzinfo=UTC)
    roster = tuple(
        SimulatedPlayer(
            player_id=index,
            strength=rng.gauss(0.0, 1.0),
            attendance=rng.uniform(0.3, 0.95),
            first_evening=(
                rng.randrange(max(1, evenings * 3 // 4)) if rng.random() < late_joiners else 0
            ),
        )
        for index in range(players)
    )
    strength = {player.player_id: player.strength for player in roster}
    history = _History(roster)
    if night is None:

        def classic(at_table: Sequence[float], rng: random.Random) -> PlayedTable:
            return PlayedTable(play_session(at_table, rng, skill=skill))

        night = _rounds(
            rounds_per_evening, by_level, layout or _fours, play or classic, history.points
        )
    for evening in range(evenings):
        if drift:
            for player_id in strength:
                strength[player_id] += rng.gauss(0.0, drift)
        present = [
            p.player_id
            for p in roster
            if p.first_evening <= evening and rng.random() < p.attendance
        ]
        evening_start = start + timedelta(days=7 * evening)
        for table in night(present, strength, rng):
            history.add(evening, evening_start, table, strength)
    return SimulatedClub(
        name=name,
        players=roster,
        sessions=tuple(history.sessions),
        strengths=tuple(history.strengths),
        evening_of_session=tuple(history.evenings),
    )


def quick_sessions(
    *, seed: int, sessions: int, players: int, start: datetime | None = None
) -> list[ScoredSession]:
    """Many sessions fast: random tables from a large pool, totals from strength plus noise.

    Used where only volume matters (the speed benchmark). Totals are zero-sum multiples of 5
    with a realistic spread and an occasional tie.
    """
    rng = random.Random(seed)
    start = start or datetime(2015, 1, 1, tzinfo=UTC)
    strength = [rng.gauss(0.0, 1.0) for _ in range(players)]
    pool = list(range(players))
    result = []
    for index in range(sessions):
        seated = rng.sample(pool, SEATS)
        raw = [40.0 * strength[p] + rng.gauss(0.0, 180.0) for p in seated]
        mean = sum(raw) / SEATS
        totals = [5 * round((value - mean) / 5.0) for value in raw]
        totals[rng.randrange(SEATS)] -= sum(totals)  # restore zero sum, still multiples of 5
        result.append(
            ScoredSession(
                session_id=index + 1,
                played_at=start + timedelta(minutes=10 * index),
                player_ids=tuple(seated),
                totals=(totals[0], totals[1], totals[2], totals[3]),
            )
        )
    return result
