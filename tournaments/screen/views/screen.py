"""The room's screen: a projector page per event (``/events/<id>/screen/``) with the standings
in large type, the current round's tables and which are done, a clock and the round's timer;
for a Bonko night also the round of the set, the target number and the bell.

While the event is not finished the screen shows the door's QR code (players check
themselves in, ``tournaments.door.services``): the code is for the room, so the link is not written
out, and the JSON never carries it; it says only which link is shown (``door_version``, a
fingerprint that tells nothing of the token), so a renewed door link reloads the page.

The page renders once and then asks ``/events/<id>/screen.json`` every few seconds
(``static/js/screen.js``); the timer counts down in the browser from the stored state. Whoever
may see the event's public page may see its screen.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import formats, timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from core.parsing import whole_number
from core.shared_cache import shared as cache
from core.times import utc_z
from core.view_helpers import qr_svg
from games.registry import find_game
from tournaments.events.views.visible import game_columns, visible_event
from tournaments.game_plugins import game_plugin
from tournaments.house_rules.services import event_ruleset
from tournaments.models import Event, Round
from tournaments.rounds.played import never_started
from tournaments.rounds.timer import clock_text, timer_state
from tournaments.rounds.views import queries
from tournaments.selectors import stored_standings

POLL_SECONDS = 5
CACHE_SECONDS = 4  # many screens of one event share one reading of standings and tables
ROWS = 15  # standings lines that fit a 1920 x 1080 screen in the screen's type
MAX_ROWS = 60


def current_round(event: Event) -> Round | None:
    """The round being played (the latest, should there be two), else the last closed one. A
    planned round is the organizer's preview and stays off the screen, and so does a preview
    the event's close put away."""
    rounds = event.rounds.exclude(never_started()).select_related("event")
    return (
        rounds.filter(status=Round.Status.PLAYING).order_by("-number").first()
        or rounds.order_by("-number").first()
    )


def round_in_set(number: int, rounds_per_set: int) -> tuple[int, int]:
    """(set, round of the set) of an event's round ``number``; in Bonko the round of the set is
    the target number."""
    per_set = max(rounds_per_set, 1)
    return (number - 1) // per_set + 1, (number - 1) % per_set + 1


def _rounds_per_set(event: Event) -> int:
    game = find_game(event.game)
    ruleset = event_ruleset(event.club_id, event.game, event.ruleset) or (
        game.rulesets.get(event.ruleset) if game is not None else None
    )
    count = getattr(ruleset, "rounds_per_set", 6)
    return count if isinstance(count, int) else 6


def _status_label(status: str) -> str:
    return {
        queries.WAITING: _("waiting"),
        queries.PLAYING: _("playing"),
        queries.DONE: _("done"),
        queries.PROBLEM: _("needs the organizer"),
    }.get(status, status)


def _number(value: Any) -> str:
    return str(formats.localize(value)) if isinstance(value, float) else str(value)


def screen_state(event: Event, rows: int = ROWS) -> dict[str, Any]:
    """Everything the screen shows, as the JSON the page polls (and renders first). The
    standings and the tables are read at most once per ``CACHE_SECONDS`` per event, round,
    language and number of lines (and again as soon as a result comes in: the event's results
    version is in the key); the round's timer and bell are read fresh every time."""
    round_ = current_round(event)
    key = ":".join(
        str(part)
        for part in (
            "screen",
            event.pk,
            event.results_version,
            round_.pk if round_ else 0,
            round_.status if round_ else "",
            get_language(),
            rows,
        )
    )
    state = cache.get(key)
    if state is None:
        state = _standings_and_tables(event, round_, rows)
        cache.set(key, state, CACHE_SECONDS)
    state = {**state, "now": timezone.now().isoformat()}
    if round_ is None:
        return state
    timer = timer_state(round_)
    info = {**state["round"], "timer": {**timer, "text": clock_text(timer["remaining"])}}
    if game_plugin(event.game).has_bell:
        info["bell"] = {
            "rung": round_.bell_rung_at is not None,
            "at": utc_z(round_.bell_rung_at) if round_.bell_rung_at else None,
        }
    state["round"] = info
    return state


def _standings_and_tables(event: Event, round_: Round | None, rows: int) -> dict[str, Any]:
    standings = list(stored_standings(event)[:rows])
    columns = game_columns(event, standings)
    state: dict[str, Any] = {
        "event": event.name,
        "columns": [name for _code, name in columns["stat_columns"]],
        "total_name": columns["total_name"],
        "standings": [
            {
                "rank": f"{row.rank}{'=' if row.tied else ''}",
                "name": row.player.name,
                "stats": [_number(v) for v in getattr(row, "stat_values", [])],
                "total": _number(getattr(row, "total_text", row.total)),
            }
            for row in columns.get("standings", standings)
        ],
        "round": None,
    }
    if round_ is None:
        return state
    tables = queries.round_tables(round_)
    info: dict[str, Any] = {
        "id": round_.pk,
        "number": round_.number,
        "status": round_.status,
        "title": _("Round %(n)s") % {"n": round_.number},
        "done": sum(1 for t in tables if t.status == queries.DONE),
        "tables": [
            {
                "number": t.table.number,
                "players": [p.name for p in t.players],
                "status": t.status,
                "label": _status_label(t.status),
                "title": t.words.title,  # what the game calls the table (the King's table)
                "result": t.words.result,  # its result in one sentence, where the game says one
            }
            for t in tables
        ],
    }
    if game_plugin(event.game).has_bell:
        set_number, target = round_in_set(round_.number, _rounds_per_set(event))
        info["set"] = set_number
        info["target"] = target
        info["title"] = _("Set %(s)s, round %(r)s") % {"s": set_number, "r": target}
    state["round"] = info
    return state


def _rows(request: HttpRequest) -> int:
    wanted = whole_number(request.GET.get("rows", ""), maximum=MAX_ROWS)
    return wanted if wanted else ROWS


def _door(request: HttpRequest, event: Event) -> str:
    """The door link while players may still check in (the event is not finished)."""
    if event.status == Event.Status.FINISHED:
        return ""
    return request.build_absolute_uri(reverse("public:door_page", args=[event.door_token]))


def _door_version(event: Event) -> str:
    """Which door link the screen shows ("" when none): changes when the link is renewed."""
    if event.status == Event.Status.FINISHED:
        return ""
    return hashlib.sha256(f"screen-door:{event.door_token}".encode()).hexdigest()[:12]


def screen(request: HttpRequest, event_id: int) -> HttpResponse:
    event = visible_event(request, event_id)
    rows = _rows(request)
    door = _door(request, event)
    json_url = reverse("public:screen_json", args=[event.pk])
    if rows != ROWS:
        json_url += f"?rows={rows}"
    state = screen_state(event, rows)
    # On a phone a line's figures fold under its name, each with its column's name (as
    # screen.js draws them from the JSON).
    folded = [list(zip(state["columns"], row["stats"], strict=True)) for row in state["standings"]]
    state = {
        **state,
        "standings": [
            {**row, "folded": pairs} for row, pairs in zip(state["standings"], folded, strict=True)
        ],
    }
    return render(
        request,
        "tournaments/screen.html",
        {
            "event": event,
            "state": state,
            "json_url": json_url,
            "poll_seconds": POLL_SECONDS,
            "bell_game": game_plugin(event.game).has_bell,
            "door_version": _door_version(event),
            "door_qr": qr_svg(door, scale=5, light="#fff") if door else "",
        },
    )


def screen_json(request: HttpRequest, event_id: int) -> JsonResponse:
    event = visible_event(request, event_id)
    state = screen_state(event, _rows(request))
    response = JsonResponse({**state, "door_version": _door_version(event)})
    response["Cache-Control"] = "no-store"
    return response
