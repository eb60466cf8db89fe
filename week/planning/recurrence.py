"""The dates of a series of club nights (pure: no Django).

Every week or fortnight: the same weekday; every month: the same weekday in the same week of
the month (the second Tuesday), the fifth becoming the month's last."""

from __future__ import annotations

import calendar
import datetime

WEEKLY, FORTNIGHTLY, MONTHLY, ONCE = "weekly", "fortnightly", "monthly", "once"


def _nth_weekday(year: int, month: int, weekday: int, nth: int) -> datetime.date:
    days = [
        day
        for day in calendar.Calendar().itermonthdates(year, month)
        if day.month == month and day.weekday() == weekday
    ]
    return days[min(nth, len(days)) - 1]


def occurrence_dates(first: datetime.date, recurrence: str, count: int) -> list[datetime.date]:
    """``count`` dates from ``first`` on (one for a night planned once)."""
    if recurrence == ONCE:
        return [first]
    if recurrence in (WEEKLY, FORTNIGHTLY):
        step = datetime.timedelta(weeks=1 if recurrence == WEEKLY else 2)
        return [first + step * n for n in range(count)]
    nth = (first.day - 1) // 7 + 1
    dates = []
    for n in range(count):
        month = first.month - 1 + n
        dates.append(_nth_weekday(first.year + month // 12, month % 12 + 1, first.weekday(), nth))
    return dates
