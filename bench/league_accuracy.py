"""The accuracy benchmark's league kind (``bench.ratings_accuracy``): simulated leagues of clubs
of different strengths that mostly play at home and meet on league days
(``ranking.arithmetic.ratings.simulate_league``), judged on their held-out mixed tables only,
where players of different clubs meet; and the verdict on the league rating there.

The league rating is the default rating method over every club's sessions in one pool, as
``leagues.computing`` replays a league. It should be within ``LEAGUE_MARGIN`` percentage points
of pairwise accuracy of the least-squares reference on those tables, and ahead of the average
points per session, which cannot see that a club is strong (at home, points are zero-sum among
a club's own players)."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence

from ranking.arithmetic.ratings.simulate import SimulatedClub
from ranking.arithmetic.ratings.simulate_league import simulate_league

LEAGUE = "league of clubs"
LEAGUE_SEEDS = 4  # leagues a seed: a league's mixed tables are a fifth of its tables
LEAGUE_CLUBS = 6
LEAGUE_MARGIN = 0.003  # 0.3 percentage points of pairwise accuracy
Interval = Callable[[Sequence[float], Sequence[float]], tuple[float, float]]


def leagues(
    *,
    base: int,
    name: str,
    players: int,
    weeks: int,
    rounds: int,
    skill: float,
    seeds: Iterable[int],
) -> list[SimulatedClub]:
    """``LEAGUE_SEEDS`` leagues for every seed (seed ``s`` gives the leagues ``base +
    LEAGUE_SEEDS * s`` on), each of ``LEAGUE_CLUBS`` clubs sharing ``players``."""
    return [
        simulate_league(
            seed=base + LEAGUE_SEEDS * seed + index,
            name=name,
            clubs=LEAGUE_CLUBS,
            players_per_club=players // LEAGUE_CLUBS,
            weeks=weeks,
            rounds_per_evening=rounds,
            skill=skill,
        )
        for seed in seeds
        for index in range(LEAGUE_SEEDS)
    ]


def judged_tables(club: SimulatedClub, split: int) -> list[int]:
    """The held-out sessions (from ``split`` on) a method is judged on: every one of a club,
    a league's mixed tables only."""
    mixed = getattr(club, "mixed", None)
    return [i for i in range(split, len(club.sessions)) if mixed is None or mixed[i]]


def league_verdict(
    by_kind: dict[str, dict[str, list[float]]],
    rating: str,
    reference: str,
    average: str,
    interval: Interval,
) -> list[str]:
    """The lines that say how the league rating (``rating``) does on the mixed tables."""
    mine = by_kind[rating][LEAGUE]
    tables = sum(1 for value in mine if not math.isnan(value))
    to_reference, half = interval(mine, by_kind[reference][LEAGUE])
    to_average, half_average = interval(mine, by_kind[average][LEAGUE])
    if math.isnan(to_reference) or math.isnan(to_average):
        return [f"{LEAGUE}: too few held-out mixed tables ({tables}) to judge"]
    close = abs(to_reference) <= LEAGUE_MARGIN
    ahead = to_average > 0
    return [
        f"{LEAGUE}, {tables} held-out mixed tables (players of different clubs), pairwise:",
        f"  league rating (the default, one pool) minus the least-squares reference: "
        f"{to_reference * 100:+.2f} ±{half * 100:.2f} points: "
        f"{'within' if close else 'not within'} {LEAGUE_MARGIN * 100:.1f}",
        f"  league rating minus average points per session: "
        f"{to_average * 100:+.2f} ±{half_average * 100:.2f} points: "
        f"{'ahead' if ahead else 'not ahead'}",
    ]
