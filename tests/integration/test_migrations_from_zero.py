"""The migrations make the whole schema from nothing on the leg's own database (SQLite for a
newcomer, PostgreSQL for a deployment), and the models hold nothing they have not made.

The suite's test databases are made from the models directly (``--no-migrations`` in
pyproject.toml: each test process would otherwise run every migration again), so this test
and test_migration_continuity (an earlier version's database migrated forward) are where the
migrations themselves run."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid

import psycopg
from django.conf import settings

from tests.conftest import ROOT


def manage(database_url: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("CELERY_BROKER_URL", "CACHE_URL", "CELERY_RESULT_BACKEND")
    }
    env["DATABASE_URL"] = database_url
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )


def check(database_url: str) -> None:
    migrated = manage(database_url, "migrate", "--noinput")
    assert migrated.returncode == 0, migrated.stdout[-3000:] + migrated.stderr[-3000:]
    unmade = manage(database_url, "makemigrations", "--check", "--dry-run")
    assert unmade.returncode == 0, unmade.stdout[-3000:] + unmade.stderr[-3000:]
    shown = manage(database_url, "showmigrations", "--plan")
    assert shown.returncode == 0 and "[ ]" not in shown.stdout, shown.stdout[-3000:]


def test_the_migrations_make_the_schema_from_nothing(tmp_path):
    db = settings.DATABASES["default"]
    if db["ENGINE"] != "django.db.backends.postgresql":
        check(f"sqlite:///{tmp_path / 'fresh.sqlite3'}")
        return
    name = f"{db['NAME']}_fresh_{uuid.uuid4().hex[:8]}"
    server = dict(
        host=db["HOST"] or "127.0.0.1",
        port=db["PORT"] or 5432,
        user=db["USER"],
        password=db["PASSWORD"] or None,
        dbname="postgres",
        autocommit=True,
    )
    with psycopg.connect(**server) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        password = f":{db['PASSWORD']}" if db["PASSWORD"] else ""
        check(f"postgres://{db['USER']}{password}@{server['host']}:{server['port']}/{name}")
    finally:
        with psycopg.connect(**server) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
