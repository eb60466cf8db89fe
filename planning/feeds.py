"""The iCalendar feeds (RFC 5545): a club's planned nights, and a player's nights they said
they are coming to. Written by hand (the format is a few lines); tests read them back with the
``icalendar`` library. Times are in UTC; a cancelled night stays in the feed with STATUS
CANCELLED so that calendar apps take it out; SEQUENCE moves on with every change."""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable

from django.utils.translation import gettext as _

from core.view_helpers import dutch
from gamekit.registry import find_game
from planning.models import PlannedNight

PRODID = "-//Club games service//Club nights//EN"


def _escape(text: str) -> str:
    return (
        text.replace("\\", "\\\\")
        .replace(";", "\\;")
        .replace(",", "\\,")
        .replace("\r\n", "\\n")
        .replace("\n", "\\n")
        .replace("\r", "\\n")
    )


def _fold(line: str) -> str:
    """Lines of at most 75 octets, continued with a space (never splitting a character)."""
    out: list[str] = []
    current = ""
    for char in line:
        limit = 75 if not out else 74
        if len((current + char).encode()) > limit:
            out.append(current)
            current = char
        else:
            current += char
    out.append(current)
    return "\r\n ".join(out)


def _utc(moment: datetime.datetime) -> str:
    return moment.astimezone(datetime.UTC).strftime("%Y%m%dT%H%M%SZ")


def game_name(code: str) -> str:
    game = find_game(code)
    if game is None:
        return code
    return game.name_nl if dutch() else game.name


def calendar(
    name: str, nights: Iterable[PlannedNight], url_of: Callable[[PlannedNight], str], host: str
) -> str:
    """A VCALENDAR named ``name`` with one VEVENT per night."""
    stamp = _utc(datetime.datetime.now(datetime.UTC))
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        f"PRODID:{PRODID}",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        f"X-WR-CALNAME:{_escape(name)}",
    ]
    for night in nights:
        url = url_of(night)
        summary = _("%(game)s at %(club)s") % {
            "game": game_name(night.game),
            "club": night.club.name,
        }
        if night.cancelled:
            summary = _("Cancelled: %(night)s") % {"night": summary}
        description = "\n".join(part for part in (night.notes, url) if part)
        lines += [
            "BEGIN:VEVENT",
            f"UID:night-{night.pk}@{host}",
            f"DTSTAMP:{stamp}",
            f"LAST-MODIFIED:{_utc(night.updated_at)}",
            f"DTSTART:{_utc(night.starts_at)}",
            f"DTEND:{_utc(night.ends_at)}",
            f"SEQUENCE:{night.sequence}",
            f"SUMMARY:{_escape(summary)}",
            f"STATUS:{'CANCELLED' if night.cancelled else 'CONFIRMED'}",
        ]
        if night.place:
            lines.append(f"LOCATION:{_escape(night.place)}")
        if description:
            lines.append(f"DESCRIPTION:{_escape(description)}")
        lines += [f"URL:{url}", "END:VEVENT"]
    lines.append("END:VCALENDAR")
    return "\r\n".join(_fold(line) for line in lines) + "\r\n"
