"""Benchmark: `python -m bench.seating`.

For each case it seats a whole event and prints the repeated pairs, the lower bound and the
time, next to a baseline run on the same case in the same process: each round keeps the best of
1,000 seeded random shuffles (fewest new repeats given the rounds before; fair byes), the usual
approach of other seating tools. `gain` is baseline repeats / our repeats. The `swiss` case
plays 8 rounds with random results and reports the slowest single round. The last cases seat
games with tables of several sizes (Jonkler 3 to 6, preferred 4; Bonanza Rummy 2 to 9,
preferred 5) at the tables of `table_layout`.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from itertools import combinations

from bench import parse_args
from seating.byes import choose_byes
from seating.layout import cut_tables, table_layout
from seating.methods import seat_round
from seating.methods.planner import plan_event
from seating.partners import partner_report
from seating.quality import count_meetings, lower_bound, quality_report, repeated_pairs
from seating.types import SeatingRequest, SeatingRound

BALANCED_CASES: tuple[tuple[int, int], ...] = (
    (8, 5),
    (8, 8),
    (12, 5),
    (12, 8),
    (13, 6),
    (16, 5),
    (16, 6),
    (16, 7),
    (16, 8),
    (17, 5),
    (18, 5),
    (20, 5),
    (21, 5),
    (22, 6),
    (23, 7),
    (23, 8),
    (24, 5),
    (24, 7),
    (27, 8),
    (28, 8),
    (28, 9),
    (29, 9),
    (31, 9),
    (32, 8),
    (32, 10),
    (33, 10),
    (34, 10),
    (36, 10),
    (40, 8),
    (40, 13),
    (41, 8),
    (41, 13),
    (47, 8),
    (48, 8),
    (52, 17),
    (76, 25),
    (400, 10),
)
SWISS_CASES: tuple[tuple[int, int], ...] = ((48, 8),)
JONKLER = ((3, 4, 5, 6), 4)
BONANZA = (tuple(range(2, 10)), 5)
MIXED_CASES: tuple[tuple[str, int, int], ...] = (
    ("jonkler", 7, 4),
    ("jonkler", 14, 3),
    ("jonkler", 14, 8),
    ("jonkler", 23, 6),
    ("jonkler", 30, 8),
    ("bonanza", 12, 5),
    ("bonanza", 17, 6),
    ("bonanza", 33, 8),
)
GAME_SIZES = {"jonkler": JONKLER, "bonanza": BONANZA, "bonken": ((4,), None)}
FRONTIER_CASES: tuple[tuple[str, int, int], ...] = (
    ("bonken", 17, 5),
    ("bonken", 23, 8),
    ("bonken", 29, 10),
    ("bonken", 30, 10),
    ("jonkler", 23, 6),
    ("jonkler", 30, 8),
    ("bonanza", 33, 8),
)
PROVEN: dict[tuple[str, int, int], tuple[int, str]] = {
    ("bonken", 17, 5): (1, "exhaustive-search"),
}
"""The least repeats proven where it is above the bound (docs/benchmarks.md gives the proofs)."""
BONKO_SEATS = {4: ((0, 2), (1, 3))}
PARTS = ("balanced", "mixed", "frontier", "bonko")
BONKO_CASES: tuple[tuple[int, int], ...] = (
    (8, 7),
    (12, 6),
    (12, 11),
    (16, 5),
    (16, 8),
    (16, 15),
    (17, 8),
    (20, 8),
    (24, 8),
    (32, 10),
)


def baseline(
    players: int,
    rounds: int,
    seed: int = 0,
    shuffles: int = 1000,
    layout: list[int] | None = None,
) -> list[SeatingRound]:
    """Round by round, the best of `shuffles` random shuffles (fewest new repeats), at the
    layout's tables (by default tables of four)."""
    if layout is None:
        layout = [4] * (players // 4)
    rng = random.Random(seed)
    ids = list(range(players))
    met: dict[tuple[int, int], int] = {}
    sat_out = dict.fromkeys(ids, 0)
    schedule: list[SeatingRound] = []
    for _ in range(rounds):
        order = ids[:]
        rng.shuffle(order)
        byes = choose_byes(order, sat_out, players - sum(layout))
        for p in byes:
            sat_out[p] += 1
        seated = [p for p in ids if p not in set(byes)]
        best: tuple[int, list[int]] | None = None
        for _ in range(shuffles):
            rng.shuffle(seated)
            new = 0
            for table in cut_tables(seated, layout):
                for a, b in combinations(table, 2):
                    new += (a, b) in met or (b, a) in met
            if best is None or new < best[0]:
                best = (new, seated[:])
        assert best is not None
        tables = cut_tables(best[1], layout)
        for table in tables:
            for a, b in combinations(sorted(table), 2):
                met[(a, b)] = met.get((a, b), 0) + 1
        schedule.append(SeatingRound(tables=tables, byes=byes))
    return schedule


def _swiss_event(players: int, rounds: int, seed: int) -> tuple[list[SeatingRound], float]:
    rng = random.Random(seed)
    standings = dict.fromkeys(range(players), 0.0)
    played: list[SeatingRound] = []
    slowest = 0.0
    for _ in range(rounds):
        request = SeatingRequest(
            players=list(range(players)),
            method="swiss",
            seed=seed,
            played_rounds=played,
            standings=standings,
        )
        start = time.perf_counter()
        plan = seat_round(request)
        slowest = max(slowest, time.perf_counter() - start)
        for table in plan.tables:
            for p in table:
                standings[p] += rng.choice((0, 1, 1, 2, 3))
        played.append(plan.as_round())
    return played, slowest


def _repeats(rounds: Sequence[SeatingRound]) -> int:
    return repeated_pairs(count_meetings(rounds))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--shuffles", type=int, default=1000)
    parser.add_argument(
        "--part",
        choices=PARTS,
        action="append",
        help="print only this table (repeatable; default: all four)",
    )
    args = parse_args(parser, argv, shuffles=10)
    parts = args.part or list(PARTS)
    if "balanced" in parts:
        _balanced(args.seed, args.shuffles)
    if "mixed" in parts:
        _mixed(args.seed, args.shuffles)
    if "frontier" in parts:
        _frontier(args.seed)
        print()
    if "bonko" in parts:
        _bonko(args.seed)
    return 0


def _balanced(seed: int, shuffles: int) -> None:
    """Tables of four: ours against the baseline, and one swiss event."""
    header = (
        f"{'players':>7} {'rounds':>6} {'method':<9} {'repeats':>7} {'bound':>5} "
        f"{'max':>3} {'seconds':>8} {'baseline':>8} {'base_s':>7} {'gain':>6}"
    )
    print(header)
    print("-" * len(header))
    cases = [(n, r, "balanced") for n, r in BALANCED_CASES]
    cases += [(n, r, "swiss") for n, r in SWISS_CASES]
    for players, rounds, method in cases:
        start = time.perf_counter()
        if method == "balanced":
            schedule = plan_event(list(range(players)), rounds, seed=seed).rounds
            seconds = time.perf_counter() - start
            shown = f"{seconds:8.2f}"
        else:
            schedule, slowest = _swiss_event(players, rounds, seed)
            seconds = time.perf_counter() - start
            shown = f"{slowest * 1000:6.0f}ms"
        ours = _repeats(schedule)
        most = max(count_meetings(schedule).values(), default=0)
        start = time.perf_counter()
        theirs = _repeats(baseline(players, rounds, seed, shuffles))
        base_seconds = time.perf_counter() - start
        gain = "inf" if ours == 0 and theirs else f"{theirs / ours:.2f}" if ours else "1.00"
        print(
            f"{players:>7} {rounds:>6} {method:<9} {ours:>7} {lower_bound(players, rounds):>5} "
            f"{most:>3} {shown} {theirs:>8} {base_seconds:>7.2f} {gain:>6}"
        )
    print("seconds: whole plan (balanced), slowest single round (swiss)")
    print()


def _mixed(seed: int, shuffles: int) -> None:
    """Jonkler and Bonanza Rummy at their tables of mixed sizes."""
    header = (
        f"{'game':<8} {'players':>7} {'rounds':>6} {'tables':<18} {'repeats':>7} {'bound':>5} "
        f"{'max':>3} {'seconds':>8} {'baseline':>8} {'gain':>6}"
    )
    print(header)
    print("-" * len(header))
    for game, players, rounds in MIXED_CASES:
        sizes, preferred = GAME_SIZES[game]
        layout = table_layout(players, sizes, preferred)
        start = time.perf_counter()
        schedule = plan_event(
            list(range(players)),
            rounds,
            seed=seed,
            table_sizes=sizes,
            preferred_size=preferred,
        ).rounds
        seconds = time.perf_counter() - start
        ours = _repeats(schedule)
        most = max(count_meetings(schedule).values(), default=0)
        theirs = _repeats(baseline(players, rounds, seed, shuffles, layout))
        gain = "inf" if ours == 0 and theirs else f"{theirs / ours:.2f}" if ours else "1.00"
        bound = lower_bound(players, rounds, sizes, preferred)
        shape = "+".join(map(str, layout))
        print(
            f"{game:<8} {players:>7} {rounds:>6} {shape:<18} {ours:>7} {bound:>5} {most:>3} "
            f"{seconds:8.2f} {theirs:>8} {gain:>6}"
        )
    print()


def _frontier(seed: int) -> None:
    """Every frontier size: its bound, the least proven and what the planner seats."""
    header = (
        f"{'game':<8} {'players':>7} {'rounds':>6} {'tables':<22} {'bound':>5} {'least':>5} "
        f"{'proven':<24} {'seats':>5} {'seconds':>8}"
    )
    print(header)
    print("-" * len(header))
    for game, players, rounds in FRONTIER_CASES:
        sizes, preferred = GAME_SIZES[game]
        layout = table_layout(players, sizes, preferred)
        start = time.perf_counter()
        schedule = plan_event(
            list(range(players)), rounds, seed=seed, table_sizes=sizes, preferred_size=preferred
        ).rounds
        seconds = time.perf_counter() - start
        ours = _repeats(schedule)
        bound = lower_bound(players, rounds, sizes, preferred)
        least, how = PROVEN.get((game, players, rounds), (bound, "bound"))
        if ours == least:
            how = f"{how},seated"  # reached: the least possible
        shape = "+".join(map(str, layout)) + (
            f"+{players - sum(layout)}out" if players > sum(layout) else ""
        )
        print(
            f"{game:<8} {players:>7} {rounds:>6} {shape:<22} {bound:>5} {least:>5} "
            f"{how:<24} {ours:>5} {seconds:8.2f}"
        )
    print("least: the fewest repeats proven possible; seated: the planner reaches it")


def _bonko(seed: int) -> None:
    """A team game without fixed teams: partners and opponents against their own bounds."""
    header = (
        f"{'players':>7} {'rounds':>6} {'repeats':>7} {'bound':>5} {'partner':>7} {'p_bound':>7} "
        f"{'oppose':>6} {'o_bound':>7} {'o_max':>5} {'seconds':>8}"
    )
    print(header)
    print("-" * len(header))
    for players, rounds in BONKO_CASES:
        start = time.perf_counter()
        schedule = plan_event(
            list(range(players)), rounds, seed=seed, team_seats=BONKO_SEATS
        ).rounds
        seconds = time.perf_counter() - start
        table = quality_report(schedule)
        teams = partner_report(schedule, BONKO_SEATS)
        print(
            f"{players:>7} {rounds:>6} {table.repeated_pairs:>7} {table.lower_bound:>5} "
            f"{teams.partner_repeats:>7} {teams.partner_bound:>7} {teams.opponent_repeats:>6} "
            f"{teams.opponent_bound:>7} {teams.max_opponent_meetings:>5} {seconds:8.2f}"
        )
    print("partner / oppose: pairs partnering / opposing again; p_bound / o_bound their bounds")


if __name__ == "__main__":
    raise SystemExit(main())
