"""Every benchmark command runs, at its ``--quick`` size, as the real process a person starts
(``python -m bench.<name> --quick``), and prints its report in the usual shape: a change of an
interface a benchmark uses breaks this test instead of the benchmark, unnoticed, on the day
someone next runs it. The figures of a quick run mean nothing and are not checked.

The pure ones run anywhere. ``bench.ratings_db`` needs PostgreSQL; ``bench.load`` and
``bench.screen`` start a stack of their own (gunicorn and a Celery worker) and need PostgreSQL
and Redis too: on a port, a throwaway database and a Redis database of their own, so that the
suite's own worker (on ``CELERY_BROKER_URL``) never sees their tasks. ``bench.offline`` drives
Chromium, on a test database of its own (SQLite without ``DATABASE_URL``).
"""

import json
import os
import re
import signal
import socket
import subprocess
import sys
import urllib.parse
from typing import Any

import pytest
from django.conf import settings

from bench.league_accuracy import LEAGUE, LEAGUE_SEEDS
from bench.ratings_accuracy import ORACLE, method_factories
from bench.ratings_games import GAME_CLUBS, GAMES
from bench.seating import (
    BALANCED_CASES,
    BONKO_CASES,
    FRONTIER_CASES,
    MIXED_CASES,
    SWISS_CASES,
)
from games.registry import games
from tests.conftest import (
    CHROMIUM,
    ROOT,
    chromium_available,
    needs,
    postgres_available,
    redis_available,
)

# Seconds a command may take before the test gives up (it takes a few, or half a minute for
# those that start a stack, on an idle machine of two cores).
PURE_TIMEOUT = 180
STACK_TIMEOUT = 600

# What belongs to the test run, not to a benchmark: the suite's database, broker and cache,
# its settings module and xdist's worker name. A benchmark gets back what it needs, its own.
NOT_INHERITED = {
    "DATABASE_URL",
    "CELERY_BROKER_URL",
    "CELERY_RESULT_BACKEND",
    "CACHE_URL",
    "DJANGO_SETTINGS_MODULE",
    "DJANGO_ALLOW_ASYNC_UNSAFE",
}


def bench_env(**extra: str) -> dict[str, str]:
    env = {
        name: value
        for name, value in os.environ.items()
        if name not in NOT_INHERITED and not name.startswith("PYTEST_")
    }
    env.update(extra)
    return env


def run_bench(name: str, *args: str, env: dict[str, str] | None = None, timeout: float) -> str:
    """Run ``python -m bench.<name> --quick *args`` from the repository's root; its output.

    In a session of its own, so that a timeout stops the stack it started too."""
    command = [sys.executable, "-m", f"bench.{name}", "--quick", *args]
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        env=env if env is not None else bench_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        out, err = process.communicate()
        pytest.fail(f"{' '.join(command[1:])} took over {timeout} s\n{err[-3000:]}")
    assert process.returncode == 0, f"{' '.join(command[1:])} exited {process.returncode}\n" + (
        err[-3000:] or out[-3000:]
    )
    return out


def json_report(out: str) -> Any:
    """The JSON document a command prints (the last thing on its standard output)."""
    start = out.find("{")
    assert start >= 0, out
    return json.loads(out[start:])


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def database_url(name: str) -> str:
    """``DATABASE_URL`` with another database on the same server."""
    base = urllib.parse.urlparse(os.environ["DATABASE_URL"])
    return base._replace(path=f"/{name}").geturl()


def drop_database(name: str) -> None:
    import psycopg

    with psycopg.connect(database_url("postgres"), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def own_broker() -> str:
    """A Redis database of the benchmark's own on the configured server: never the suite's."""
    broker = urllib.parse.urlparse(settings.CELERY_BROKER_URL)
    number = 12 if broker.path.strip("/") == "13" else 13
    return broker._replace(path=f"/{number}").geturl()


def no_errors(errors: dict[str, int]) -> bool:
    """No request failed (a 429 is a rate limit doing its work, not a broken interface)."""
    return not {status: n for status, n in errors.items() if status != "429"}


# The pure ones -------------------------------------------------------------------------------

RULES_KEYS = {
    "game",
    "ruleset",
    "seats",
    "sessions",
    "sessions_per_second",
    "microseconds_per_session",
    "runs",
    "wall_clock_runs",
    "python",
}


@pytest.mark.parametrize(
    "args",
    [("--game", code) for code in sorted(games())] + [("--game", "bonanza", "--parts", "10")],
    ids=lambda args: " ".join(args[1:]),
)
def test_rules(args: tuple[str, ...]) -> None:
    out = run_bench("rules", *args, timeout=PURE_TIMEOUT)
    lines = out.strip().splitlines()
    assert len(lines) == 1, out
    line = json.loads(lines[0])
    assert RULES_KEYS <= set(line), line
    assert line["game"] == args[1]
    assert line["sessions"] == 200 and len(line["runs"]) == 2
    if "--parts" in args:
        assert line["parts"] == 10


def test_seating() -> None:
    lines = run_bench("seating", timeout=PURE_TIMEOUT).splitlines()
    first = lines.index("seconds: whole plan (balanced), slowest single round (swiss)")
    assert lines[0].split() == [
        *("players", "rounds", "method", "repeats", "bound"),
        *("max", "seconds", "baseline", "base_s", "gain"),
    ]
    rows = lines[2:first]
    assert len(rows) == len(BALANCED_CASES) + len(SWISS_CASES)
    assert [row.split()[:3] for row in rows] == [
        [str(players), str(rounds), method]
        for cases, method in ((BALANCED_CASES, "balanced"), (SWISS_CASES, "swiss"))
        for players, rounds in cases
    ]
    assert lines[first + 2].split() == [
        *("game", "players", "rounds", "tables", "repeats"),
        *("bound", "max", "seconds", "baseline", "gain"),
    ]
    end = lines.index("", first + 2)
    mixed = lines[first + 4 : end]
    assert [row.split()[:3] for row in mixed] == [
        [game, str(players), str(rounds)] for game, players, rounds in MIXED_CASES
    ]
    assert all(len(row.split()) == 10 for row in rows + mixed), rows + mixed
    assert lines[end + 1].split() == [
        *("game", "players", "rounds", "tables", "bound", "least", "proven", "seats", "seconds")
    ]
    frontier = lines[end + 3 : end + 3 + len(FRONTIER_CASES)]
    assert [row.split()[:3] for row in frontier] == [
        [game, str(players), str(rounds)] for game, players, rounds in FRONTIER_CASES
    ]
    assert all(len(row.split()) == 9 for row in frontier), frontier
    teams = lines.index("", end + 3) + 1
    assert lines[teams].split()[:4] == ["players", "rounds", "repeats", "bound"]
    bonko = lines[teams + 2 : teams + 2 + len(BONKO_CASES)]
    assert [row.split()[:2] for row in bonko] == [[str(n), str(r)] for n, r in BONKO_CASES]
    assert all(len(row.split()) == 10 for row in bonko), bonko


@pytest.mark.parametrize("game", GAMES)
def test_ratings_accuracy(game: str) -> None:
    """Every game's simulated clubs (``--game``), each with its own kinds and methods; Bonken's
    with a league kind (``LEAGUE_SEEDS`` leagues a seed) and its verdict."""
    lines = run_bench("ratings_accuracy", "--game", game, timeout=PURE_TIMEOUT).splitlines()
    kinds = GAME_CLUBS[game].kinds
    leagues = sum(1 for spec in kinds if spec.league)
    clubs = len(kinds) + leagues * (LEAGUE_SEEDS - 1)
    assert re.match(rf"{clubs} simulated clubs.* \(.*1 seed each", lines[0]), lines[0]
    assert lines[1].split()[:3] == ["method", "winner", "pairwise"]
    methods = [ORACLE] + [name for name, _ in method_factories(game)]
    assert [line[: len(name)] for name, line in zip(methods, lines[3:], strict=False)] == methods
    chance = next(line for line in lines if line.startswith("random guessing: winner "))
    if game == "bonken":
        assert chance == "random guessing: winner 25.0%, pairwise 50.0%"
    for heading in (
        "pairwise by club kind:",
        "pairwise by club kind, difference from the default with its 95 % interval:",
    ):
        assert heading in lines
    kind_line = lines[lines.index("pairwise by club kind:") + 1]
    assert all(spec.name in kind_line for spec in kinds), kind_line
    if leagues:  # its verdict, or that too few mixed tables were held out to judge
        assert any(line.startswith(LEAGUE) for line in lines[-4:]), lines[-4:]
    assert re.fullmatch(r"\(\d+ s\)", lines[-1]), lines[-1]


SPEED_LINES = ("bare openskill rate()", "our arithmetic in-process (replay)")


def speed_table(lines: list[str]) -> list[str]:
    """The measurements of ``bench.ratings_speed``'s table, each with its five figures."""
    header = next(i for i, line in enumerate(lines) if line.startswith("measurement"))
    assert lines[header].split()[1:] == ["seconds", "sessions/s", "x", "bare", "peak", "RSS"]
    names = []
    for line in lines[header + 1 :]:
        match = re.fullmatch(r"(.+?)\s+[\d.]+\s+[\d,]+\s+[\d.]+\s+[\d,]+ MiB", line)
        if match is None:
            break
        names.append(match.group(1))
    return names


def test_ratings_speed() -> None:
    lines = run_bench("ratings_speed", timeout=PURE_TIMEOUT).splitlines()
    assert lines[0].startswith("2000 sessions, 100 players (seed "), lines[0]
    assert speed_table(lines) == list(SPEED_LINES)


# PostgreSQL, Redis, a stack of their own -----------------------------------------------------


def test_ratings_db() -> None:
    needs("PostgreSQL", postgres_available())
    database = "bonken_suite_ratings_bench"
    env = bench_env(DATABASE_URL=os.environ["DATABASE_URL"])
    try:
        out = run_bench("ratings_db", "--database", database, env=env, timeout=STACK_TIMEOUT)
    finally:
        drop_database(database)  # the command drops it too, unless it failed half way
    lines = out.splitlines()
    assert lines[0].startswith(f"database {database}: migrated and filled in "), lines[0]
    assert lines[1].startswith("2000 sessions, 100 players"), lines[1]
    assert speed_table(lines) == [
        *SPEED_LINES,
        "full replay with PostgreSQL, empty pool",
        "full replay with PostgreSQL, over the stored pool",
    ]
    assert "stored ratings equal the in-process replay bit for bit: yes" in lines
    assert lines[-1].startswith("finished at ")


def stack_env() -> dict[str, str]:
    needs("PostgreSQL", postgres_available())
    needs("Redis", redis_available())
    return bench_env(DATABASE_URL=os.environ["DATABASE_URL"], CELERY_BROKER_URL=own_broker())


LATENCY = {"p50_ms", "p95_ms", "p99_ms", "mean_ms"}


@pytest.mark.redis
def test_load() -> None:
    env = stack_env()
    database = "bonken_suite_load_bench"
    args = ("--port", str(free_port()), "--database", database)
    try:
        report = json_report(run_bench("load", *args, env=env, timeout=STACK_TIMEOUT))
    finally:
        drop_database(database)
    assert set(report) == {"capacity", "club_night", "memory", "stored"}
    capacity = report["capacity"]
    assert set(capacity) == {"trivial", "submit", "submit_to_trivial_ratio"}
    for kind in ("trivial", "submit"):
        measured = capacity[kind]
        assert {"requests", "requests_per_second", "errors", "cpu_ms_per_request"} <= set(measured)
        assert LATENCY <= set(measured) and "worker_tasks" in measured
        assert measured["requests"] > 0 and no_errors(measured["errors"]), measured
        assert {"web", "worker", "postgres", "redis"} <= set(measured["cpu_ms_per_request"])
    night = report["club_night"]
    assert night["tables"] == 4 and night["games_sent"] > 0, night
    assert no_errors(night["errors"]), night
    assert {"samples", *LATENCY} <= set(night["standings_delay"])
    assert night["memory_during_night"], night
    assert set(report["memory"]) == {
        "idle_start",
        "warm_after_capacity",
        "end_after_club_night",
        "growth_during_club_night_percent",
        "growth_second_half_of_night_percent",
    }
    stored = report["stored"]
    assert stored["all_games_stored"] and stored["all_night_sessions_stored"], stored


@pytest.mark.redis
def test_screen() -> None:
    env = stack_env()
    database = "bonken_suite_screen_bench"
    args = ("--port", str(free_port()), "--database", database)
    try:
        report = json_report(run_bench("screen", *args, env=env, timeout=STACK_TIMEOUT))
    finally:
        drop_database(database)
    assert set(report) == {"screen_json", "capacity", "screens_during_club_night"}
    screen = report["screen_json"]
    assert screen["path"].endswith("/screen.json") and screen["tables"] == 4, screen
    assert screen["standings_lines"] > 0 and screen["first_round_games_posted"] > 0, screen
    capacity = report["capacity"]
    assert set(capacity) == {"clients", "screen_json", "trivial_get", "ratio_screen_to_trivial"}
    for kind in ("screen_json", "trivial_get"):
        assert {"requests", "requests_per_second", "errors", *LATENCY} <= set(capacity[kind])
        assert capacity[kind]["requests"] > 0 and no_errors(capacity[kind]["errors"])
    polling = report["screens_during_club_night"]
    assert {"screens", "every_seconds", "requests", "errors", "web_mib", *LATENCY} <= set(polling)
    assert polling["requests"] > 0 and no_errors(polling["errors"]), polling
    tables = polling["tables_submissions"]
    assert tables["games_sent"] > 0 and no_errors(tables["errors"]), tables


# Chromium ------------------------------------------------------------------------------------


@pytest.mark.browser
def test_offline() -> None:
    needs("Chromium and Playwright", chromium_available())
    # Its test database is test_<name> of DATABASE_URL: a name of its own, never the suite's.
    # Its tasks run in-process (no broker), so no worker of the suite's sees them.
    env = bench_env(CHROMIUM_PATH=CHROMIUM)
    if postgres_available():
        env["DATABASE_URL"] = database_url("bonken_suite_offline_bench")
    report = json_report(run_bench("offline", env=env, timeout=STACK_TIMEOUT))
    assert set(report) == {"database", "tasks_in_process", "tables"}
    assert report["database"] == ("postgresql" if postgres_available() else "sqlite")
    assert report["tasks_in_process"] is True
    assert [table["game"] for table in report["tables"]] == ["bonken", "jonkler"]
    for table in report["tables"]:
        assert {"queue_bytes", "reconnect_to_sent_s", "reconnect_to_standings_s"} <= set(table)
        # Every part entered offline was kept, sent once and stored once.
        assert table["parts_stored"] == table["kept_offline"] + 1, table
        assert table["revisions"] == table["parts_stored"], table
