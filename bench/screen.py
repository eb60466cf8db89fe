"""Load benchmark of the room's screen: what its polling costs, on the stack of ``bench.load``.

    python -m bench.screen [--tables 50] [--screens 20] [--every 5] [--duration 60]
                           [--port 8765] [--database bonken_load_screen] [--quick]

Needs PostgreSQL and Redis like ``bench.load``, and runs on the same stack (``bench.stack``: a
throwaway database, gunicorn and a Celery worker). On a club night of ``--tables`` tables whose
first round is half played (so the screen shows 4 x tables standings lines and tables of every
state):

1. capacity: ``--clients`` closed-loop clients ask for the screen's JSON as fast as they can,
   then for the trivial authenticated GET of ``bench.load`` for as long; requests per second
   and latency of both, and their ratio;
2. screens during the night: ``--screens`` screens poll the JSON every ``--every`` seconds (as
   the page does, anonymously) while every table posts its games (``bench.load``'s club night)
   for ``--duration`` seconds; the screens' requests per second and latency, and the tables'
   submission latency next to it.

Prints one JSON document.
"""

import argparse
import http.client
import json
import random
import threading
import time
from typing import Any

from bench import parse_args, stack
from bench.load import club_night
from bench.stack import (
    Client,
    Stats,
    environment,
    prepare,
    start_services,
    stop_services,
    summary_ms,
    tree_rss_mib,
)


class Screen(Client):
    """A projector's browser: no account, one keep-alive connection."""

    def __init__(self) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", stack.PORT, timeout=60)
        self.headers = {"Accept": "application/json"}


def half_play(setup: dict[str, Any]) -> int:
    """Play the first round's tables: half complete, a quarter part way, the rest waiting."""
    from games.bonken.rules import get_ruleset
    from games.bonken.rules.sample import random_games

    classic, rng = get_ruleset("classic"), random.Random(1)
    client, sent = Client(setup["token"]), 0
    tables = setup["tables"][0]
    for index, table in enumerate(tables):
        games = random_games(classic, rng)["games"]
        if index >= len(tables) * 3 // 4:
            break
        if index >= len(tables) // 2:
            games = games[:5]
        for game in games:
            status, body = client.call(
                "POST", f"/api/v1/tables/{table}/session/games/", {"part": game}
            )
            assert status < 300, body
            sent += 1
    return sent


def wait_for_standings(setup: dict[str, Any], limit: float = 60) -> None:
    client = Client(setup["token"])
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        _, body = client.call("GET", f"/api/v1/events/{setup['event']}/standings/")
        if (body["meta"]["computed_version"] or 0) >= body["meta"]["results_version"]:
            return
        time.sleep(0.2)


def closed_loop(path: str, clients: int, seconds: float, token: str | None) -> dict[str, Any]:
    stats = Stats()
    stop = time.monotonic() + seconds

    def run() -> None:
        client = Client(token) if token else Screen()
        while time.monotonic() < stop:
            started = time.monotonic()
            status, _ = client.call("GET", path)
            stats.record(time.monotonic() - started, status)

    threads = [threading.Thread(target=run) for _ in range(clients)]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - started
    return {
        "requests": len(stats.latencies),
        "requests_per_second": round(len(stats.latencies) / elapsed, 1),
        "errors": stats.errors,
        **summary_ms(stats.latencies),
    }


def screens_polling(
    path: str, screens: int, every: float, done: threading.Event
) -> tuple[Stats, list[threading.Thread]]:
    stats = Stats()

    def run(index: int) -> None:
        client = Screen()
        done.wait(every * index / screens)  # screens switched on one after another
        while not done.is_set():
            started = time.monotonic()
            status, body = client.call("GET", path)
            stats.record(time.monotonic() - started, status)
            done.wait(max(every - (time.monotonic() - started), 0))

    threads = [threading.Thread(target=run, args=(i,)) for i in range(screens)]
    return stats, threads


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--screens", type=int, default=20)
    parser.add_argument("--every", type=float, default=5.0, help="seconds between a screen's polls")
    parser.add_argument("--duration", type=float, default=60.0, help="club night seconds")
    parser.add_argument("--think", type=float, default=2.0)
    parser.add_argument("--capacity-seconds", type=float, default=15.0)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--web-workers", type=int, default=5)
    parser.add_argument("--port", type=int, default=stack.PORT)
    parser.add_argument(
        "--database",
        default="bonken_load_screen",
        help="the throwaway database (dropped and created again)",
    )
    args = parse_args(
        parser,
        argv,
        tables=4,
        screens=2,
        every=1.0,
        duration=5.0,
        think=0.25,
        capacity_seconds=0.5,
        clients=2,
        web_workers=2,
    )
    stack.serve(args.port, args.database)
    env = environment(args.database)

    rounds_needed = max(3, int(args.duration / (12 * args.think)) + 3)
    setup = prepare(
        env, args.tables, rounds_needed, spare=1, database=args.database, quick=args.quick
    )
    web, worker = start_services(env, args.web_workers)
    path = f"/events/{setup['event']}/screen.json"
    try:
        games = half_play(setup)
        wait_for_standings(setup)
        _, sample = Screen().call("GET", path)
        report: dict[str, Any] = {
            "screen_json": {
                "path": path,
                "bytes": len(json.dumps(sample)),
                "standings_lines": len(sample["standings"]),
                "tables": len(sample["round"]["tables"]),
                "first_round_games_posted": games,
            },
        }
        screen = closed_loop(path, args.clients, args.capacity_seconds, None)
        trivial = closed_loop(
            "/api/v1/tokens/?limit=1", args.clients, args.capacity_seconds, setup["token"]
        )
        report["capacity"] = {
            "clients": args.clients,
            "screen_json": screen,
            "trivial_get": trivial,
            "ratio_screen_to_trivial": round(
                screen["requests_per_second"] / trivial["requests_per_second"], 3
            ),
        }
        # The night plays on from the second round: the first stays half played on screen.
        done = threading.Event()
        stats, threads = screens_polling(path, args.screens, args.every, done)
        started = time.monotonic()
        for thread in threads:
            thread.start()
        night = club_night(
            setup,
            setup["tables"][1:],
            args.duration,
            args.think,
            {"web": web.pid, "worker": worker.pid},
        )
        done.set()
        for thread in threads:
            thread.join()
        elapsed = time.monotonic() - started
        report["screens_during_club_night"] = {
            "screens": args.screens,
            "every_seconds": args.every,
            "requests": len(stats.latencies),
            "requests_per_second": round(len(stats.latencies) / elapsed, 2),
            "errors": stats.errors,
            **summary_ms(stats.latencies),
            "tables_submissions": {
                key: night[key]
                for key in (
                    "tables",
                    "games_sent",
                    "requests_per_second",
                    "errors",
                    "p50_ms",
                    "p95_ms",
                    "p99_ms",
                )
                if key in night
            },
            "web_mib": tree_rss_mib(web.pid),
        }
    finally:
        stop_services(web, worker)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
