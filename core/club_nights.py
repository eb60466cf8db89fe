"""A club's next planned nights, for the pages and feeds that show them (the club's embed, its
JSON feed). The calendar app fills the provider from its ``AppConfig.ready``; without it the
club has no planned nights to show and those blocks stay away. Declared here, in the kernel,
so whichever layer the calendar lives in may fill it and whichever shows it may read it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from core.providers import Provider


@dataclass(frozen=True, slots=True)
class PlannedNight:
    """One planned night as the public sees it (no attendance, no personal data)."""

    starts_at: datetime
    game: str  # the game's code
    place: str = ""
    title: str = ""
    url: str = ""  # the night's public page on this site (a path), if it has one


# (club_id, limit) -> the club's next planned nights, soonest first.
next_nights: Provider[[int, int], list[PlannedNight]] = Provider("a club's next planned nights")


def planned_nights(club_id: int, limit: int = 5) -> list[PlannedNight] | None:
    """The club's next planned nights, or None where no calendar is installed."""
    if not next_nights.registered:
        return None
    return next_nights(club_id, limit)[:limit]
