"""The days a club night clashes with (``week.planning.holidays``, no database): Easter by the
Gregorian reckoning, checked against known dates and against dateutil's for every year it
covers; the days that follow Easter; King's and Queen's Day as the law moved them; the fixed
holidays and the two evenings nobody comes."""

import datetime

import pytest
from dateutil.easter import EASTER_WESTERN
from dateutil.easter import easter as dateutil_easter
from hypothesis import given
from hypothesis import strategies as st

from week.planning.holidays import EVENING, HOLIDAY, clash_on, clashes, days_of, easter

D = datetime.date
YEARS = st.integers(min_value=1583, max_value=4099)


@pytest.mark.parametrize(
    "year, sunday",
    [
        (1818, D(1818, 3, 22)),  # the earliest Easter can fall
        (1943, D(1943, 4, 25)),  # the latest
        (2000, D(2000, 4, 23)),
        (2008, D(2008, 3, 23)),
        (2019, D(2019, 4, 21)),
        (2024, D(2024, 3, 31)),
        (2025, D(2025, 4, 20)),
        (2026, D(2026, 4, 5)),
        (2027, D(2027, 3, 28)),
        (2028, D(2028, 4, 16)),
        (2038, D(2038, 4, 25)),
        (2285, D(2285, 3, 22)),
    ],
)
def test_easter_falls_on_the_known_sundays(year, sunday):
    assert easter(year) == sunday


@given(YEARS)
def test_easter_is_dateutils_easter_every_year(year):
    assert easter(year) == dateutil_easter(year, EASTER_WESTERN)


@given(YEARS)
def test_easter_is_a_sunday_between_22_march_and_25_april(year):
    sunday = easter(year)
    assert sunday.weekday() == 6
    assert D(year, 3, 22) <= sunday <= D(year, 4, 25)


def test_easter_before_the_gregorian_calendar_is_refused():
    with pytest.raises(ValueError, match="1583"):
        easter(1582)


@given(YEARS)
def test_the_days_after_easter_keep_their_distance_and_weekday(year):
    found = {day.code: day.date for day in days_of(year)}
    sunday = easter(year)
    assert found["easter_sunday"] == sunday
    assert found["easter_monday"] == sunday + datetime.timedelta(days=1)
    assert found["ascension"] == sunday + datetime.timedelta(days=39)
    assert found["ascension"].weekday() == 3  # a Thursday
    assert found["whit_sunday"] == sunday + datetime.timedelta(days=49)
    assert found["whit_monday"].weekday() == 0
    assert found["whit_monday"] - found["whit_sunday"] == datetime.timedelta(days=1)


@pytest.mark.parametrize(
    "year, day, code",
    [
        (2025, D(2025, 4, 26), "kings_day"),  # the 27th is a Sunday
        (2026, D(2026, 4, 27), "kings_day"),
        (2031, D(2031, 4, 26), "kings_day"),  # a Sunday again
        (2014, D(2014, 4, 26), "kings_day"),  # the first, moved from a Sunday
        (2013, D(2013, 4, 30), "queens_day"),
        (2006, D(2006, 4, 29), "queens_day"),  # the 30th a Sunday: the Saturday before
        (1978, D(1978, 5, 1), "queens_day"),  # before 1980: the Monday after
    ],
)
def test_kings_and_queens_day_as_the_law_moved_them(year, day, code):
    found = [d for d in days_of(year) if d.code in ("kings_day", "queens_day")]
    assert [(d.date, d.code) for d in found] == [(day, code)]
    assert found[0].date.weekday() != 6


@given(st.integers(min_value=2014, max_value=4099))
def test_kings_day_is_never_a_sunday(year):
    (day,) = [d for d in days_of(year) if d.code == "kings_day"]
    assert day.date.weekday() != 6 and day.date in (D(year, 4, 26), D(year, 4, 27))


@given(st.integers(min_value=1945, max_value=4099))
def test_the_fixed_days_come_every_year(year):
    found = {day.code: day for day in days_of(year)}
    assert found["new_year"].date == D(year, 1, 1)
    assert found["liberation_day"].date == D(year, 5, 5)  # every year, as the law names it
    assert found["christmas"].date == D(year, 12, 25)
    assert found["boxing_day"].date == D(year, 12, 26)
    assert (found["christmas_eve"].date, found["christmas_eve"].kind) == (D(year, 12, 24), EVENING)
    assert (found["new_years_eve"].date, found["new_years_eve"].kind) == (D(year, 12, 31), EVENING)
    assert found["whit_monday"].kind == HOLIDAY
    assert all(day.name and day.name_nl for day in found.values())


@given(YEARS)
def test_the_days_come_in_date_order(year):
    dates = [day.date for day in days_of(year)]
    assert dates == sorted(dates) and all(d.year == year for d in dates)


def test_a_date_is_named_in_english_and_dutch():
    day = clash_on(D(2027, 5, 6))
    assert (day.code, day.name, day.name_nl) == ("ascension", "Ascension Day", "Hemelvaartsdag")
    assert clash_on(D(2027, 5, 4)) is None
    assert clash_on(D(1000, 1, 1)) is None  # before the Gregorian calendar: nothing known


def test_two_days_on_one_date_name_the_first():
    # 5 May 2016 was Ascension Day and Liberation Day.
    assert clash_on(D(2016, 5, 5)).code == "ascension"


def test_a_weekly_series_finds_its_clashes():
    tuesdays = [D(2027, 4, 13) + datetime.timedelta(weeks=n) for n in range(8)]
    assert {date: day.code for date, day in clashes(tuesdays).items()} == {
        D(2027, 4, 27): "kings_day",
    }
    thursdays = [D(2026, 12, 17) + datetime.timedelta(weeks=n) for n in range(3)]
    assert {date: day.code for date, day in clashes(thursdays).items()} == {
        D(2026, 12, 24): "christmas_eve",
        D(2026, 12, 31): "new_years_eve",
    }
