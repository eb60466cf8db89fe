"""A club's database made by an earlier version of the service migrates to this one and serves
it: the demo club's database as `make demo` left it at commit 65d7657 (before the apps moved
into ``games/``, ``tournaments``' sub-packages and the parents at the top), kept gzipped in
``tests/fixtures``. The apps' labels, tables and migrations did not move with their folders, so
``migrate`` finds the history it recorded, nothing is left to make, every row is still there and
the club's pages, the events' standings and a table's page answer from it.

To take a newer snapshot: run ``make demo`` at that commit with ``DATABASE_URL`` naming a fresh
SQLite file, ``VACUUM`` it, gzip it here and name the commit below."""

from __future__ import annotations

import gzip
import json
import os
import sqlite3
import subprocess
import sys

from tests.conftest import ROOT

SNAPSHOT = ROOT / "tests" / "fixtures" / "demo_club_65d7657.sqlite3.gz"
TABLES = (
    "clubs_club",
    "clubs_player",
    "clubs_membership",
    "tournaments_event",
    "tournaments_round",
    "tournaments_table",
    "tournaments_seat",
    "games_session",
    "games_sessionrevision",
    "games_part",
)
PAGES = """
import json
from django.conf import settings
from django.test import Client
from clubs.models import Club
from tournaments.models import Event, Table

settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
client = Client()
club = Club.objects.get()
answers = {f"/clubs/{club.slug}/": client.get(f"/clubs/{club.slug}/", follow=True).status_code}
for event in Event.objects.order_by("pk"):
    answers[f"/events/{event.pk}/"] = client.get(f"/events/{event.pk}/").status_code
table = Table.objects.filter(session__isnull=False).order_by("pk").first()
answers["/t/<token>/"] = client.get(f"/t/{table.scoring_token}/").status_code
print(json.dumps({"games": sorted(set(Event.objects.values_list("game", flat=True))),
                  "answers": answers}))
"""


def counts(path) -> dict[str, int]:
    with sqlite3.connect(path) as db:
        return {
            table: db.execute(f"SELECT count(*) FROM {table}").fetchone()[0] for table in TABLES
        }


def manage(database, *args: str) -> subprocess.CompletedProcess[str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("CELERY_BROKER_URL", "CACHE_URL", "CELERY_RESULT_BACKEND")
    }
    env["DATABASE_URL"] = f"sqlite:///{database}"
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_a_database_of_an_earlier_version_migrates_and_serves(tmp_path):
    database = tmp_path / "club.sqlite3"
    database.write_bytes(gzip.decompress(SNAPSHOT.read_bytes()))
    before = counts(database)
    assert before["games_session"] > 0 and before["tournaments_event"] >= 4

    migrated = manage(database, "migrate", "--noinput")
    assert migrated.returncode == 0, migrated.stderr[-3000:]
    unmade = manage(database, "makemigrations", "--check", "--dry-run")
    assert unmade.returncode == 0, unmade.stdout[-3000:] + unmade.stderr[-3000:]
    assert counts(database) == before

    served = manage(database, "shell", "-c", PAGES)
    assert served.returncode == 0, served.stderr[-3000:]
    shown = json.loads(served.stdout.strip().splitlines()[-1])
    assert shown["games"] == ["bonanza", "bonken", "bonko", "jonkler"]
    assert set(shown["answers"].values()) == {200}, shown["answers"]
