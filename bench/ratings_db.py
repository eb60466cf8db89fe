"""Speed benchmark of the ratings with PostgreSQL: a full replay, reads and writes included.

Run ``python -m bench.ratings_db`` with ``DATABASE_URL`` naming a PostgreSQL
server (default ``postgres://postgres@127.0.0.1:5432/bonken``). It creates a throwaway
database on that server (``bonken_bench``, dropped first if it exists; ``--keep`` leaves it
behind afterwards), migrates it, stores the benchmark's sessions as real rows (a club, its
players, one event per day, a round and a table with four seats per session, complete
sessions with their per-seat totals; inserted with COPY), and prints in one run, through
``bench.ratings_speed``:

1. bare ``openskill`` ``rate()`` on the same matches;
2. our rating arithmetic in-process (``replay``);
3. the full replay through ``ratings_rebuild``: reading the sessions, rating them, writing
   400,000 history rows and 2,000 current ratings, committing; into an empty pool, then again
   over the stored pool (deleting the old rows first).

Each line shows sessions per second, the ratio to the bare library and the peak resident
memory so far. Afterwards the stored ratings are compared with the in-process replay.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import Any

import dj_database_url
import psycopg

from bench import parse_args

DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/bonken"


def _server_url(url: str, database: str) -> str:
    settings = dj_database_url.parse(url)
    password = f":{settings['PASSWORD']}" if settings.get("PASSWORD") else ""
    port = settings.get("PORT") or 5432
    return (
        f"postgresql://{settings['USER']}{password}@{settings['HOST'] or '127.0.0.1'}:"
        f"{port}/{database}"
    )


def recreate_database(url: str, name: str) -> str:
    """Drop and create database ``name`` on the server of ``url``; return its URL."""
    with psycopg.connect(_server_url(url, "postgres"), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    return _server_url(url, name)


def drop_database(url: str, name: str) -> None:
    with psycopg.connect(_server_url(url, "postgres"), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _copy(model: Any, columns: Sequence[str], rows: Iterable[Sequence[object]]) -> None:
    """COPY ``rows`` into ``model``'s table; its other columns get their defaults."""
    from django.db import connection
    from django.utils import timezone

    now = timezone.now()
    fields = [f for f in model._meta.concrete_fields if f.attname not in columns]
    constants = []
    per_row = []  # unique columns with a generated default (a link's token): one per row
    for field in fields:
        if field.primary_key:
            continue
        if field.unique and field.has_default() and callable(field.default):
            per_row.append(field)
            continue
        if getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False):
            value: object = now
        elif field.has_default():
            value = field.get_default()
            if isinstance(value, dict | list):
                value = json.dumps(value)
        else:
            value = None
        constants.append((field.column, value))
    names = [model._meta.get_field(c).column for c in columns] + [c for c, _ in constants]
    names += [field.column for field in per_row]
    tail = tuple(value for _, value in constants)
    sql = f"COPY {model._meta.db_table} ({', '.join(names)}) FROM STDIN"
    with connection.cursor() as cursor, cursor.copy(sql) as copy:
        for row in rows:
            copy.write_row((*row, *tail, *(field.default() for field in per_row)))


def store_sessions(sessions: Sequence[Any], players: int) -> int:
    """Store the generated sessions as a club's rows; returns the club id.

    Player ``p`` of the generator becomes player row ``p + 1``; every session gets its own
    round (numbered by play order within its day's event) and table, so the database's play
    order is the generator's order.
    """
    from django.db import connection, transaction

    from clubs.models import Club, Membership, Player
    from games.bonken.rules import placements
    from results.models import Session, SessionSeat
    from tournaments.models import Event, Round, Seat, Table

    with transaction.atomic():
        club = Club.objects.create(name="Benchmark club", slug="benchmark")
        _copy(Player, ["id", "name"], ((p + 1, f"Player {p + 1}") for p in range(players)))
        _copy(Membership, ["club_id", "player_id"], ((club.pk, p + 1) for p in range(players)))
        days = sorted({s.played_at.date() for s in sessions})
        event_of_day = {day: index + 1 for index, day in enumerate(days)}
        _copy(
            Event,
            ["id", "club_id", "name", "date", "status", "published"],
            ((event_of_day[day], club.pk, f"Evening {day}", day, "finished", True) for day in days),
        )
        rounds, tables, seats, rows, seat_rows = [], [], [], [], []
        number_in_day: dict[object, int] = {}
        for index, session in enumerate(sessions, start=1):
            day = session.played_at.date()
            number = number_in_day[day] = number_in_day.get(day, 0) + 1
            event = event_of_day[day]
            rounds.append((index, event, number, "closed"))
            tables.append((index, index, 1, f"bench{index}"))
            places = placements(list(session.totals))
            for position, (player, total) in enumerate(
                zip(session.player_ids, session.totals, strict=True)
            ):
                seats.append((index, index, player + 1, position))
                seat_rows.append((index, position, player + 1, total, places[position]))
            rows.append((index, index, event, "classic", "{}", "{}", True, 1))
        _copy(Round, ["id", "event_id", "number", "status"], rounds)
        _copy(Table, ["id", "round_id", "number", "scoring_token"], tables)
        _copy(Seat, ["table_id", "round_id", "player_id", "position"], seats)
        _copy(
            Session,
            ["id", "table_id", "event_id", "ruleset", "document", "result", "complete", "revision"],
            rows,
        )
        _copy(SessionSeat, ["session_id", "position", "player_id", "total", "placement"], seat_rows)
        with connection.cursor() as cursor:
            for model in (Player, Event, Round, Table, Session):
                table = model._meta.db_table
                cursor.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                    f"(SELECT max(id) FROM {table}))"
                )
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    return club.pk


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--sessions", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=2_000)
    parser.add_argument("--seed", type=int, default=20_240_601)
    parser.add_argument("--database", default="bonken_bench", help="throwaway database name")
    parser.add_argument("--keep", action="store_true", help="keep the database afterwards")
    args = parse_args(parser, argv, sessions=2_000, players=100)

    base_url = os.environ.get("DATABASE_URL") or DEFAULT_URL
    if not base_url.startswith(("postgres://", "postgresql://")):
        parser.error("DATABASE_URL must name a PostgreSQL server")
    os.environ["DATABASE_URL"] = recreate_database(base_url, args.database)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    try:
        run(args)
    finally:
        from django.db import connections

        connections.close_all()
        if not args.keep:
            drop_database(base_url, args.database)


def run(args: argparse.Namespace) -> None:
    from django.core.management import call_command

    from bench.ratings_speed import run as run_speed
    from ranking.arithmetic.ratings import replay
    from ranking.arithmetic.ratings.simulate import quick_sessions
    from ranking.ratings.models import PlayerRating
    from ranking.ratings.services import ratings_rebuild

    started = time.perf_counter()
    call_command("migrate", verbosity=0)
    sessions = quick_sessions(seed=args.seed, sessions=args.sessions, players=args.players)
    club_id = store_sessions(sessions, args.players)
    del sessions  # run() generates the same sessions again from the seed
    print(
        f"database {args.database}: migrated and filled in {time.perf_counter() - started:.1f} s",
        flush=True,
    )

    def full_replay(_sessions: Sequence[Any]) -> None:
        ratings_rebuild(club_id=club_id)

    run_speed(
        sessions=args.sessions,
        players=args.players,
        seed=args.seed,
        extra_measurements={
            "full replay with PostgreSQL, empty pool": full_replay,
            "full replay with PostgreSQL, over the stored pool": full_replay,
        },
    )
    expected = replay(
        quick_sessions(seed=args.seed, sessions=args.sessions, players=args.players)
    ).state.players
    stored = {
        player - 1: (mu, sigma, ordinal, played)
        for player, mu, sigma, ordinal, played in PlayerRating.objects.filter(
            pool__club_id=club_id
        ).values_list("player_id", "mu", "sigma", "ordinal", "sessions_played")
    }
    same = stored == {p: (r.mu, r.sigma, r.ordinal, r.sessions_played) for p, r in expected.items()}
    print(f"stored ratings equal the in-process replay bit for bit: {'yes' if same else 'NO'}")
    print(f"finished at {datetime.now(UTC):%Y-%m-%d %H:%M} UTC")


if __name__ == "__main__":
    main()
