"""Which of an event's rounds were played: a round never started is a preview (``planned``), or
a preview the event's close put away (``tournaments.rounds.lifecycle.event_close`` closes a
planned round nobody played). Such a closed round has no session at any table and no table the
organizer said what it counts as (a round that started and closed has, for every table, a
result or that choice). The pages that list an event's rounds, its sets and its rounds' points,
the room's screen and the standings' byes leave it out, or say "not played".
"""

from __future__ import annotations

from django.db.models import Exists, OuterRef, Q, QuerySet

from tournaments.models import Event, Round, Table


def put_away() -> Q:
    """The closed rounds (a ``Round`` query's condition) that never started: previews the
    event's close put away."""
    tables = Table.objects.filter(round_id=OuterRef("pk"))
    with_result = Exists(tables.filter(session__isnull=False))
    counted = Exists(tables.exclude(unfinished=""))
    return Q(status=Round.Status.CLOSED) & ~with_result & ~counted


def never_started() -> Q:
    """The rounds (a ``Round`` query's condition) that never started: previews, and previews
    the event's close put away."""
    return Q(status=Round.Status.PLANNED) | put_away()


def played_rounds(event: Event | int) -> QuerySet[Round]:
    """The event's rounds that started (being played, or closed after they were)."""
    event_id = event if isinstance(event, int) else event.pk
    return Round.objects.filter(event_id=event_id).exclude(never_started())


def put_away_ids(rounds: list[Round]) -> set[int]:
    """Of ``rounds``, the ids of the closed ones that never started (one query)."""
    ids = [round_.pk for round_ in rounds if round_.status == Round.Status.CLOSED]
    if not ids:
        return set()
    return set(Round.objects.filter(pk__in=ids).filter(put_away()).values_list("pk", flat=True))
