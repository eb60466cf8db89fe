"""The iCalendar feeds (RFC 5545): a club's planned nights, and a player's nights they said
they are coming to. Written by hand (the format is a few lines); tests read them back with the
``icalendar`` library. Times are in UTC; a cancelled night stays in the feed with STATUS
CANCELLED so that calendar apps take it out; SEQUENCE moves on with every change.

A night's UID is ``night-<id>@<CALENDAR_UID_DOMAIN>``: the same whatever host name or port the
feed was asked for at, so a calendar app never takes one night for two. DTSTAMP is the night's
last change (not the moment of the request), so the same nights give the same text, and the
feed's ``ETag`` (its text's digest) answers a calendar app that asks again with a 304."""

from __future__ import annotations

import datetime
import re
import unicodedata
from collections.abc import Callable, Iterable

from django.conf import settings
from django.utils.translation import gettext as _

from core.names import cleaned_name
from core.view_helpers import dutch
from games.registry import find_game
from week.planning.models import PlannedNight

PRODID = "-//Club games service//Club nights//EN"


# What readers of text take for the end of a line (``str.splitlines``: CR LF, LF, CR, vertical
# tab, form feed, the separators U+001C to U+001E, NEL, U+2028, U+2029).
_LINE_BREAK = re.compile("\r\n|[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")


def _escape(text: str) -> str:
    """``text`` as an iCalendar TEXT value (RFC 5545, 3.3.11), whatever it holds: a backslash,
    semicolon and comma escaped, every line break the escape ``\\n``, a tab a space, and every
    other control character (which TEXT does not allow) and a lone surrogate left out."""
    kept = []
    for char in _LINE_BREAK.sub("\n", text):
        if char == "\t":
            kept.append(" ")
        elif char == "\n" or unicodedata.category(char) not in ("Cc", "Cs"):
            kept.append(char)
    return (
        "".join(kept)
        .replace("\\", "\\\\")
        .replace(";", "\\;")
        .replace(",", "\\,")
        .replace("\n", "\\n")
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


def night_uid(night: PlannedNight) -> str:
    """The night's UID in every feed: its id at the service's fixed domain."""
    return f"night-{night.pk}@{settings.CALENDAR_UID_DOMAIN}"


def calendar(
    name: str, nights: Iterable[PlannedNight], url_of: Callable[[PlannedNight], str]
) -> str:
    """A VCALENDAR named ``name`` with one VEVENT per night."""
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        f"PRODID:{PRODID}",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        f"X-WR-CALNAME:{_escape(cleaned_name(name))}",
    ]
    for night in nights:
        url = url_of(night)
        summary = _("%(game)s at %(club)s") % {
            "game": game_name(night.game),
            "club": cleaned_name(night.club.name),
        }
        if night.cancelled:
            summary = _("Cancelled: %(night)s") % {"night": summary}
        description = "\n".join(part for part in (night.notes, url) if part)
        lines += [
            "BEGIN:VEVENT",
            f"UID:{night_uid(night)}",
            f"DTSTAMP:{_utc(night.updated_at)}",
            f"LAST-MODIFIED:{_utc(night.updated_at)}",
            f"DTSTART:{_utc(night.starts_at)}",
            f"DTEND:{_utc(night.ends_at)}",
            f"SEQUENCE:{night.sequence}",
            f"SUMMARY:{_escape(summary)}",
            f"STATUS:{'CANCELLED' if night.cancelled else 'CONFIRMED'}",
        ]
        if night.place:
            lines.append(f"LOCATION:{_escape(cleaned_name(night.place))}")
        if description:
            lines.append(f"DESCRIPTION:{_escape(description)}")
        lines += [f"URL:{url}", "END:VEVENT"]
    lines.append("END:VCALENDAR")
    return "\r\n".join(_fold(line) for line in lines) + "\r\n"
