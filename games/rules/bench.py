"""Benchmark: validate and score random complete sessions, print one JSON line.

    python -m games.rules.bench [--sessions 20000] [--ruleset classic] [--level counts]
                                [--repeat 3] [--seed 1]

Generating the sessions is not timed. Each repeat scores all sessions once and checks that
each came out valid and complete. Time is the process's CPU time, so other work on a shared
machine does not count against it; the line reports the best repeat as
``sessions_per_second`` (the least disturbed one), every repeat in ``runs`` and the wall-clock
figures in ``wall_clock_runs``.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time

from games.rules.builtin import RULESETS
from games.rules.engine import score_session
from games.rules.sample import random_session


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.rules.bench", description=__doc__)
    parser.add_argument("--sessions", type=int, default=20_000)
    parser.add_argument("--ruleset", choices=sorted(RULESETS), default="classic")
    parser.add_argument("--level", choices=("counts", "points", "net", "mixed"), default="counts")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    ruleset = RULESETS[args.ruleset]
    rng = random.Random(args.seed)
    documents = [
        random_session(ruleset, rng, level=args.level) for _ in range(max(1, args.sessions))
    ]
    runs = []
    wall = []
    incomplete = 0
    for _ in range(max(1, args.repeat)):
        started = time.process_time()
        started_wall = time.perf_counter()
        for document in documents:
            if not score_session(document).complete:  # complete implies valid
                incomplete += 1
        wall.append(len(documents) / (time.perf_counter() - started_wall))
        runs.append(len(documents) / max(time.process_time() - started, 1e-9))
    if incomplete:
        print(f"{incomplete} generated sessions did not validate", file=sys.stderr)
        return 1
    line = {
        "ruleset": ruleset.code,
        "level": args.level,
        "sessions": len(documents),
        "games_per_session": ruleset.games_per_session,
        "sessions_per_second": round(max(runs)),
        "microseconds_per_session": round(1e6 / max(runs), 2),
        "runs": [round(run) for run in runs],
        "wall_clock_runs": [round(run) for run in wall],
        "python": platform.python_version(),
    }
    print(json.dumps(line))
    return 0


if __name__ == "__main__":
    sys.exit(main())
