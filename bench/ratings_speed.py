"""Speed benchmark: replaying a rating pool from scratch.

Run ``python -m bench.ratings_speed`` (``--sessions N``, default 100,000, for
about 2,000 players). It prints sessions per second for:

1. **bare openskill**: ``PlackettLuce().rate()`` on the same matches with precomputed ranks,
   keeping the ratings in a dict. This is the ceiling the library sets.
2. **our arithmetic in-process**: ``replay()``, history entries included.
3. any **extra measurement** passed to ``run(extra_measurements={name: fn})``; ``fn``
   receives the generated sessions and replays them its own way (the Django layer adds the
   full replay with PostgreSQL reads and writes here).

Every line shows the ratio to the bare library rate (the target for the full replay is at
least 0.5) and the peak resident memory of the process so far (``ru_maxrss``; the target is
under 1 GiB).
"""

from __future__ import annotations

import argparse
import gc
import resource
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

from bench import parse_args
from ranking.arithmetic.ratings.config import DEFAULT_CONFIG
from ranking.arithmetic.ratings.engine import replay
from ranking.arithmetic.ratings.records import PlayerId, ScoredSession
from ranking.arithmetic.ratings.simulate import quick_sessions
from ranking.arithmetic.ratings.table import places

Measurement = Callable[[Sequence[ScoredSession]], object]


@dataclass(frozen=True, slots=True)
class Timing:
    name: str
    sessions: int
    seconds: float
    peak_rss_bytes: int

    @property
    def sessions_per_second(self) -> float:
        return self.sessions / self.seconds


def peak_rss_bytes() -> int:
    """Peak resident set size of this process (``ru_maxrss`` is KiB on Linux, bytes on macOS)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024


def bare_openskill(sessions: Sequence[ScoredSession]) -> Measurement:
    """A measurement that rates the sessions with the library alone.

    Ranks are computed here, before the clock starts, so only ``rate()`` and a dict of
    ratings are timed.
    """
    model = PlackettLuce(
        mu=DEFAULT_CONFIG.mu,
        sigma=DEFAULT_CONFIG.sigma,
        beta=DEFAULT_CONFIG.beta,
        kappa=DEFAULT_CONFIG.kappa,
        tau=DEFAULT_CONFIG.tau,
    )
    matches = [
        (session.player_ids, [float(place) for place in places(session.totals)])
        for session in sessions
    ]

    def rate_all(_sessions: Sequence[ScoredSession]) -> dict[PlayerId, PlackettLuceRating]:
        ratings: dict[PlayerId, PlackettLuceRating] = {}
        for player_ids, ranks in matches:
            teams = [[ratings.get(p) or model.rating()] for p in player_ids]
            rated = model.rate(teams, ranks=ranks)
            for player_id, team in zip(player_ids, rated, strict=True):
                ratings[player_id] = team[0]
        return ratings

    return rate_all


def _time(name: str, fn: Measurement, sessions: Sequence[ScoredSession]) -> Timing:
    gc.collect()
    started = time.perf_counter()
    fn(sessions)
    seconds = time.perf_counter() - started
    return Timing(name, len(sessions), seconds, peak_rss_bytes())


def run(
    *,
    sessions: int = 100_000,
    players: int = 2_000,
    seed: int = 20_240_601,
    extra_measurements: Mapping[str, Measurement] | None = None,
) -> list[Timing]:
    """Generate the pool, time every measurement in turn, print and return the timings."""
    started = time.perf_counter()
    pool = quick_sessions(seed=seed, sessions=sessions, players=players)
    print(
        f"{len(pool)} sessions, {players} players (seed {seed}), "
        f"generated in {time.perf_counter() - started:.1f} s"
    )
    measurements: dict[str, Measurement] = {
        "bare openskill rate()": bare_openskill(pool),
        "our arithmetic in-process (replay)": lambda s: replay(s),
    }
    measurements.update(extra_measurements or {})
    timings: list[Timing] = []
    width = max(len(name) for name in measurements)
    print(f"{'measurement':<{width}}  {'seconds':>8}  {'sessions/s':>10}  {'x bare':>6}  peak RSS")
    for name, fn in measurements.items():
        timing = _time(name, fn, pool)
        timings.append(timing)
        ratio = timing.sessions_per_second / timings[0].sessions_per_second
        print(
            f"{name:<{width}}  {timing.seconds:8.2f}  {timing.sessions_per_second:10,.0f}  "
            f"{ratio:6.2f}  {timing.peak_rss_bytes / 2**20:,.0f} MiB",
            flush=True,
        )
    return timings


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--sessions", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=2_000)
    parser.add_argument("--seed", type=int, default=20_240_601)
    args = parse_args(parser, argv, sessions=2_000, players=100)
    run(sessions=args.sessions, players=args.players, seed=args.seed)


if __name__ == "__main__":
    main()
