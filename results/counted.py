"""Which sessions count, one rule read by standings, progressive seating and ratings alike: a
complete session (where the event counts signed tables only, once every player signed it), or
the session of a table the organizer counted *as played so far* when its round closed. It lives
with the sessions; the choices it reads are the event's and the table's (``tournaments.counted``).
"""

from django.db.models import Q

from tournaments.counted import PARTIAL, SIGNED


def counted_sessions(prefix: str = "") -> Q:
    """The sessions that count. ``prefix`` leads from the queried model to the session
    (``"session__"`` for per-seat rows, ``""`` for sessions)."""
    complete = Q(**{f"{prefix}complete": True}) & (
        ~Q(**{f"{prefix}event__standings_count": SIGNED})
        | Q(**{f"{prefix}signed_at__isnull": False})
    )
    return complete | Q(**{f"{prefix}table__unfinished": PARTIAL})
