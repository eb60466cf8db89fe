"""Benchmark: validate and score random complete sessions of a game, print one JSON line.

    python -m bench.rules [--game bonken] [--sessions 20000] [--seats N] [--ruleset CODE]
                          [--repeat 3] [--seed 1] [--level counts]   # --level: Bonken only
                          [--parts 10]   # games filled part by part: that many parts each
                          [--quick]      # 200 sessions, 2 repeats: a check that it runs

Each game package has ``sample.random_session(rng, *, seats, ruleset)``, which builds a random
complete, valid document; generating them is not timed. Each repeat scores all sessions once
through the game's seam object (``GAME.score``) and checks that each came out valid and
complete. ``--parts N`` gives every session N parts, for a game whose sample takes a count of
its ``GAME.parts_key`` list (Bonanza ``hands``; Jonkler ``rounds``, complete at its ruleset's
number); otherwise a session has the sample's own mix of lengths. Time is the process's CPU
time, so other work on a shared machine does not count against it; the line reports the best
repeat as ``sessions_per_second`` (the least disturbed one), every repeat in ``runs`` and the
wall-clock figures in ``wall_clock_runs``.
"""

from __future__ import annotations

import argparse
import inspect
import json
import platform
import random
import sys
import time
from importlib import import_module
from pathlib import Path
from typing import Any

import games
from bench import parse_args

# The games with rules in this checkout (``games/<code>/rules``), read without Django.
GAMES = sorted(
    p.parent.parent.name for p in Path(games.__file__).parent.glob("*/rules/__init__.py")
)


def documents_for(args: argparse.Namespace) -> tuple[Any, list[dict[str, Any]]]:
    game = import_module(f"games.{args.game}.rules").GAME
    sample = import_module(f"games.{args.game}.rules.sample")
    rng = random.Random(args.seed)
    seats = args.seats or game.preferred_size
    ruleset = game.rulesets[args.ruleset or game.default_ruleset]
    options: dict[str, Any] = {"seats": seats, "ruleset": ruleset}
    if args.level is not None:
        options["level"] = args.level
    if args.parts is not None:
        options[parts_option(game, sample)] = args.parts
    documents = [sample.random_session(rng, **options) for _ in range(max(1, args.sessions))]
    return game, documents


def parts_option(game: Any, sample: Any) -> str:
    """The sample's keyword for the number of parts: the game's ``parts_key`` when
    ``random_session`` takes it; SystemExit (with the reason) for a game that has none."""
    key = game.parts_key
    if key is None or key not in inspect.signature(sample.random_session).parameters:
        raise SystemExit(f"--parts: the {game.code} sample cannot set the number of parts")
    return str(key)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.rules", description=__doc__)
    parser.add_argument("--game", default="bonken", choices=GAMES)
    parser.add_argument("--sessions", type=int, default=20_000)
    parser.add_argument("--seats", type=int, default=None)
    parser.add_argument("--ruleset", default=None)
    parser.add_argument("--level", choices=("counts", "points", "net", "mixed"), default=None)
    parser.add_argument(
        "--parts",
        type=int,
        default=None,
        help="parts per session (hands, rounds); default: the sample's mix",
    )
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parse_args(parser, argv, sessions=200, repeat=2)
    game, documents = documents_for(args)
    runs: list[float] = []
    wall: list[float] = []
    failed = 0
    for _ in range(max(1, args.repeat)):
        started = time.process_time()
        started_wall = time.perf_counter()
        for document in documents:
            if not game.score(document).complete:  # complete implies valid
                failed += 1
        wall.append(len(documents) / (time.perf_counter() - started_wall))
        runs.append(len(documents) / max(time.process_time() - started, 1e-9))
    if failed:
        print(f"{failed} generated sessions did not validate as complete", file=sys.stderr)
        return 1
    line = {
        "game": game.code,
        "ruleset": args.ruleset or game.default_ruleset,
        "seats": args.seats or game.preferred_size,
        "sessions": len(documents),
        "sessions_per_second": round(max(runs)),
        "microseconds_per_session": round(1e6 / max(runs), 2),
        "runs": [round(run) for run in runs],
        "wall_clock_runs": [round(run) for run in wall],
        "python": platform.python_version(),
    }
    if args.level is not None:
        line["level"] = args.level
    if args.parts is not None:
        line["parts"] = args.parts
    print(json.dumps(line))
    return 0


if __name__ == "__main__":
    sys.exit(main())
