"""The days a club night clashes with in the Netherlands (pure: no Django).

Two kinds of day:

holiday     a public holiday as the law names them (Algemene termijnenwet, article 3): New
            Year's Day, Easter Sunday and Monday, King's Day, Liberation Day (5 May, every year),
            Ascension Day, Whit Sunday and Monday, Christmas Day and Boxing Day.
evening     not a holiday, but an evening nobody comes to a club night: Christmas Eve and New
            Year's Eve.

Easter is computed with the anonymous Gregorian algorithm (Meeus, Jones and Butcher), so every
day that follows it (Ascension: 39 days later, Whit Sunday: 49) is exact for every year of the
Gregorian calendar. King's Day is 27 April, the 26th when the 27th is a Sunday (since 2014);
before that Queen's Day was 30 April, moved to the Saturday before a Sunday from 1980 and to the
Monday after before then (1949 to 1979).

Every day carries its English and Dutch name, as the games' rules carry theirs.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

HOLIDAY, EVENING = "holiday", "evening"
FIRST_GREGORIAN_YEAR = 1583  # Easter by the Gregorian reckoning everywhere from then on
SUNDAY = 6


@dataclass(frozen=True, slots=True)
class Day:
    """A day a club night clashes with: its date, a stable code, its names and its kind."""

    date: datetime.date
    code: str
    name: str
    name_nl: str
    kind: str = HOLIDAY


def easter(year: int) -> datetime.date:
    """Easter Sunday of ``year`` (Gregorian calendar, 1583 and later)."""
    if year < FIRST_GREGORIAN_YEAR:
        raise ValueError(f"Easter is computed for {FIRST_GREGORIAN_YEAR} and later; got {year}")
    golden = year % 19
    century, in_century = divmod(year, 100)
    leap_centuries, century_rest = divmod(century, 4)
    moon_correction = (century + 8) // 25
    solar_correction = (century - moon_correction + 1) // 3
    epact = (19 * golden + century - leap_centuries - solar_correction + 15) % 30
    leap_years, year_rest = divmod(in_century, 4)
    weekday_offset = (32 + 2 * century_rest + 2 * leap_years - epact - year_rest) % 7
    correction = (golden + 11 * epact + 22 * weekday_offset) // 451
    month, day = divmod(epact + weekday_offset - 7 * correction + 114, 31)
    return datetime.date(year, month, day + 1)


def _monarchs_day(year: int) -> Day | None:
    if year >= 2014:
        day = datetime.date(year, 4, 27)
        if day.weekday() == SUNDAY:
            day = datetime.date(year, 4, 26)
        return Day(day, "kings_day", "King's Day", "Koningsdag")
    if year >= 1949:
        day = datetime.date(year, 4, 30)
        if day.weekday() == SUNDAY:
            day += datetime.timedelta(days=-1 if year >= 1980 else 1)
        return Day(day, "queens_day", "Queen's Day", "Koninginnedag")
    return None


def days_of(year: int) -> list[Day]:
    """Every day of ``year`` a club night clashes with, in date order."""
    sunday = easter(year)
    after_easter = [
        (0, "easter_sunday", "Easter Sunday", "Eerste Paasdag"),
        (1, "easter_monday", "Easter Monday", "Tweede Paasdag"),
        (39, "ascension", "Ascension Day", "Hemelvaartsdag"),
        (49, "whit_sunday", "Whit Sunday", "Eerste Pinksterdag"),
        (50, "whit_monday", "Whit Monday", "Tweede Pinksterdag"),
    ]
    found = [
        Day(datetime.date(year, 1, 1), "new_year", "New Year's Day", "Nieuwjaarsdag"),
        *(
            Day(sunday + datetime.timedelta(days=offset), code, name, name_nl)
            for offset, code, name, name_nl in after_easter
        ),
        Day(datetime.date(year, 12, 24), "christmas_eve", "Christmas Eve", "Kerstavond", EVENING),
        Day(datetime.date(year, 12, 25), "christmas", "Christmas Day", "Eerste Kerstdag"),
        Day(datetime.date(year, 12, 26), "boxing_day", "Boxing Day", "Tweede Kerstdag"),
        Day(
            datetime.date(year, 12, 31),
            "new_years_eve",
            "New Year's Eve",
            "Oudejaarsavond",
            EVENING,
        ),
    ]
    monarch = _monarchs_day(year)
    if monarch is not None:
        found.append(monarch)
    if year >= 1945:
        found.append(
            Day(datetime.date(year, 5, 5), "liberation_day", "Liberation Day", "Bevrijdingsdag")
        )
    return sorted(found, key=lambda day: (day.date, day.code))


def clash_on(date: datetime.date) -> Day | None:
    """The day ``date`` is if a club night clashes with it (the first, should two fall on one
    date: Liberation Day on Ascension Day), else None."""
    if date.year < FIRST_GREGORIAN_YEAR:
        return None
    return next((day for day in days_of(date.year) if day.date == date), None)


def clashes(dates: list[datetime.date]) -> dict[datetime.date, Day]:
    """The dates among ``dates`` a club night clashes with, each with its day."""
    by_date: dict[datetime.date, Day] = {}
    for year in sorted({date.year for date in dates if date.year >= FIRST_GREGORIAN_YEAR}):
        for day in days_of(year):
            by_date.setdefault(day.date, day)
    return {date: by_date[date] for date in dates if date in by_date}
