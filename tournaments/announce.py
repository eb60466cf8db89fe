"""The club events the tournament layer and the layers above it tell the outside about
(``core.club_events``): payloads that name players as the API does (``player``, the id, and
``player_name``) with their page's path (``player_url``), a table's ``seats`` by ``position``
from 0 and the standings by ``rank``, and the event as ``event`` (the id) with ``event_name``,
``event_url`` and the rest of what its pages show beside it (a round and a table alike), as the
API's answers do. Nothing
is queued for an event that is not published (and the fan-out checks again when it runs)."""

from collections.abc import Sequence
from typing import Any

from django.urls import reverse

from clubs.models import Player
from core import club_events
from tournaments import provided
from tournaments.models import Event, Round, Seat, Standing, Table


def event_reference(event: Event) -> dict[str, Any]:
    """The event as a payload names it, as the API names a player: ``event`` (the id), and
    beside it what its public pages show, each ``event_...`` (``event_url``: its page)."""
    return {
        "event": event.pk,
        "event_name": event.name,
        "event_date": event.date.isoformat(),
        "event_game": event.game,
        "event_kind": event.kind,
        "event_status": event.status,
        "event_url": reverse("public:event_standings", args=[event.pk]),
        "event_leagues": (
            provided.event_leagues(event) if provided.event_leagues.registered else []
        ),
    }


def _player(player_id: int, name: str) -> dict[str, Any]:
    """A player as the API names one (``player``, ``player_name``), with their page."""
    return {
        "player": player_id,
        "player_name": name,
        "player_url": reverse("public:player_page", args=[player_id]),
    }


def _emit(kind: str, event: Event, payload: dict[str, Any]) -> None:
    if event.published:
        club_events.emit(
            kind,
            club_id=event.club_id,
            event_id=event.pk,
            payload={**event_reference(event), **payload},
        )


def round_seated(round_: Round) -> None:
    """A round's tables sit down (the seating accepted, or seated by hand and playing)."""
    event = round_.event
    if not event.published:
        return
    tables: dict[int, dict[str, Any]] = {}
    for table in Table.objects.filter(round=round_).order_by("number"):
        tables[table.pk] = {
            "id": table.pk,
            "number": table.number,
            "seats": [],
            "url": reverse("public:table_sheet", args=[event.pk, table.pk]),
        }
    seats = (
        Seat.objects.filter(round=round_)
        .select_related("player")
        .order_by("table__number", "position")
    )
    for seat in seats:
        tables[seat.table_id]["seats"].append(
            {"position": seat.position, **_player(seat.player_id, seat.player.name)}
        )
    byes = [
        _player(bye.player_id, bye.player.name)
        for bye in round_.byes.select_related("player").order_by("player__name")
    ]
    _emit(
        club_events.ROUND_SEATED,
        event,
        {
            "round": round_.pk,
            "round_number": round_.number,
            "tables": [table for table in tables.values() if table["seats"]],
            "byes": byes,
        },
    )


def result_saved(
    table: Table,
    players: Sequence[Player],
    *,
    totals: Sequence[float] | None,
    placements: Sequence[int] | None,
    complete: bool,
    revision: int,
    corrected: bool,
) -> None:
    """A table's session became complete (``result.saved``), or a complete one changed
    (``result.corrected``; it may be incomplete again after an undo)."""
    event = table.round.event
    seats = []
    for index, player in enumerate(players):
        seats.append(
            {
                "position": index,
                **_player(player.pk, player.name),
                "total": totals[index] if totals else None,
                "placement": placements[index] if placements else None,
            }
        )
    kind = club_events.RESULT_CORRECTED if corrected else club_events.RESULT_SAVED
    _emit(
        kind,
        event,
        {
            "round": table.round_id,
            "round_number": table.round.number,
            "table": table.pk,
            "table_number": table.number,
            "table_url": reverse("public:table_sheet", args=[event.pk, table.pk]),
            "complete": complete,
            "revision": revision,
            "seats": seats,
        },
    )


def standings_lines(event_id: int, lines: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Standings lines (``player_id``, ``rank``, ``tied``, ``total``, ``sessions``) as a
    payload names them."""
    names = dict(
        Player.objects.filter(pk__in=[line["player_id"] for line in lines]).values_list(
            "pk", "name"
        )
    )
    return [
        {
            "rank": line["rank"],
            "tied": line["tied"],
            **_player(line["player_id"], names.get(line["player_id"], "")),
            "total": line["total"],
            "sessions": line["sessions"],
        }
        for line in sorted(lines, key=lambda line: (line["rank"], names.get(line["player_id"], "")))
    ]


def standings_changed(event: Event, lines: Sequence[dict[str, Any]], results_version: int) -> None:
    """The stored standings of the event changed (a recompute wrote rows)."""
    if event.published:
        _emit(
            club_events.STANDINGS_CHANGED,
            event,
            {
                "results_version": results_version,
                "standings": standings_lines(event.pk, lines),
            },
        )


def event_published(event: Event) -> None:
    """The event was published: what the outside may see from now on, with its standings as
    they are (so a receiver catches up on what happened before)."""
    lines: list[dict[str, Any]] = [
        dict(line)
        for line in Standing.objects.filter(event=event).values(
            "player_id", "rank", "tied", "total", "sessions"
        )
    ]
    _emit(
        club_events.EVENT_PUBLISHED,
        event,
        {
            "standings": standings_lines(event.pk, lines),
        },
    )


# What an event's public pages and lists show of it; a change to one of these is told.
SHOWN_FIELDS = ("name", "date", "game", "kind")
# The names a payload gives them (``event_reference``).
PAYLOAD_FIELDS = {name: f"event_{name}" for name in SHOWN_FIELDS}


def event_changed(event: Event, previous: dict[str, Any]) -> None:
    """A published event's name, date, game or kind changed (``previous``: the fields that
    changed, as they were): ``changed`` names them as the payload does (``event_name``...),
    ``previous`` gives their old values and the payload the event as it is now. Nothing for a
    change no page shows."""
    shown = [name for name in SHOWN_FIELDS if name in previous]
    if not shown:
        return
    changed = [PAYLOAD_FIELDS[name] for name in shown]
    before = {
        PAYLOAD_FIELDS[name]: value.isoformat() if hasattr(value, "isoformat") else value
        for name, value in previous.items()
        if name in shown
    }
    _emit(club_events.EVENT_CHANGED, event, {"changed": changed, "previous": before})


WITHDRAWN_UNPUBLISHED = "unpublished"
WITHDRAWN_DELETED = "deleted"


def event_withdrawn(event: Event, reason: str) -> None:
    """A published event was unpublished or deleted (``reason``): a receiver takes it off its
    pages. Delivered only while the event is not published (``club_events.WHILE_UNPUBLISHED``);
    call it with the event as it was, before a deletion."""
    club_events.emit(
        club_events.EVENT_WITHDRAWN,
        club_id=event.club_id,
        event_id=event.pk,
        payload={**event_reference(event), "reason": reason},
    )
