"""The plain dataclasses that go in and out of the seating package."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

PlayerId = int
Pair = tuple[PlayerId, PlayerId]
"""Two player ids, smaller first."""
Team = tuple[PlayerId, PlayerId]
"""Two partners who sit at the same table all night (a team game)."""

METHODS: tuple[str, ...] = ("balanced", "random", "swiss", "progressive", "manual")
PROGRESSIVE_RULES: tuple[str, ...] = ("kings",)
Movement = Callable[
    [Sequence[tuple[tuple[PlayerId, ...], tuple[PlayerId, ...]]]],
    Sequence[tuple[tuple[PlayerId, ...], tuple[PlayerId, ...]]],
]
"""A game's movement between rounds: from each table's (winners, losers), top table first, to
each table's (those who sit there first, those who join them) in the next round."""


class SeatingError(ValueError):
    """A request that cannot be seated, or a manual round that breaks the rules."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        super().__init__("; ".join(self.problems))


@dataclass
class SeatingRound:
    """One round: tables of player ids in seat order, and the players on a bye."""

    tables: list[list[PlayerId]]
    byes: list[PlayerId] = field(default_factory=list)

    def seated(self) -> list[PlayerId]:
        return [player for table in self.tables for player in table]


@dataclass(frozen=True)
class SeatingOptions:
    """Knobs with sensible defaults; the defaults are what the benchmark measures.

    effort: scales the number of local-search steps (1.0 is the default budget).
    consecutive_weight: extra cost of a pair meeting in two consecutive rounds.
    history_weight: how much one meeting from an earlier event counts (0 ignores history).
    swiss_repeat_weight: in `swiss`, cost of one earlier meeting at a table, in units of the
        spread of standings across one table.
    progressive_rule: "kings" (places 1-2 up one table, 3-4 down one; the top table keeps its
        winners, the bottom table its losers) or a game's own ``Movement`` (the event's game
        gives it: ``tournaments.game_plugins.GamePlugin.movement``).
    """

    effort: float = 1.0
    consecutive_weight: int = 2
    history_weight: int = 1
    swiss_repeat_weight: float = 4.0
    progressive_rule: str | Movement = "kings"


@dataclass
class SeatingRequest:
    """Everything needed to seat the next round of an event.

    players: who is present for this round (ids; order does not matter except in `manual`).
    played_rounds: the rounds of this event already played, in order; the round being seated is
        number len(played_rounds) + 1.
    rounds_total: the planned number of rounds (for `balanced`; defaults to this round).
    history: meetings from the club's earlier events, {(a, b): times}, either order.
    standings: points so far, for `swiss` and `progressive` (missing players count 0).
    round_points: for `progressive`, each player's points in the previous round; they decide the
        places 1-4 at each table (ties by standings, then by seat).
    byes_so_far: sat-out counts; by default, rounds of `played_rounds` where the player was not
        seated (on a bye or not yet present).
    manual_round: for `manual`, the organizer's tables and byes to check.
    table_sizes: the sizes a table may have (the game's; Bonken and Bonko (4,), Jonkler 3 to 6).
    preferred_size: the size the tables aim for (see layout.table_layout; by default the
        smallest allowed size of at least four).
    teams: partners who sit together (a team game); each team takes one of `team_seats` at its
        table, so its two players sit at the same table in their team's seats.
    team_seats: for each table size, the seats of each team (Bonko: {4: ((0, 2), (1, 3))});
        by default a team's partners sit opposite each other. Without `teams`, `balanced`
        orders each table's players over these seats so that nobody partners anyone twice
        and opponents spread (seating/partners.py).
    """

    players: Sequence[PlayerId]
    method: str = "balanced"
    seed: int = 0
    played_rounds: Sequence[SeatingRound] = ()
    rounds_total: int | None = None
    history: Mapping[Pair, int] = field(default_factory=dict)
    standings: Mapping[PlayerId, float] = field(default_factory=dict)
    round_points: Mapping[PlayerId, float] = field(default_factory=dict)
    byes_so_far: Mapping[PlayerId, int] | None = None
    manual_round: SeatingRound | None = None
    options: SeatingOptions = field(default_factory=SeatingOptions)
    table_sizes: Sequence[int] = (4,)
    preferred_size: int | None = None
    teams: Sequence[Team] | None = None
    team_seats: Mapping[int, Sequence[Sequence[int]]] | None = None


@dataclass(frozen=True)
class QualityReport:
    """How well a schedule spreads the meetings.

    repeated_pairs: sum over pairs of max(meetings - 1, 0).
    max_meetings: the most times any pair met.
    lower_bound: no schedule with these player and round counts has fewer repeated pairs.
    consecutive_repeats: pairs that met in two consecutive rounds, counted per round.
    """

    players: int
    rounds: int
    repeated_pairs: int
    max_meetings: int
    lower_bound: int
    consecutive_repeats: int


@dataclass
class RoundPlan:
    """The seating of one round, with the quality of the event so far including it."""

    round_number: int
    method: str
    tables: list[list[PlayerId]]
    byes: list[PlayerId]
    report: QualityReport

    def as_round(self) -> SeatingRound:
        return SeatingRound(tables=[list(t) for t in self.tables], byes=list(self.byes))


@dataclass
class EventPlan:
    """Every round of an event: the played ones unchanged, then the planned ones."""

    method: str
    seed: int
    rounds: list[SeatingRound]
    report: QualityReport
