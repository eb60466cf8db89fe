"""Plain records that go in and out of the rating engine.

Terms:

* **session**: one complete session of a game at one table: k players (2 to 9 in the games
  played so far), one per seat, each with a session **total**. A session is one match for the
  ratings, ranked by the game's **ranks** (its placements: 1 best, equal ranks tied; by
  default the totals, higher better). In a team game (Bonko) the session also names its
  **teams** (the seats of each, partners sharing a rank) and is a match of teams.
* **place**: a seat's finishing position at its table in competition style: 1 for the highest
  total, equal totals share the better place (totals 100, 100, -50, -150 give places 1, 1, 3,
  4). In a team game the place of the seat's team among the teams.
* **placement**: the same position as a number that can be compared with an expectation: tied
  seats get the mean of the places they share (1.5, 1.5, 3, 4 above). The four placements of
  a table always sum to 1 + 2 + ... + k (a team game: per team).
* **expected placement**: the placement the ratings predicted before the session:
  ``1 + sum over opponents of P(opponent finishes above this seat)``; it sums as placements do.
* **rating state**: the current rating of every player of one rating pool (for example one
  club). Sessions are applied to it one at a time, in the order they were played.
* **history entry**: one row per player per rated session: rating before and after, expected
  and actual placement.

Floats are stored and compared exactly. Keep them in double precision (PostgreSQL
``double precision``, Django ``FloatField``) so that a rebuild equals the stored values.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import TypeAlias

PlayerId: TypeAlias = int | str
SessionId: TypeAlias = int | str


@dataclass(frozen=True, slots=True)
class ScoredSession:
    """The result of one complete session, seat by seat.

    ``ranks``: the game's placement of every seat (1 best; equal ranks tie); None ranks by
    the totals, higher better. ``teams``: for a team game, the seats of each team (every seat
    in exactly one team, partners with the same rank); None for a game of individuals.
    """

    session_id: SessionId
    played_at: datetime
    player_ids: tuple[PlayerId, ...]
    totals: tuple[int, ...]
    ranks: tuple[int, ...] | None = None
    teams: tuple[tuple[int, ...], ...] | None = None

    def __post_init__(self) -> None:
        seats = len(self.player_ids)
        if seats != len(self.totals):
            raise ValueError("a session needs exactly one total per seat")
        if seats < 2:
            raise ValueError("a rated session needs at least two seats")
        if len(set(self.player_ids)) != seats:
            raise ValueError(f"session {self.session_id!r}: a player occupies two seats")
        if self.ranks is not None and len(self.ranks) != seats:
            raise ValueError(f"session {self.session_id!r}: one rank per seat")
        if self.teams is not None:
            flat = sorted(seat for team in self.teams for seat in team)
            if flat != list(range(seats)) or len(self.teams) < 2 or not all(self.teams):
                raise ValueError(
                    f"session {self.session_id!r}: teams must hold every seat exactly once"
                )
            ranks = self.ranks
            if ranks is not None and any(len({ranks[s] for s in team}) != 1 for team in self.teams):
                raise ValueError(f"session {self.session_id!r}: partners rank alike")


# PlayerSkill and HistoryEntry are created four times per session on a replay; they are
# values all the same (nothing here mutates them), just not frozen, because a frozen
# dataclass's __init__ is several times slower and dominated the replay time.
@dataclass(slots=True)
class PlayerSkill:
    """A player's rating after their latest rated session (or the initial rating)."""

    player_id: PlayerId
    mu: float
    sigma: float
    ordinal: float
    sessions_played: int
    provisional: bool
    last_played_at: datetime | None = None


@dataclass(slots=True)
class HistoryEntry:
    """What one session did to one player's rating."""

    session_id: SessionId
    played_at: datetime
    player_id: PlayerId
    seat: int
    total: int
    place: int
    actual_placement: float
    expected_placement: float
    mu_before: float
    sigma_before: float
    ordinal_before: float
    mu_after: float
    sigma_after: float
    ordinal_after: float
    sessions_played: int
    provisional: bool

    @property
    def mu_change(self) -> float:
        return self.mu_after - self.mu_before

    @property
    def ordinal_change(self) -> float:
        """Change of the displayed rating."""
        return self.ordinal_after - self.ordinal_before

    @property
    def placement_gain(self) -> float:
        """Places better than expected (positive) or worse than expected (negative)."""
        return self.expected_placement - self.actual_placement

    def rating_after(self) -> PlayerSkill:
        """The player's rating right after this session."""
        return PlayerSkill(
            player_id=self.player_id,
            mu=self.mu_after,
            sigma=self.sigma_after,
            ordinal=self.ordinal_after,
            sessions_played=self.sessions_played,
            provisional=self.provisional,
            last_played_at=self.played_at,
        )


@dataclass(slots=True)
class RatingState:
    """The current ratings of one rating pool. ``apply_session`` updates it in place.

    ``last_played_at`` and ``last_session_id`` record the newest applied session so that a
    session older than that (which would need a rebuild) is refused instead of silently
    applied out of order.
    """

    players: dict[PlayerId, PlayerSkill] = field(default_factory=dict)
    sessions_applied: int = 0
    last_played_at: datetime | None = None
    last_session_id: SessionId | None = None
