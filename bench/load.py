"""Load benchmark: tables submitting games while they play, against the real stack.

    python -m bench.load [--tables 50] [--duration 120] [--think 2] [--capacity-seconds 20]
                         [--port 8765] [--database bonken_load] [--quick]

Needs PostgreSQL and Redis (DATABASE_URL, CELERY_BROKER_URL; defaults are the local ones). It
creates a throwaway database, starts gunicorn and a Celery worker on it (``bench.stack``), and
then:

1. capacity: closed-loop clients hit a trivial authenticated endpoint and the game submission
   endpoint, taking turns, for the same time each; the ratio of the two throughputs is printed
   with the CPU time every process spent per request and the tasks the worker ran;
2. club night: ``--tables`` simulated tables each play session after session, posting every
   game as it is played (with an Idempotency-Key, a think time between games), for
   ``--duration`` seconds, while a sampler measures how long the standings take to reflect
   the latest results.

It prints throughput, latency percentiles, errors, sessions and games sent versus stored,
submission-to-standings latency, and the memory of the web and worker processes at the start
and the end, as one JSON document.
"""

import argparse
import json
import random
import threading
import time
from collections.abc import Iterator
from typing import Any

from bench import parse_args, stack
from bench.capacity import capacity
from bench.stack import (
    Client,
    Stats,
    environment,
    manage_shell,
    prepare,
    start_services,
    stop_services,
    summary_ms,
    tree_rss_mib,
)


def club_night(
    setup: dict[str, Any],
    rounds: list[list[int]],
    seconds: float,
    think: float,
    processes: dict[str, int],
) -> dict[str, Any]:
    """``rounds`` of tables play for ``seconds``, each posting its games as they are played,
    while the standings' delay and the processes' memory are sampled."""
    stats = Stats()
    delays: list[float] = []
    memory: list[dict[str, float]] = []
    sent = {"games": 0, "sessions": 0}
    sent_lock = threading.Lock()
    stop = time.monotonic() + seconds
    done = threading.Event()
    started = time.monotonic()

    def table(index: int) -> None:
        for number, games in play_table(setup, rounds, index, think, stop, stats):
            with sent_lock:
                sent["games"] += 1
                sent["sessions"] += number == games

    threads = [threading.Thread(target=table, args=(i,)) for i in range(len(rounds[0]))]
    watchers = [
        threading.Thread(target=standings_delays, args=(setup, done, delays)),
        threading.Thread(target=memory_samples, args=(processes, seconds, started, done, memory)),
    ]
    for thread in watchers + threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - started
    done.set()
    for thread in watchers:
        thread.join()
    return {
        "tables": len(rounds[0]),
        "seconds": round(elapsed, 1),
        "games_sent": sent["games"],
        "sessions_completed_sent": sent["sessions"],
        "requests_per_second": round(len(stats.latencies) / elapsed, 1),
        "errors": stats.errors,
        **summary_ms(stats.latencies),
        "standings_delay": {"samples": len(delays), **summary_ms(delays)},
        "memory_during_night": memory,
    }


def play_table(
    setup: dict[str, Any],
    rounds: list[list[int]],
    index: int,
    think: float,
    stop: float,
    stats: Stats,
) -> Iterator[tuple[int, int]]:
    """Table ``index`` plays round after round until ``stop``, posting each game after a think
    time; yields (the game's number, the session's number of games) after each post."""
    from games.bonken.rules import get_ruleset
    from games.bonken.rules.sample import random_games

    classic = get_ruleset("classic")
    client, rng = Client(setup["token"]), random.Random(index)
    for round_tables in rounds:
        games = random_games(classic, rng)["games"]
        for number, game in enumerate(games, start=1):
            if time.monotonic() >= stop:
                return
            time.sleep(rng.uniform(0, 2 * think))
            path = f"/api/v1/tables/{round_tables[index]}/session/games/"
            key = f"t{index}-r{round_tables[index]}-g{number}"
            started = time.monotonic()
            status, _ = client.call("POST", path, {"part": game}, **{"Idempotency-Key": key})
            stats.record(time.monotonic() - started, status)
            yield number, len(games)


def standings_delays(setup: dict[str, Any], done: threading.Event, delays: list[float]) -> None:
    """Every half second: how long until the standings reflect the results of now?"""
    client = Client(setup["token"])
    path = f"/api/v1/events/{setup['event']}/standings/"
    while not done.is_set():
        _, body = client.call("GET", path)
        target, started = body["meta"]["results_version"], time.monotonic()
        while (body["meta"]["computed_version"] or 0) < target and time.monotonic() - started < 60:
            time.sleep(0.02)
            _, body = client.call("GET", path)
        delays.append(time.monotonic() - started)
        time.sleep(0.5)


def memory_samples(
    processes: dict[str, int],
    seconds: float,
    started: float,
    done: threading.Event,
    memory: list[dict[str, float]],
) -> None:
    """The resident memory of the web and worker processes every tenth of the night."""
    while not done.wait(seconds / 10):
        memory.append(
            {
                "second": round(time.monotonic() - started),
                **{f"{name}_mib": tree_rss_mib(pid) for name, pid in processes.items()},
            }
        )


def second_half_growth(samples: list[dict[str, float]]) -> dict[str, float]:
    """Percent growth of each memory figure from the middle sample to the last."""
    if len(samples) < 2:
        return {}
    middle, last = samples[(len(samples) - 1) // 2], samples[-1]
    return {
        name: round(100 * (last[name] - middle[name]) / middle[name], 1)
        for name in last
        if name.endswith("_mib")
    }


def stored(env: dict[str, str], event: int) -> dict[str, int]:
    script = f"""
import json
from results.models import Part, Session
print(json.dumps({{"games": Part.objects.count(),
                  "sessions_complete": Session.objects.filter(complete=True).count(),
                  "night_sessions_complete":
                      Session.objects.filter(event_id={event}, complete=True).count()}}))
"""
    return manage_shell(env, script)


def memory_report(
    start: dict[str, float], warm: dict[str, float], end: dict[str, float], night: dict[str, Any]
) -> dict[str, Any]:
    return {
        "idle_start": start,
        "warm_after_capacity": warm,
        "end_after_club_night": end,
        "growth_during_club_night_percent": {
            name: round(100 * (end[name] - warm[name]) / warm[name], 1) for name in end
        },
        # Warming (imports, caches, allocator pools) ends early in the night; a leak would keep
        # growing through its second half.
        "growth_second_half_of_night_percent": second_half_growth(night["memory_during_night"]),
    }


def stored_report(env: dict[str, str], event: int, report: dict[str, Any]) -> dict[str, Any]:
    """What the database holds against what the capacity phase and the night sent."""
    saved = stored(env, event)
    night = report["club_night"]
    submitted = report["capacity"]["submit"]
    capacity_games = submitted["requests"] - sum(submitted["errors"].values())
    return {
        **saved,
        "games_sent_total": night["games_sent"] + capacity_games,
        "all_games_stored": saved["games"] == night["games_sent"] + capacity_games,
        "night_sessions_sent": night["sessions_completed_sent"],
        "all_night_sessions_stored": saved["night_sessions_complete"]
        == night["sessions_completed_sent"],
    }


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--duration", type=float, default=120.0, help="club night seconds")
    parser.add_argument(
        "--think",
        type=float,
        default=2.0,
        help="mean seconds between a table's games (a real table: minutes)",
    )
    parser.add_argument(
        "--capacity-seconds",
        type=float,
        default=20.0,
        help="seconds of each kind of request in the capacity phase",
    )
    parser.add_argument(
        "--slices",
        type=int,
        default=5,
        help="capacity turns: the two kinds alternate this many times",
    )
    parser.add_argument("--clients", type=int, default=8, help="capacity phase clients")
    parser.add_argument(
        "--web-workers",
        type=int,
        default=5,
        help="gunicorn workers: 2 x cores + 1, as gunicorn advises",
    )
    parser.add_argument("--port", type=int, default=stack.PORT)
    parser.add_argument(
        "--database",
        default="bonken_load",
        help="the throwaway database (dropped and created again)",
    )
    return parse_args(
        parser,
        argv,
        tables=4,
        duration=5.0,
        think=0.25,
        capacity_seconds=0.5,
        slices=2,
        clients=2,
        web_workers=2,
    )


def main(argv: list[str] | None = None) -> None:
    args = arguments(argv)
    stack.serve(args.port, args.database)
    env = environment(args.database)
    rounds_needed = max(2, int(args.duration / (12 * args.think)) + 2)
    setup = prepare(
        env, args.tables, rounds_needed, spare=100, database=args.database, quick=args.quick
    )
    web, worker = start_services(env, args.web_workers)
    processes = {"web": web.pid, "worker": worker.pid}

    def memory() -> dict[str, float]:
        return {f"{name}_mib": tree_rss_mib(pid) for name, pid in processes.items()}

    try:
        start = memory()
        report: dict[str, Any] = {
            "capacity": capacity(
                setup["token"],
                setup["spare_tables"],
                args.capacity_seconds,
                args.clients,
                processes,
                args.slices,
                args.database,
            )
        }
        warm = memory()
        night = club_night(setup, setup["tables"], args.duration, args.think, processes)
        report["club_night"] = night
        time.sleep(3)
        report["memory"] = memory_report(start, warm, memory(), night)
        report["stored"] = stored_report(env, setup["event"], report)
    finally:
        stop_services(web, worker)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
