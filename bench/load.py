"""Load benchmark: tables submitting games while they play, against the real stack.

    python -m bench.load [--tables 50] [--duration 120] [--think 2] [--capacity-seconds 20]

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
from dataclasses import dataclass, field
from typing import Any

from bench.stack import (
    WORKER_LOG,
    Client,
    Stats,
    client_cpu_seconds,
    database_backends,
    environment,
    machine_cpu_seconds,
    manage_shell,
    prepare,
    redis_servers,
    start_services,
    stop_services,
    summary_ms,
    tree_cpu_seconds,
    tree_rss_mib,
)


def tasks_done() -> dict[str, int]:
    """How many tasks of each name the worker has finished so far (from its log)."""
    done: dict[str, int] = {}
    for line in WORKER_LOG.read_text().splitlines():
        if " succeeded in " in line and "Task " in line:
            name = line.split("Task ", 1)[1].split("[", 1)[0]
            done[name] = done.get(name, 0) + 1
    return done


def wait_for_worker_idle(quiet: float = 1.5, limit: float = 30.0) -> None:
    """Wait until the worker has finished no new task for ``quiet`` seconds (a task waits half
    a second before it starts, so a quiet second and a half means nothing is left)."""
    last, since, deadline = tasks_done(), time.monotonic(), time.monotonic() + limit
    while time.monotonic() - since < quiet and time.monotonic() < deadline:
        time.sleep(0.25)
        now = tasks_done()
        if now != last:
            last, since = now, time.monotonic()


def capacity(
    token: str,
    tables: list[int],
    seconds: float,
    clients: int,
    processes: dict[str, int],
    slices: int = 5,
) -> dict[str, Any]:
    """Closed-loop throughput of a trivial authenticated GET and of game submissions, with the
    CPU time each process spent per request (the load generator shares the machine).

    The two alternate in ``slices`` turns each, ``seconds / slices`` at a time, and their
    counts add up over the turns: a machine whose other load drifts during the run then
    weighs on both alike, not on whichever ran while it was busier. After a turn the worker
    finishes what the turn queued (not timed, but its CPU counted for the turn).
    """
    measured = {kind: Measured() for kind in ("trivial", "submit")}
    clients_state = [SubmittingClient(token, seed) for seed in range(clients)]
    tables_left = list(tables)
    for _ in range(slices):
        for kind, measure in measured.items():
            before = cpu_snapshot(processes)
            tasks_before = tasks_done()
            started = time.monotonic()
            _closed_loop(kind, clients_state, tables_left, seconds / slices, measure.stats)
            measure.seconds += time.monotonic() - started
            turn_end = machine_cpu_seconds()
            # The standings and ratings work the turn's results queued belongs to it too.
            wait_for_worker_idle()
            for name, spent in cpu_spent(before, cpu_snapshot(processes), turn_end).items():
                measure.cpu[name] = measure.cpu.get(name, 0.0) + spent
            for name, count in tasks_done().items():
                measure.tasks[name] = measure.tasks.get(name, 0) + count - tasks_before.get(name, 0)
    results: dict[str, Any] = {kind: measure.report() for kind, measure in measured.items()}
    results["submit_to_trivial_ratio"] = round(
        results["submit"]["requests_per_second"] / results["trivial"]["requests_per_second"], 3
    )
    return results


@dataclass
class Measured:
    """What one kind of request added up to over its turns."""

    stats: Stats = field(default_factory=Stats)
    seconds: float = 0.0
    cpu: dict[str, float] = field(default_factory=dict)
    tasks: dict[str, int] = field(default_factory=dict)

    def report(self) -> dict[str, Any]:
        requests = len(self.stats.latencies)
        return {
            "requests": requests,
            "requests_per_second": round(requests / self.seconds, 1),
            "errors": self.stats.errors,
            **summary_ms(self.stats.latencies),
            "cpu_ms_per_request": {
                name: round(1000 * spent / max(1, requests), 2) for name, spent in self.cpu.items()
            },
            "worker_tasks": self.tasks,
        }


def cpu_snapshot(processes: dict[str, int]) -> dict[str, Any]:
    return {
        "processes": {name: tree_cpu_seconds(pid) for name, pid in processes.items()},
        "postgres": {pid: tree_cpu_seconds(pid) for pid in database_backends("bonken_load")},
        "redis": sum(tree_cpu_seconds(pid) for pid in redis_servers()),
        "load_client": client_cpu_seconds(),
        "machine": machine_cpu_seconds(),
    }


def cpu_spent(
    before: dict[str, Any], after: dict[str, Any], turn_end: tuple[float, float]
) -> dict[str, float]:
    """CPU seconds per consumer between two snapshots; what no listed process accounts for is
    ``rest_of_machine`` (PostgreSQL's own background work, the kernel, other programs), and
    ``idle`` is the machine's idle time until ``turn_end`` (the timed part)."""
    spent = {
        name: seconds - before["processes"][name] for name, seconds in after["processes"].items()
    }
    spent["postgres"] = sum(
        seconds - before["postgres"].get(pid, 0.0) for pid, seconds in after["postgres"].items()
    )
    spent["redis"] = after["redis"] - before["redis"]
    spent["load_client"] = after["load_client"] - before["load_client"]
    (busy_before, idle_before), (busy, _) = before["machine"], after["machine"]
    spent["rest_of_machine"] = (busy - busy_before) - sum(spent.values())
    spent["idle"] = turn_end[1] - idle_before
    return spent


class SubmittingClient:
    """A closed-loop client: its connection, and the session it is playing through."""

    def __init__(self, token: str, seed: int) -> None:
        self.client = Client(token)
        self.rng = random.Random(seed)
        self.table: int | None = None
        self.games: list[dict] = []


def _closed_loop(
    kind: str,
    clients: list[SubmittingClient],
    tables_left: list[int],
    seconds: float,
    stats: Stats,
) -> None:
    """Every client sends request after request of ``kind`` for ``seconds``; a submitting
    client plays a table's session game by game and takes the next table when it is done."""
    from bonken.rules import get_ruleset
    from bonken.rules.sample import random_games

    classic = get_ruleset("classic")
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def run(state: SubmittingClient) -> None:
        while time.monotonic() < stop:
            if kind == "trivial":
                started = time.monotonic()
                status, _ = state.client.call("GET", "/api/v1/tokens/?limit=1")
            else:
                if not state.games:
                    with lock:
                        if not tables_left:
                            return
                        state.table = tables_left.pop()
                    state.games = random_games(classic, state.rng)["games"]
                started = time.monotonic()
                status, _ = state.client.call(
                    "POST",
                    f"/api/v1/tables/{state.table}/session/games/",
                    {"game": state.games.pop(0)},
                )
            stats.record(time.monotonic() - started, status)

    threads = [threading.Thread(target=run, args=(state,)) for state in clients]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def club_night(
    setup: dict[str, Any],
    rounds: list[list[int]],
    seconds: float,
    think: float,
    processes: dict[str, int],
) -> dict[str, Any]:
    from bonken.rules import get_ruleset
    from bonken.rules.sample import random_games

    classic = get_ruleset("classic")
    stats, delays = Stats(), []
    sent = {"games": 0, "sessions": 0}
    sent_lock = threading.Lock()
    stop = time.monotonic() + seconds
    done = threading.Event()

    def table(index: int) -> None:
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
                status, _ = client.call("POST", path, {"game": game}, **{"Idempotency-Key": key})
                stats.record(time.monotonic() - started, status)
                with sent_lock:
                    sent["games"] += 1
                    sent["sessions"] += number == len(games)

    def sampler() -> None:
        """Every half second: how long until the standings reflect the results of now?"""
        client = Client(setup["token"])
        path = f"/api/v1/events/{setup['event']}/standings/"
        while not done.is_set():
            _, body = client.call("GET", path)
            target, started = body["results_version"], time.monotonic()
            while (body["computed_version"] or 0) < target and time.monotonic() - started < 60:
                time.sleep(0.02)
                _, body = client.call("GET", path)
            delays.append(time.monotonic() - started)
            time.sleep(0.5)

    memory: list[dict[str, float]] = []

    def memory_sampler() -> None:
        """The resident memory of the web and worker processes every tenth of the night."""
        while not done.wait(seconds / 10):
            memory.append(
                {
                    "second": round(time.monotonic() - started),
                    **{f"{name}_mib": tree_rss_mib(pid) for name, pid in processes.items()},
                }
            )

    threads = [threading.Thread(target=table, args=(i,)) for i in range(len(rounds[0]))]
    watcher = threading.Thread(target=sampler)
    memory_watcher = threading.Thread(target=memory_sampler)
    started = time.monotonic()
    watcher.start()
    memory_watcher.start()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - started
    done.set()
    watcher.join()
    memory_watcher.join()
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
from games.models import Part, Session
print(json.dumps({{"games": Part.objects.count(),
                  "sessions_complete": Session.objects.filter(complete=True).count(),
                  "night_sessions_complete":
                      Session.objects.filter(event_id={event}, complete=True).count()}}))
"""
    return manage_shell(env, script)


def main() -> None:
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
    args = parser.parse_args()

    env = environment("bonken_load")

    rounds_needed = max(2, int(args.duration / (12 * args.think)) + 2)
    setup = prepare(env, args.tables, rounds_needed, spare=100)
    capacity_tables = setup["spare_tables"]
    night_rounds = setup["tables"]
    web, worker = start_services(env, args.web_workers)
    try:
        memory_start = {"web_mib": tree_rss_mib(web.pid), "worker_mib": tree_rss_mib(worker.pid)}
        processes = {"web": web.pid, "worker": worker.pid}
        report: dict[str, Any] = {
            "capacity": capacity(
                setup["token"],
                capacity_tables,
                args.capacity_seconds,
                args.clients,
                processes,
                args.slices,
            )
        }
        memory_mid = {"web_mib": tree_rss_mib(web.pid), "worker_mib": tree_rss_mib(worker.pid)}
        report["club_night"] = club_night(setup, night_rounds, args.duration, args.think, processes)
        time.sleep(3)
        memory_end = {"web_mib": tree_rss_mib(web.pid), "worker_mib": tree_rss_mib(worker.pid)}
        report["memory"] = {
            "idle_start": memory_start,
            "warm_after_capacity": memory_mid,
            "end_after_club_night": memory_end,
            "growth_during_club_night_percent": {
                name: round(100 * (memory_end[name] - memory_mid[name]) / memory_mid[name], 1)
                for name in memory_end
            },
            # Warming (imports, caches, allocator pools) ends early in the night; a leak
            # would keep growing through its second half.
            "growth_second_half_of_night_percent": second_half_growth(
                report["club_night"]["memory_during_night"]
            ),
        }
        saved = stored(env, setup["event"])
        night = report["club_night"]
        capacity_games = report["capacity"]["submit"]["requests"] - sum(
            report["capacity"]["submit"]["errors"].values()
        )
        report["stored"] = {
            **saved,
            "games_sent_total": night["games_sent"] + capacity_games,
            "all_games_stored": saved["games"] == night["games_sent"] + capacity_games,
            "night_sessions_sent": night["sessions_completed_sent"],
            "all_night_sessions_stored": saved["night_sessions_complete"]
            == night["sessions_completed_sent"],
        }
    finally:
        stop_services(web, worker)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
