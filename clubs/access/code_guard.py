"""Wrong personal codes (``clubs.access.codes``), counted so that a four-digit code cannot be
guessed, while a guesser on a shared network (a café's wifi, a club's router) locks out nobody else.

Wrong codes are counted in a window of ``CODE_WINDOW`` seconds (900) from the first one, in
three ways, each with its own limit:

* **per player** (from anywhere): after ``CODE_PLAYER_LIMIT`` (10) wrong codes for one player,
  their code is not checked on any phone until the window ends, so a guesser has ten tries a
  quarter of an hour at one player. The player is not locked out: on their own signed-in phone
  they confirm without a code (and a code entered while signed in as that very player is never
  counted nor refused), the organizer signs for them with a reason, and a new code (set by the
  player or issued by the organizer) starts their count afresh.
* **per table** (any of its players, from anywhere): after ``CODE_TABLE_LIMIT`` (20), codes at
  that table wait for the window's end. The other tables are untouched.
* **per address**: after ``CODE_ADDRESS_LIMIT`` (30) wrong codes from one address, that address
  may not try a code at a table where it has already entered ``CODE_ADDRESS_TABLE_ALLOWANCE``
  (3) wrong ones. A player at another table on the same wifi still signs.

A refused check compares nothing and says when to try again. Every check is counted as a wrong
code *before* the code is compared, atomically (``cache.add`` then ``cache.incr``: Redis' INCR,
or the lock of the local-memory cache), and given back when the code was right or the check
was refused: concurrent guesses never compare more codes than the limits allow.

Every access to the cache is in the ``_Counters`` functions at the end of this module.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass

from django.conf import settings

from core.shared_cache import shared as cache  # fails open when the cache is down

CODE_WINDOW = getattr(settings, "CODE_WINDOW", 900)
CODE_PLAYER_LIMIT = getattr(settings, "CODE_PLAYER_LIMIT", 10)
CODE_TABLE_LIMIT = getattr(settings, "CODE_TABLE_LIMIT", 20)
CODE_ADDRESS_LIMIT = getattr(settings, "CODE_ADDRESS_LIMIT", 30)
CODE_ADDRESS_TABLE_ALLOWANCE = getattr(settings, "CODE_ADDRESS_TABLE_ALLOWANCE", 3)

PLAYER, TABLE, ADDRESS = "player", "table", "address"


@dataclass(frozen=True)
class Refusal:
    """Why a code is not checked now (``PLAYER``, ``TABLE`` or ``ADDRESS``), and for how
    many seconds more."""

    kind: str
    seconds: int


class CodeGuard:
    """The counters of one code check: a player's code, entered at a table, from an address."""

    def __init__(self, *, player_id: int, table_id: int, address: str) -> None:
        where = hashlib.sha256((address or "unknown").encode()).hexdigest()[:32]
        self.player = f"code-wrong:player:{player_id}"
        self.table = f"code-wrong:table:{table_id}"
        self.address = f"code-wrong:ip:{where}"
        self.address_table = f"code-wrong:ip-table:{where}:{table_id}"
        self.keys = [self.player, self.table, self.address, self.address_table]

    def take(self) -> Refusal | None:
        """Count this check as a wrong code, unless a limit refuses it (then nothing is
        counted); :meth:`give_back` when the code turns out right."""
        counts = dict(zip(self.keys, _Counters.take(self.keys, CODE_WINDOW), strict=True))
        refused = None
        if counts[self.player] > CODE_PLAYER_LIMIT:
            refused = (PLAYER, self.player)
        elif counts[self.table] > CODE_TABLE_LIMIT:
            refused = (TABLE, self.table)
        elif (
            counts[self.address] > CODE_ADDRESS_LIMIT
            and counts[self.address_table] > CODE_ADDRESS_TABLE_ALLOWANCE
        ):
            refused = (ADDRESS, self.address)
        if refused is None:
            return None
        _Counters.give_back(self.keys)
        return Refusal(refused[0], _Counters.seconds_left(refused[1], CODE_WINDOW))

    def give_back(self) -> None:
        """The code was right: it was no wrong code after all."""
        _Counters.give_back(self.keys)


def player_counts_clear(player_id: int) -> None:
    """A new code: the wrong guesses at the old one count no more."""
    _Counters.clear([f"code-wrong:player:{player_id}"])


class _Counters:
    """Every cache access of the guard: counters that expire ``window`` seconds after their
    first count, each with the time it ends beside it (for ``Retry-After``)."""

    @staticmethod
    def take(keys: list[str], window: int) -> list[int]:
        return [_count_up(key, window) for key in keys]

    @staticmethod
    def give_back(keys: list[str]) -> None:
        for key in keys:
            try:
                cache.decr(key)
            except ValueError:  # the window ended meanwhile
                pass

    @staticmethod
    def seconds_left(key: str, window: int) -> int:
        ends = cache.get(f"{key}:ends")
        if not isinstance(ends, int | float):
            return window
        return max(1, min(window, int(ends - time.time()) + 1))

    @staticmethod
    def clear(keys: list[str]) -> None:
        cache.delete_many([*keys, *(f"{key}:ends" for key in keys)])


def _count_up(key: str, window: int) -> int:
    """One more on ``key``, atomically; the window starts with the first count."""
    for _attempt in range(3):
        cache.add(key, 0, timeout=window)
        try:
            count = int(cache.incr(key))
        except ValueError:  # the window ended between the two calls: start it again
            continue
        if count <= 1:
            # The first count: the window starts now. (Redis recreates a key that expired
            # between its existence check and INCR without an expiry; this gives it one.)
            cache.touch(key, window)
            cache.set(f"{key}:ends", time.time() + window, timeout=window)
        return count
    return 0
