"""Which sessions count: one rule for standings, progressive seating and ratings.

A complete session counts. A table whose round closed before it finished counts as the
organizer chose when closing the round (``Table.unfinished``): ``partial`` counts the session
as played so far; ``not_played`` and ``paper`` (until the paper sheet's totals complete it)
do not count.
"""

from django.db.models import Q

PARTIAL, NOT_PLAYED, PAPER = "partial", "not_played", "paper"
UNFINISHED_CHOICES = (PARTIAL, NOT_PLAYED, PAPER)


def counted_sessions(prefix: str = "") -> Q:
    """The sessions that count. ``prefix`` leads from the queried model to the session
    (``"session__"`` for per-seat rows, ``""`` for sessions)."""
    return Q(**{f"{prefix}complete": True}) | Q(**{f"{prefix}table__unfinished": PARTIAL})
