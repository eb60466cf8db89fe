"""A simulated league of Bonken clubs with known player strengths, for the accuracy benchmark:
clubs of different strengths that mostly play at home and meet on league days.

Terms (the rest as ``simulate``'s):

* **club level**: the mean strength of a club's players; the levels are spread evenly over
  ``[-club_spread, +club_spread]``, so one club is strong, another weak. A player's strength is
  their club's level plus their own ``gauss(0, 1)``.
* **home evening**: every week each club seats its players present at random tables of four,
  among themselves (``rounds_per_evening`` rounds). At home, points are zero-sum among one
  club's players: a strong club's players win from each other as often as a weak club's do, so
  points at home say nothing of the club's level.
* **league day**: every ``league_every``-th week, instead of their home evening, the clubs'
  players present meet: each round seats them at random tables across the clubs (a table of
  one club only is possible, and not counted as mixed).
* **mixed table**: a session whose players come from at least two clubs. The benchmark judges
  a league on its held-out mixed tables, where knowing a club's level is what predicts.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from ranking.arithmetic.ratings.records import PlayerId, ScoredSession
from ranking.arithmetic.ratings.simulate import SEATS, SimulatedClub, SimulatedPlayer, play_session


@dataclass(frozen=True, slots=True)
class SimulatedLeague(SimulatedClub):
    club_of: dict[PlayerId, int]
    # Per session: whether players of two or more clubs sat at it.
    mixed: tuple[bool, ...]


def _levels(clubs: int, spread: float) -> list[float]:
    if clubs == 1:
        return [0.0]
    return [-spread + 2 * spread * index / (clubs - 1) for index in range(clubs)]


def simulate_league(
    *,
    seed: int,
    name: str = "league",
    clubs: int = 6,
    players_per_club: int = 14,
    weeks: int = 60,
    rounds_per_evening: int = 2,
    league_every: int = 4,
    league_rounds: int = 3,
    club_spread: float = 1.0,
    skill: float = 0.3,
    attendance: tuple[float, float] = (0.5, 0.95),
    start: datetime | None = None,
) -> SimulatedLeague:
    """A league's complete playing history, reproducible from ``seed``."""
    rng = random.Random(seed)
    start = start or datetime(2020, 1, 6, 19, 30, tzinfo=UTC)
    levels = _levels(clubs, club_spread)
    strength: dict[int, float] = {}
    presence: dict[int, float] = {}
    club_of: dict[PlayerId, int] = {}
    for club in range(clubs):
        for index in range(players_per_club):
            player_id = club * players_per_club + index
            strength[player_id] = levels[club] + rng.gauss(0.0, 1.0)
            presence[player_id] = rng.uniform(*attendance)
            club_of[player_id] = club
    sessions: list[ScoredSession] = []
    seat_strengths: list[tuple[float, ...]] = []
    evening_of_session: list[int] = []
    mixed: list[bool] = []

    def play(groups: list[list[int]], week: int, when: datetime) -> None:
        for table, seated in enumerate(groups):
            at_table = tuple(strength[p] for p in seated)
            totals = play_session(at_table, rng, skill=skill)
            sessions.append(
                ScoredSession(
                    session_id=len(sessions) + 1,
                    played_at=when + timedelta(minutes=table),
                    player_ids=tuple(seated),
                    totals=totals,
                )
            )
            seat_strengths.append(at_table)
            evening_of_session.append(week)
            mixed.append(len({club_of[p] for p in seated}) > 1)

    for week in range(weeks):
        evening = start + timedelta(days=7 * week)
        present = [p for p in sorted(strength) if rng.random() < presence[p]]
        league_day = league_every > 0 and week % league_every == league_every - 1
        if league_day:
            for round_index in range(league_rounds):
                rng.shuffle(present)
                play(_tables(present), week, evening + timedelta(hours=2 * round_index))
            continue
        for round_index in range(rounds_per_evening):
            for club in range(clubs):
                home = [p for p in present if club_of[p] == club]
                rng.shuffle(home)
                when = evening + timedelta(hours=2 * round_index, minutes=10 * club)
                play(_tables(home), week, when)
    return SimulatedLeague(
        name=name,
        players=tuple(
            SimulatedPlayer(player_id, strength[player_id], presence[player_id], 0)
            for player_id in sorted(strength)
        ),
        sessions=tuple(sessions),
        strengths=tuple(seat_strengths),
        evening_of_session=tuple(evening_of_session),
        club_of=club_of,
        mixed=tuple(mixed),
    )


def _tables(present: list[int]) -> list[list[int]]:
    """Tables of four in the order given (whoever is left over sits out)."""
    return [present[i : i + SEATS] for i in range(0, len(present) - SEATS + 1, SEATS)]
