"""When a session was played: the one play order that ratings use everywhere.

Terms:

* **play order**: sessions sorted by (event date, event id, round number, table number,
  session id). Every part is stored data, so the order is the same for the incremental path,
  a replay and a rebuild from scratch.
* **order key**: that tuple as a fixed-width string of digits, so that comparing two keys as
  strings (in Python or in SQL, under any collation) compares the tuples. It is stored on
  every rating history row, which makes "the history from this session on" a range query.
* **played at**: the moment handed to the rating engine: noon UTC of the event date. Only the
  date is known; noon keeps that date the same in every time zone within twelve hours of UTC.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time
from functools import lru_cache


def order_key(
    event_date: date, event_id: int, round_number: int, table_number: int, session_id: int
) -> str:
    """The session's order key, e.g. ``20261120-000000000007-00002-00003-000000000042``."""
    # %-formatting: a full replay builds 100,000 keys, and strftime would take a second.
    return "%04d%02d%02d-%012d-%05d-%05d-%012d" % (  # noqa: UP031
        event_date.year,
        event_date.month,
        event_date.day,
        event_id,
        round_number,
        table_number,
        session_id,
    )


def day_key(day: date) -> str:
    """A key just before every session played on ``day``: keys of that day compare >= it."""
    return f"{day:%Y%m%d}-"


def key_date(key: str) -> date:
    """The event date a key starts with."""
    return date(int(key[0:4]), int(key[4:6]), int(key[6:8]))


@lru_cache(maxsize=4096)
def played_at(played_on: date) -> datetime:
    """The moment the rating engine records for a session played on ``played_on``."""
    return datetime.combine(played_on, time(12), tzinfo=UTC)
