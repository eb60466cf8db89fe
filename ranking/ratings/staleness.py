"""Rating pools whose stored ratings are behind their complete sessions (the reconcile task
and the health check queue or report them)."""

from __future__ import annotations

import dataclasses

from django.db.models import Count, F, Sum

from ranking.ratings.config import pool_config
from ranking.ratings.models import RatedSession, RatingPool
from ranking.ratings.store.loading import rated_sessions


def stale_rating_pools() -> list[int]:
    """Clubs whose stored ratings (of any game) are behind their complete sessions, in club
    id order.

    Behind, per game: complete sessions but no pool, a different number of complete
    sessions or sum of their revisions than the pool applied, a pool marked for a replay, a
    configuration that changed since the ratings were computed, or a rated session whose event
    has moved to another date since (its ``RatedSession.played_on`` differs from the event's
    date; the update replays the pool from the earlier of the two).

    Three queries whatever the number of clubs: the complete sessions counted per club and
    game, the pools, and the rated sessions whose date no longer matches their event's (a join
    of the rated sessions with their sessions and events: about the work of the count).
    """
    sessions = {
        (club, game): (count, revisions or 0)
        for club, game, count, revisions in rated_sessions()
        .values("event__club_id", "event__game")
        .annotate(count=Count("id"), revision_sum=Sum("revision"))
        .values_list("event__club_id", "event__game", "count", "revision_sum")
    }
    stale = set()
    seen = set()
    for pool in RatingPool.objects.all():
        pool_key = (pool.club_id, pool.game)
        seen.add(pool_key)
        applied = (pool.sessions_applied, pool.revisions_applied)
        if sessions.get(pool_key, (0, 0)) != applied or pool.dirty_from:
            stale.add(pool.club_id)
            continue
        try:
            changed = pool.applied_config != dataclasses.asdict(pool_config(pool))
        except (TypeError, ValueError):
            continue  # a configuration the update would refuse too; nothing to queue
        if changed and (pool.sessions_applied or pool_key in sessions):
            stale.add(pool.club_id)
    stale.update(club for club, game in sessions if (club, game) not in seen)
    stale.update(_pools_with_moved_events())
    return sorted(stale)


def _pools_with_moved_events() -> set[int]:
    """Clubs with a rated session whose event's date is no longer the date it was rated on.

    A deleted session drops out of the join; the session count notices that one.
    """
    moved = RatedSession.objects.exclude(played_on=F("session__event__date"))
    return set(moved.values_list("pool__club_id", flat=True).distinct())
