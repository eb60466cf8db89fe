"""How much a table can enter without a network, and how soon it counts once the network returns.

    python -m bench.offline [--tables 2] [--jonkler-seats 6] [--quick]

Runs the site on a throwaway test database (``test_<name>`` of whatever ``DATABASE_URL``
names; SQLite without it) in a live server thread, with the Celery tasks in-process as in the
dev setup unless ``CELERY_BROKER_URL`` names a broker (then start a worker on that database:
``DATABASE_URL=... make worker`` against ``test_<name>``). In Chromium (``CHROMIUM_PATH``, else
Debian's ``chromium-headless-shell`` or ``chromium``, as the browser tests find it)
``--tables`` phones each open a Bonken table (a whole session, 12 games) and one Jonkler table
of ``--jonkler-seats`` players (every round of the session); after the first game or round each
phone goes offline, enters the rest, reloads the page offline, and goes online again. Measured
per table: games kept, the bytes they take in localStorage, the time from reconnecting to the
queue being empty (sent in order, each with its Idempotency-Key), and to the event's standings
showing the table's totals. Prints one JSON document.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import time
from typing import Any

from bench import parse_args

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
os.environ.setdefault("DATABASE_CONN_MAX_AGE", "0")  # the server's threads let go of the database

FILL_BONKEN = """(game) => {
  const form = document.querySelector("form[data-offline-form]");
  const pick = (s) => { const el = form.querySelector(s); el.checked = true;
    el.dispatchEvent(new Event("change", {bubbles: true})); };
  pick(`input[name=chooser][value="${game.chooser}"]`);
  pick(`input[name=contract][value="${game.contract}"]`);
  const takers = form.querySelector(`[data-taker-contract="${game.contract}"]`);
  if (takers) { let n = 1; game.counts.forEach((c, seat) => { for (let i = 0; i < c; i++, n++)
    pick(`input[name=took_${game.contract}_${n}][value="${seat}"]`); }); }
  else game.counts.forEach((c, seat) => { form.querySelector(`[name=count_${seat}]`).value = c; });
  game.doubles.forEach(([s, t]) => { form.querySelector(`[name=d_${s}_${t}]`).checked = true; });
}"""
FILL_JONKLER = """(round) => {
  round.bids.forEach((b, s) => { document.getElementById(`id_bid_${s}`).value = b; });
  round.tricks.forEach((t, s) => { document.getElementById(`id_tricks_${s}`).value = t; });
}"""
# As tests/conftest.py finds it: the headless shell is the same engine at about half the CPU.
CHROMIUM = (
    os.environ.get("CHROMIUM_PATH")
    or shutil.which("chromium-headless-shell")
    or shutil.which("chromium")
    or "/usr/bin/chromium"
)
QUEUE_BYTES = (
    "() => Object.keys(localStorage).filter(k => k.startsWith('table-queue:'))"
    ".reduce((n, k) => n + localStorage.getItem(k).length, 0)"
)


def _setup() -> Any:
    import django
    from django.test.utils import setup_databases, setup_test_environment

    django.setup()
    from django.conf import settings

    # Its tables made from the models, as the test suite's are: the migrations are not what
    # this measures (tests/integration/test_migrations_from_zero.py runs them).
    for database in settings.DATABASES.values():
        database.setdefault("TEST", {})["MIGRATE"] = False
    setup_test_environment()
    return setup_databases(verbosity=0, interactive=False)


def _tables(count: int, seats: int) -> list[dict[str, Any]]:
    from clubs.models import Club, Player
    from games.bonken.rules import get_ruleset
    from games.bonken.rules.sample import random_session
    from games.jonkler.rules import GAME as JONKLER
    from games.jonkler.rules.sample import random_session as jonkler_session

    rng, made = random.Random(11), []
    club = Club.objects.create(name="Offline", slug="offline")
    bonken = _event(club, "bonken", "classic")
    jonkler = _event(club, "jonkler", "jonkler")
    for number in range(1, count + 1):
        table = _table(
            bonken, number, [Player.objects.create(name=f"B{number}-{n}") for n in range(4)]
        )
        games = random_session(rng, ruleset=get_ruleset("classic"))["games"]
        made.append({"game": "bonken", "table": table, "parts": games, "first": None})
        table = _table(
            jonkler, number, [Player.objects.create(name=f"J{number}-{n}") for n in range(seats)]
        )
        document = jonkler_session(rng, seats=seats, ruleset=JONKLER.rulesets["jonkler"])
        made.append(
            {
                "game": "jonkler",
                "table": table,
                "parts": document["rounds"],
                "first": document["first_dealer"],
            }
        )
    return made


def _event(club: Any, game: str, ruleset: str) -> Any:
    import datetime

    from tournaments.models import Event

    return Event.objects.create(
        club=club,
        name=f"Offline {game}",
        game=game,
        ruleset=ruleset,
        date=datetime.date(2026, 11, 20),
        planned_rounds=1,
        status=Event.Status.RUNNING,
        published=True,
    )


def _table(event: Any, number: int, players: list[Any]) -> Any:
    from clubs.models import Membership
    from tournaments.models import Round, Seat, Table

    round_, _ = Round.objects.get_or_create(event=event, number=1)
    table = Table.objects.create(round=round_, number=number)
    for position, player in enumerate(players):
        Membership.objects.create(club=event.club, player=player)
        Seat.objects.create(table=table, round=round_, player=player, position=position)
    return table


def _standings_show(table: Any) -> bool:
    from results.models import Session
    from tournaments.models import Standing

    session = Session.objects.filter(table=table, complete=True).first()
    if session is None:
        return False
    totals = {r.player_id: r.total for r in session.seat_results.all()}
    shown = {
        s.player_id: s.total
        for s in Standing.objects.filter(event=table.round.event, player_id__in=totals)
    }
    return shown == totals


def _play(browser: Any, base: str, item: dict[str, Any]) -> dict[str, Any]:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    url = f"{base}/t/{item['table'].scoring_token}/"
    page.goto(url if item["first"] is None else f"{url}?dealer={item['first']}")
    fill = FILL_BONKEN if item["game"] == "bonken" else FILL_JONKLER
    page.evaluate(fill, item["parts"][0])
    with page.expect_navigation():
        page.click("form[data-offline-form] button[type=submit]")
    page.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    context.set_offline(True)
    for kept, part in enumerate(item["parts"][1:], start=1):
        page.evaluate(fill, part)
        page.click("form[data-offline-form] button[type=submit]")
        page.wait_for_function(
            "(n) => document.querySelectorAll('[data-offline-list] li').length === n", arg=kept
        )
    page.reload()
    kept = page.locator("[data-offline-list] li").count()
    size = page.evaluate(QUEUE_BYTES)
    started = time.perf_counter()
    with page.expect_navigation(timeout=120_000):
        context.set_offline(False)
    sent = time.perf_counter() - started
    while not _standings_show(item["table"]):
        if time.perf_counter() - started > 120:
            raise SystemExit(f"table {item['table'].pk}: the standings did not show it")
        time.sleep(0.05)
    counted = time.perf_counter() - started
    context.close()
    from results.models import Session

    session = Session.objects.get(table=item["table"])
    return {
        "game": item["game"],
        "kept_offline": kept,
        "queue_bytes": size,
        "parts_stored": len(session.document.get("games") or session.document["rounds"]),
        "revisions": session.revisions.count(),
        "reconnect_to_sent_s": round(sent, 2),
        "reconnect_to_standings_s": round(counted, 2),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=2)
    parser.add_argument("--jonkler-seats", type=int, default=6)
    args = parse_args(parser, argv, tables=1, jonkler_seats=4)
    databases = _setup()
    from django.conf import settings
    from django.contrib.staticfiles.handlers import StaticFilesHandler
    from django.db import connection, connections
    from django.test.testcases import LiveServerThread
    from playwright.sync_api import sync_playwright

    server = LiveServerThread("127.0.0.1", StaticFilesHandler, port=0)
    server.daemon = True
    server.start()
    server.is_ready.wait()
    base = f"http://127.0.0.1:{server.port}"
    try:
        items = _tables(args.tables, args.jonkler_seats)
        with sync_playwright() as playwright:
            # The full browser in its new headless mode; the headless shell is headless already.
            headless = [] if "headless-shell" in CHROMIUM else ["--headless=new"]
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=[*headless, "--no-sandbox"]
            )
            try:
                results = [_play(browser, base, item) for item in items]
            finally:
                # Inside Playwright's event loop the ORM has connections of its own (Django's
                # are per context): closed here, or PostgreSQL keeps the test database in use.
                connections.close_all()
            browser.close()
        print(
            json.dumps(
                {
                    "database": connection.vendor,
                    "tasks_in_process": settings.CELERY_TASK_ALWAYS_EAGER,
                    "tables": results,
                },
                indent=2,
            )
        )
    finally:
        server.terminate()
        from django.test.utils import teardown_databases

        connections.close_all()
        teardown_databases(databases, verbosity=0)


if __name__ == "__main__":
    main()
