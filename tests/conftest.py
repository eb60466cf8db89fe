"""Shared fixtures.

Tests run against whatever DATABASE_URL names (SQLite by default, PostgreSQL in CI's deployer
leg). Celery tasks run eagerly in tests unless a test asks for the real worker
(``celery_worker``), which needs PostgreSQL and Redis; a test that needs a PostgreSQL feature
says which with ``@pytest.mark.postgres("reason")``. With REQUIRE_SERVICES=1 (CI's deployer
leg) a missing service fails the test instead of skipping it.
"""

import importlib.util
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

from config.celery import app as celery_app

ROOT = Path(__file__).resolve().parent.parent

# A test database need not outlive a crash: PostgreSQL does not wait for the disk at each
# commit of the tests, their live servers or the Celery workers they start (libpq reads the
# variable in each of them). What is written and read is the same.
os.environ.setdefault("PGOPTIONS", "-c synchronous_commit=off")

# Property tests: no per-example deadline (the machine is shared and timing is not what they
# test); in CI the examples are derived from the test itself, so a run is reproducible.
hypothesis_settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
hypothesis_settings.register_profile(
    "ci",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
    print_blob=True,
)
hypothesis_settings.load_profile("ci" if os.environ.get("CI") else "default")


def needs(what: str, available: bool) -> None:
    if available:
        return
    if os.environ.get("REQUIRE_SERVICES") == "1":
        pytest.fail(f"{what} is required (REQUIRE_SERVICES=1) but not available")
    pytest.skip(f"{what} not available")


# Debian's headless shell (package chromium-headless-shell) is the same engine without the
# desktop browser around it: about half the CPU a browser test costs in the full browser.
CHROMIUM = (
    os.environ.get("CHROMIUM_PATH")
    or shutil.which("chromium-headless-shell")
    or shutil.which("chromium")
    or "/usr/bin/chromium"
)


def chromium_available() -> bool:
    return Path(CHROMIUM).exists() and importlib.util.find_spec("playwright") is not None


def postgres_available() -> bool:
    return settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"


def redis_available() -> bool:
    url = settings.CELERY_BROKER_URL
    if not url.startswith("redis://"):
        return False
    import redis

    try:
        return bool(redis.Redis.from_url(url, socket_connect_timeout=1).ping())
    except redis.RedisError:
        return False


def queued_tasks(callbacks: list[Any]) -> list[str]:
    """The names of the tasks that captured on-commit ``callbacks`` queued
    (``core.after_commit``: a callback an item, and the flushes that send them)."""
    from core.after_commit import Item

    items = [getattr(callback, "args", (None,))[:1] for callback in callbacks]
    return [found[0].task for found in items if found and isinstance(found[0], Item)]


def missing_services() -> list[str]:
    """What a run with REQUIRE_SERVICES=1 needs and cannot reach, in words."""
    missing = []
    if not postgres_available():
        missing.append("PostgreSQL: DATABASE_URL names no PostgreSQL database")
    else:
        import psycopg

        db = settings.DATABASES["default"]
        try:
            psycopg.connect(
                host=db["HOST"] or "127.0.0.1",
                port=db["PORT"] or 5432,
                user=db["USER"],
                password=db["PASSWORD"] or None,
                dbname="postgres",
                connect_timeout=3,
            ).close()
        except psycopg.Error as exc:
            missing.append(f"PostgreSQL at {db['HOST']}:{db['PORT']}: {exc}".strip())
    if not redis_available():
        missing.append(f"Redis: nothing answers at CELERY_BROKER_URL={settings.CELERY_BROKER_URL}")
    if not chromium_available():
        missing.append(
            f"Chromium and Playwright: {CHROMIUM} (apt-get install chromium-headless-shell)"
        )
    return missing


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session: pytest.Session) -> None:
    """With REQUIRE_SERVICES=1, a service that is missing stops the run at once, named, instead
    of failing every test that needs it."""
    if os.environ.get("REQUIRE_SERVICES") != "1" or os.environ.get("PYTEST_XDIST_WORKER"):
        return
    missing = missing_services()
    if missing:
        pytest.exit(
            "REQUIRE_SERVICES=1, but these cannot be reached:\n  " + "\n  ".join(missing),
            returncode=3,
        )


_SKIPPED: list[str] = []  # what this run skipped (in xdist: the controller hears every worker)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.skipped and not hasattr(report, "wasxfail"):
        _SKIPPED.append(report.nodeid)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """With REQUIRE_SERVICES=1 every test runs: a skipped one fails the run."""
    if os.environ.get("REQUIRE_SERVICES") == "1" and _SKIPPED and exitstatus == 0:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if os.environ.get("REQUIRE_SERVICES") == "1" and _SKIPPED:
        terminalreporter.write_line(
            f"REQUIRE_SERVICES=1: {len(_SKIPPED)} test(s) skipped, which fails the run: "
            + ", ".join(_SKIPPED[:5]),
            red=True,
        )


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _fresh_cache() -> Iterator[None]:
    """Throttle counts and other cached values never leak from one test into the next."""
    from django.core.cache import cache

    from config.health import forget_answer
    from core.shared_cache import reset

    cache.clear()
    reset()
    forget_answer()
    yield


@pytest.fixture(autouse=True)
def _eager_celery() -> Iterator[None]:
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = True


# What a test reaches outside its own process (or the database) through.
SERVICE_FIXTURES = frozenset(
    {
        "db",
        "transactional_db",
        "django_db_setup",
        "live_server",
        "client",
        "admin_client",
        "django_user_model",
        "celery_worker",
        "chromium",
    }
)


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests that talk to the one Redis server (a worker's tasks, the broker's keys, a test
    that stops Redis and starts it again) run on one xdist worker, one after the other
    (``--dist loadgroup``); the rest of the suite is shared out among the workers."""
    redis: set[str] = set()
    for item in items:
        fixtures = getattr(item, "fixturenames", ())
        if (
            item.get_closest_marker("services")
            or item.get_closest_marker("redis")
            or "celery_worker" in fixtures
        ):
            item.add_marker(pytest.mark.xdist_group("redis"))
            redis.add(item.nodeid)

    # The long ones first (the Redis tests one after another on their worker, then the browser
    # tests), so that the workers end together on short tests instead of one waiting for a
    # long test the other started last.
    def weight(item: pytest.Item) -> int:
        return 0 if item.nodeid in redis else 1 if item.get_closest_marker("browser") else 2

    items.sort(key=weight)

    # tests/unit is pure: no database, server, worker or browser. CI's deployer leg leaves it
    # to the newcomer's leg (the same code, whatever the services), so a test there that
    # reached for one would go untested against them.
    unit = ROOT / "tests" / "unit"
    for item in items:
        reached = SERVICE_FIXTURES.intersection(getattr(item, "fixturenames", ()))
        if item.path.is_relative_to(unit) and (reached or item.get_closest_marker("django_db")):
            raise pytest.UsageError(
                f"{item.nodeid}: tests/unit is for pure tests, but this one uses "
                f"{sorted(reached) or 'the database'}: move it to tests/integration or tests/web"
            )


def pytest_runtest_setup(item: pytest.Item) -> None:
    """A test marked ``postgres("why")`` needs a PostgreSQL feature that SQLite does not have:
    skipped there with its reason (``-ra`` lists it), failed under REQUIRE_SERVICES=1."""
    marker = item.get_closest_marker("postgres")
    if marker is None:
        return
    if not marker.args or not str(marker.args[0]).strip():
        pytest.fail(f"{item.nodeid}: @pytest.mark.postgres needs a reason", pytrace=False)
    needs(f"PostgreSQL ({marker.args[0]})", postgres_available())


def start_worker(log_name: str = "worker") -> subprocess.Popen:
    """Start a `celery worker` process on the test database and the configured Redis and wait
    until it is ready. The caller stops it (``stop_worker``)."""
    db = settings.DATABASES["default"]
    env = dict(os.environ)
    env["DATABASE_URL"] = (
        f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    )
    env["DATABASE_CONN_MAX_AGE"] = "0"
    # The webhook tests' receiver listens on 127.0.0.1; their retries wait a second.
    env["WEBHOOKS_ALLOWED_NETWORKS"] = "127.0.0.0/8"
    env["WEBHOOKS_RETRY_SECONDS"] = "1"
    log_path = ROOT / f".pytest-{log_name}-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}.log"
    log = open(log_path, "w")  # noqa: SIM115 - the process owns it until it ends
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--pool=solo",
            "--loglevel=info",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
            "-n",
            f"{log_name}@%h",
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    process.log_path = log_path  # type: ignore[attr-defined]
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and process.poll() is None:
        if "ready." in log_path.read_text():
            break
        time.sleep(0.2)
    return process


def stop_worker(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


class Worker:
    """A handle on the test run's Celery worker process, which a fault test may kill."""

    def __init__(self) -> None:
        self.process: subprocess.Popen | None = None

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def start(self) -> None:
        self.process = start_worker()

    def ensure(self) -> None:
        if not self.alive():
            self.start()

    def kill(self, *, drop_held: bool = True) -> None:
        """SIGKILL: the worker dies mid-task, as in a crash or an OOM kill. The message it held
        comes back after the broker's visibility timeout; tests that recover through reconcile
        instead drop it (``drop_held``), so that it cannot run again later in another test."""
        assert self.process is not None
        self.process.kill()
        self.process.wait()
        if not drop_held:
            return
        import redis

        redis.Redis.from_url(settings.CELERY_BROKER_URL).delete("unacked", "unacked_index")

    def wait_idle(self, timeout: float = 30) -> bool:
        """Wait until no task is queued, held or running and no other database connection is
        inside a transaction, seen twice in a row. A test's teardown truncates every table,
        which deadlocks with a task still writing (a ratings update queued by the test's last
        session, say)."""
        import redis
        from django.db import connection

        broker = redis.Redis.from_url(settings.CELERY_BROKER_URL)
        quiet = 0
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                    "AND pid <> pg_backend_pid() AND backend_type = 'client backend' "
                    "AND state <> 'idle'"
                )
                busy_connections = cursor.fetchone()[0]
            busy = broker.llen("celery") + broker.hlen("unacked") + busy_connections
            quiet = quiet + 1 if busy == 0 else 0
            if quiet >= 2:
                return True
            time.sleep(0.1)
        return False

    def stop(self) -> None:
        if self.process is not None:
            stop_worker(self.process)


@pytest.fixture(scope="session")
def celery_worker_process(django_db_setup, django_db_blocker) -> Iterator[Worker | None]:
    """A real `celery worker` process on the test database and the configured Redis."""
    if not (postgres_available() and redis_available()):
        yield None
        return
    import redis

    redis.Redis.from_url(settings.CELERY_BROKER_URL).flushdb()
    worker = Worker()
    worker.start()
    yield worker
    worker.stop()


@pytest.fixture
def celery_worker(celery_worker_process, transactional_db) -> Iterator[Worker]:
    """Tasks go through Redis to the worker process; the test's writes are committed."""
    needs("PostgreSQL", postgres_available())
    needs("Redis", redis_available())
    needs("a Celery worker", celery_worker_process is not None)
    celery_worker_process.ensure()
    needs("a Celery worker", celery_worker_process.alive())
    celery_app.conf.task_always_eager = False
    yield celery_worker_process
    if celery_worker_process.alive():
        celery_worker_process.wait_idle()
