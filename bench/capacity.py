"""The load benchmark's capacity phase (``bench.load``): closed-loop clients send a trivial
authenticated GET or game submissions, the two kinds taking turns, and the CPU time every
process spent per request is added up per kind, with the tasks the worker ran for it."""

import random
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from bench import stack
from bench.stack import (
    Client,
    Stats,
    client_cpu_seconds,
    database_backends,
    machine_cpu_seconds,
    redis_servers,
    summary_ms,
    tree_cpu_seconds,
)


def tasks_done() -> dict[str, int]:
    """How many tasks of each name the worker has finished so far (from its log)."""
    done: dict[str, int] = {}
    for line in stack.WORKER_LOG.read_text().splitlines():
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
    database: str = "bonken_load",
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
            before = cpu_snapshot(processes, database)
            tasks_before = tasks_done()
            started = time.monotonic()
            _closed_loop(kind, clients_state, tables_left, seconds / slices, measure.stats)
            measure.seconds += time.monotonic() - started
            turn_end = machine_cpu_seconds()
            # The standings and ratings work the turn's results queued belongs to it too.
            wait_for_worker_idle()
            after = cpu_snapshot(processes, database)
            for name, spent in cpu_spent(before, after, turn_end).items():
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


def cpu_snapshot(processes: dict[str, int], database: str) -> dict[str, Any]:
    return {
        "processes": {name: tree_cpu_seconds(pid) for name, pid in processes.items()},
        "postgres": {pid: tree_cpu_seconds(pid) for pid in database_backends(database)},
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
    from games.bonken.rules import get_ruleset
    from games.bonken.rules.sample import random_games

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
                    {"part": state.games.pop(0)},
                )
            stats.record(time.monotonic() - started, status)

    threads = [threading.Thread(target=run, args=(state,)) for state in clients]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
