"""Seating: who sits at which table in each round of an event. Pure Python, no Django.

Terms, used with one meaning throughout the package:

* player: an opaque int id. The package never looks inside it.
* table: four player ids in seat order (seats 1-4 clockwise).
* round: one sitting of the whole event: its tables, and its byes.
* bye: a player present for the round but not seated. When the players present are not a
  multiple of four, players % 4 of them sit out; byes are fair when nobody sits out twice
  before everyone present has sat out once. A round missed before arriving counts as a
  sit-out.
* meeting: two players at the same table in one round. The meetings of a pair are counted over
  the event, optionally together with the club's earlier events (the history).
* repeat: a meeting of a pair beyond its first. Repeated pairs = sum over pairs of
  max(meetings - 1, 0).
* plan: every round of an event, decided in advance (`balanced`, `random`).

Entry points:

* seat_round(SeatingRequest) -> RoundPlan: the next round with any method in METHODS.
* plan_event(players, rounds, ...) -> EventPlan: all remaining rounds (`balanced`, `random`).
* table_layout(players, sizes, preferred) -> list[int]: the table sizes for a number of players.
* quality_report(rounds) -> QualityReport: repeats, most meetings and the lower bound.
* validate_manual_round(players, round) -> problems; swap_players(round, a, b) -> round.

Everything is deterministic for a given seed.
"""

from .layout import byes_needed, table_layout
from .methods import seat_round
from .methods.manual import swap_players, validate_manual_round
from .methods.planner import plan_event
from .quality import count_meetings, lower_bound, quality_report
from .types import (
    METHODS,
    PROGRESSIVE_RULES,
    EventPlan,
    Movement,
    PlayerId,
    QualityReport,
    RoundPlan,
    SeatingError,
    SeatingOptions,
    SeatingRequest,
    SeatingRound,
)

__all__ = [
    "METHODS",
    "PROGRESSIVE_RULES",
    "EventPlan",
    "Movement",
    "PlayerId",
    "QualityReport",
    "SeatingRound",
    "RoundPlan",
    "SeatingError",
    "SeatingOptions",
    "SeatingRequest",
    "byes_needed",
    "count_meetings",
    "lower_bound",
    "plan_event",
    "quality_report",
    "seat_round",
    "swap_players",
    "table_layout",
    "validate_manual_round",
]
