"""The stack a load benchmark runs against (``bench.load``, ``bench.screen``): a throwaway
PostgreSQL database with a club, a scorer and its API token, and events of players seated at
tables; gunicorn and a Celery worker serving it; and the HTTP client, latency figures and
memory readings both benchmarks measure with.

Needs PostgreSQL and Redis (DATABASE_URL, CELERY_BROKER_URL; defaults are the local ones).
"""

import http.client
import json
import os
import resource
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT / "var"
PORT = 8765
WEB_LOG = LOGS / "bonken_load-web.log"
WORKER_LOG = LOGS / "bonken_load-worker.log"


def serve(port: int, database: str) -> None:
    """Where this process's stack runs: gunicorn on ``port``, and the web and worker logs named
    after its ``database`` (``var/<database>-web.log``, ``var/<database>-worker.log``), so that
    two stacks on their own ports and databases share nothing. The clients and gunicorn read
    these when they start."""
    global PORT, WEB_LOG, WORKER_LOG
    PORT = port
    WEB_LOG = LOGS / f"{database}-web.log"
    WORKER_LOG = LOGS / f"{database}-worker.log"


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def record(self, seconds: float, status: int) -> None:
        with self.lock:
            self.latencies.append(seconds)
            if status >= 300:
                self.errors[str(status)] = self.errors.get(str(status), 0) + 1


class Client:
    """One keep-alive HTTP connection to the server under test."""

    def __init__(self, token: str) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=60)
        self.headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}

    def call(self, method: str, path: str, body: Any = None, **headers: str) -> tuple[int, Any]:
        payload = json.dumps(body) if body is not None else None
        for attempt in range(2):
            try:
                self.connection.request(method, path, payload, {**self.headers, **headers})
                response = self.connection.getresponse()
                data = response.read()
                return response.status, json.loads(data) if data else None
            except (http.client.HTTPException, ConnectionError):
                self.connection.close()
                if attempt:
                    raise
        raise AssertionError("unreachable")


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summary_ms(values: list[float]) -> dict[str, float]:
    return {
        "p50_ms": round(percentile(values, 0.50) * 1000, 1),
        "p95_ms": round(percentile(values, 0.95) * 1000, 1),
        "p99_ms": round(percentile(values, 0.99) * 1000, 1),
        "mean_ms": round(statistics.fmean(values) * 1000, 1) if values else float("nan"),
    }


def process_tree(pid: int) -> list[int]:
    """A process and all its descendants."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    found, stack = [], [pid]
    while stack:
        current = stack.pop()
        found.append(current)
        stack.extend(children.get(current, []))
    return found


def tree_rss_mib(pid: int) -> float:
    """Resident memory of a process and all its descendants, in MiB."""
    total = 0
    for current in process_tree(pid):
        try:
            for line in Path(f"/proc/{current}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return round(total / 1024, 1)


def tree_cpu_seconds(pid: int) -> float:
    """CPU time (user and system) a process and its descendants have used so far."""
    total = 0
    for current in process_tree(pid):
        try:
            fields = Path(f"/proc/{current}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += sum(int(value) for value in fields[11:15])  # utime stime cutime cstime
    return total / os.sysconf("SC_CLK_TCK")


def machine_cpu_seconds() -> tuple[float, float]:
    """Busy and idle CPU seconds of the whole machine so far (all cores, from /proc/stat)."""
    fields = [int(value) for value in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle, iowait
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK"), idle / os.sysconf("SC_CLK_TCK")


def client_cpu_seconds() -> float:
    """CPU time of this process: the load generator itself."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def redis_servers() -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip() == "redis-server":
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def database_backends(database: str) -> list[int]:
    """The PostgreSQL server processes serving connections to ``database`` (the web and worker
    processes keep theirs open, so their CPU time adds up per request)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                command = (entry / "cmdline").read_bytes().decode(errors="replace")
            except OSError:
                continue
            if command.startswith("postgres:") and f" {database} " in command:
                found.append(int(entry.name))
    return found


def environment(database: str) -> dict[str, str]:
    """The environment of the stack on the throwaway ``database`` (also this process's, with
    Django set up in it)."""
    env = dict(os.environ)
    env["DATABASE_URL"] = database_url(database)
    env.setdefault("CELERY_BROKER_URL", "redis://127.0.0.1:6379/13")
    env["DJANGO_SETTINGS_MODULE"] = "config.settings"
    os.environ.update(env)
    import django

    django.setup()
    return env


def database_url(name: str) -> str:
    base = urllib.parse.urlparse(
        os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/bonken")
    )
    return base._replace(path=f"/{name}").geturl()


# The tables made from the models, as the test suite makes its databases: what a --quick run
# checks is the benchmark's code path, not the migrations (test_migrations_from_zero runs them).
SCHEMA_FROM_MODELS = """
from django.apps import apps
from django.conf import settings
from django.core.management import call_command
settings.MIGRATION_MODULES = {app.label: None for app in apps.get_app_configs()}
call_command("migrate", run_syncdb=True, verbosity=0)
print("{}")
"""


def prepare(
    env: dict[str, str],
    tables: int,
    rounds: int,
    spare: int,
    database: str = "bonken_load",
    *,
    quick: bool = False,
) -> dict[str, Any]:
    """Create the throwaway database: a club night of ``rounds`` rounds of ``tables`` tables,
    and a separate event of ``spare`` tables and six rounds for the capacity phase. Migrated
    as a deployment is, or (``quick``) made from the models."""
    import psycopg

    admin = urllib.parse.urlparse(database_url("postgres"))
    with psycopg.connect(admin.geturl(), autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {database} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {database}")
    if quick:
        manage_shell(env, SCHEMA_FROM_MODELS)
    else:
        migrate = [sys.executable, "manage.py", "migrate", "-v0"]
        subprocess.run(migrate, cwd=ROOT, env=env, check=True)
    script = f"""
import datetime, json
from clubs.models import Club, Membership, Player, Role
from clubs.access.tokens import api_token_create
from django.contrib.auth.models import User
from tournaments.models import Event, Round, Seat, Table
club = Club.objects.create(name="Load club", slug="load")
user = User.objects.create_user("scorer", password="x")
me = Player.objects.create(name="scorer", user=user)
Membership.objects.create(club=club, player=me, role=Role.SCORER)

def event(name, tables, rounds):
    players = Player.objects.bulk_create(Player(name=f"{{name}} {{i}}") for i in range(tables * 4))
    Membership.objects.bulk_create(Membership(club=club, player=p) for p in players)
    event = Event.objects.create(club=club, name=name, date=datetime.date.today(),
                                 planned_rounds=rounds, status="running", published=True)
    ids = []
    for number in range(1, rounds + 1):
        round_ = Round.objects.create(event=event, number=number, status="playing")
        row = Table.objects.bulk_create(Table(round=round_, number=n) for n in range(1, tables + 1))
        Seat.objects.bulk_create(
            Seat(table=t, round=round_, player=players[4 * i + s], position=s)
            for i, t in enumerate(row) for s in range(4)
        )
        ids.append([t.pk for t in row])
    return event.pk, ids

night, night_tables = event("Night", {tables}, {rounds})
spare, spare_tables = event("Capacity", {spare}, 6)
print(json.dumps({{"event": night, "tables": night_tables, "spare_event": spare,
                  "spare_tables": [t for r in spare_tables for t in r],
                  "token": api_token_create(user=user, name="load")[1]}}))
"""
    return manage_shell(env, script)


def manage_shell(env: dict[str, str], script: str) -> Any:
    """Run ``script`` in ``manage.py shell`` on the stack's database; the JSON of its last line."""
    out = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", script],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def start_services(env: dict[str, str], web_workers: int) -> tuple[subprocess.Popen, ...]:
    with socket.socket() as probe:  # never measure a server that is not this stack's
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", PORT))
        except OSError:
            raise SystemExit(f"port {PORT} is in use: give the stack another (--port)") from None
    LOGS.mkdir(exist_ok=True)
    web = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "config.wsgi",
            "--bind",
            f"127.0.0.1:{PORT}",
            "--workers",
            str(web_workers),
            "--access-logfile",
            "-",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=open(WEB_LOG, "w"),
    )
    worker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--concurrency",
            "2",
            "--loglevel",
            "info",
            "--without-gossip",
            "--without-mingle",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=open(WORKER_LOG, "w"),
    )
    deadline = time.monotonic() + 60
    while True:
        for name, process, log in (("gunicorn", web, WEB_LOG), ("celery", worker, WORKER_LOG)):
            if process.poll() is not None:
                stop_services(web, worker)
                raise SystemExit(f"{name} exited with {process.returncode}: see {log}")
        try:
            http.client.HTTPConnection("127.0.0.1", PORT, timeout=2).request("GET", "/api/v1/")
            break
        except OSError:
            if time.monotonic() > deadline:
                stop_services(web, worker)
                message = f"gunicorn did not answer on port {PORT} in 60 s: see {WEB_LOG}"
                raise SystemExit(message) from None
            time.sleep(0.3)
    time.sleep(2)  # let the worker connect
    return web, worker


def stop_services(*processes: subprocess.Popen) -> None:
    for process in processes:
        if process.poll() is None:
            process.terminate()
    for process in processes:
        process.wait(timeout=30)
