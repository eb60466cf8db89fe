"""Writes of derived ratings: bring a club's rating pools up to date with its complete sessions.

Terms (see also ``order`` and ``store.loading``):

* **pool**: a club's ratings of one game (``RatingPool.game``). Each game's sessions rate only
  each other (a Bonken rating says nothing about Jonkler); updates, replays and rebuilds run
  per pool. A call without a game brings every pool of the club up to date: the games of its
  existing pools and of its rated sessions.

* **update**: compare the club's complete sessions now with the sessions the pool has
  applied, find the earliest point in the play order where they differ, and act on it:

  - nothing differs: **unchanged** (running the update twice changes nothing);
  - only new sessions after the last applied one: **append** them, starting from the stored
    current ratings of their players;
  - anything else (a correction, a late entry, a session that became incomplete or was
    deleted, an event moved to another date): **replay** from that point: delete the history
    from there on, rebuild the state from the rows before it and rate the rest again.

  A new revision of a session whose players and totals did not change only has its revision
  noted: ratings read nothing else.
* **rebuild**: forget the pool's history and rate every complete session from scratch (also
  what an update does after the pool's configuration changed).

Every path rates with ``ranking.arithmetic.ratings.apply_session`` in play order, so the stored
numbers are bit for bit those of a rebuild. One update per club at a time: a PostgreSQL
advisory transaction lock, then the pool row (``select_for_update``), then one transaction per
pool.
"""

from __future__ import annotations

import dataclasses
import gc
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any, Literal

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.audit import audit
from clubs.models import Club
from clubs.selectors import ORGANIZER, require_role
from core.errors import ServiceError, Text
from core.locks import advisory_lock
from games.registry import DEFAULT_GAME
from ranking.arithmetic.ratings import (
    PlayerId,
    RatingConfig,
    RatingState,
    ScoredSession,
    apply_session,
)
from ranking.arithmetic.ratings.config import game_config
from ranking.ratings.config import pool_config, rating_scale
from ranking.ratings.models import PlayerRating, RatedSession, RatingHistory, RatingPool
from ranking.ratings.order import day_key, key_date, played_at
from ranking.ratings.store.loading import (
    AppliedSession,
    PoolSession,
    applied_sessions,
    complete_sessions,
    current_ratings,
    rated_seats_of,
    rated_sessions,
    seats_of,
    session_results,
    sessions_before,
    state_before,
)
from ranking.ratings.store.writing import history_writer, ratings_insert, ratings_upsert
from tournaments.models import Event
from tournaments.tasks import enqueue_ratings

RATINGS_LOCK = 0x5254  # namespace of the per-club advisory lock ("RT")

Mode = Literal["unchanged", "appended", "replayed", "rebuilt"]
MODES: tuple[Mode, ...] = ("unchanged", "appended", "replayed", "rebuilt")


@dataclass(frozen=True, slots=True)
class RatingsSync:
    """What one update or rebuild did (for several pools: the most it did to any, summed
    counts, and the earliest replay; ``game`` empty)."""

    club_id: int
    mode: Mode
    sessions_rated: int
    pool_sessions: int
    replayed_from: str = ""
    game: str = DEFAULT_GAME


def ratings_update(*, club_id: int, game: str | None = None) -> RatingsSync:
    """Bring the club's ratings of ``game`` (default: every game) up to date (append, replay
    or nothing); safe to run twice."""
    return _sync_games(club_id, game, rebuild=False)


def ratings_rebuild(*, club_id: int, game: str | None = None) -> RatingsSync:
    """Rate every complete session of the club (of ``game``, default every game) again from
    scratch."""
    return _sync_games(club_id, game, rebuild=True)


def club_games(club_id: int) -> list[str]:
    """The games the club has ratings of, or sessions to rate: Bonken first, then by code."""
    codes = set(RatingPool.objects.filter(club_id=club_id).values_list("game", flat=True))
    played = set(
        Event.objects.filter(club_id=club_id, published=True)
        .values_list("game", flat=True)
        .distinct()
    )
    codes.update(
        code
        for code in played - codes  # a game without a pool yet: any session?
        if rated_sessions().filter(event__club_id=club_id, event__game=code).exists()
    )
    return sorted(codes, key=lambda code: (code != DEFAULT_GAME, code))


def _sync_games(club_id: int, game: str | None, *, rebuild: bool) -> RatingsSync:
    if game is not None:
        return _sync(club_id, game, rebuild=rebuild)
    syncs = [_sync(club_id, code, rebuild=rebuild) for code in club_games(club_id)]
    if not syncs:
        return RatingsSync(club_id, "unchanged", 0, 0)
    if len(syncs) == 1:
        return syncs[0]
    replays = [sync.replayed_from for sync in syncs if sync.replayed_from]
    return RatingsSync(
        club_id,
        max((sync.mode for sync in syncs), key=MODES.index),
        sum(sync.sessions_rated for sync in syncs),
        sum(sync.pool_sessions for sync in syncs),
        min(replays, default=""),
        game="",
    )


def rating_pool_configure(
    *, club_id: int, config: Mapping[str, Any], game: str = DEFAULT_GAME
) -> RatingPool:
    """Set the pool's configuration overrides; the next update rebuilds the pool with them.

    Raises ``ValueError`` for an unknown field or a configuration ``RatingConfig`` refuses.
    """
    game_config(rating_scale(game), config)  # refuse before storing
    with transaction.atomic():
        _lock(club_id)
        pool, _ = RatingPool.objects.select_for_update().get_or_create(club_id=club_id, game=game)
        pool.config = dict(config)
        pool.save(update_fields=["config"])
    return pool


def rating_pool_configure_as(
    *, club_id: int, actor: Any, config: object, game: str = DEFAULT_GAME
) -> RatingPool:
    """An organizer of the club changes the rating configuration of one game's pool (the
    admin's form): checked as ``rating_pool_configure`` checks it, audited, and the ratings
    rebuilt with it."""
    require_role(actor, club_id, ORGANIZER, _("configure the ratings"))
    try:
        if not isinstance(config, dict):
            raise TypeError("the configuration is a JSON object")
        pool = rating_pool_configure(club_id=club_id, config=config, game=game)
    except (TypeError, ValueError) as error:
        raise ServiceError.single(
            "invalid_config",
            Text(
                _("This rating configuration is not valid: %(error)s."),
                error=error,
            ),
            field="config",
        ) from error
    audit(actor, "ratings.configure", pool, club_id=club_id, game=game, config=config)
    enqueue_ratings(club_id)
    return pool


def ratings_mark_dirty(*, club_id: int, from_date: date, game: str | None = None) -> None:
    """Note that the pool of ``game`` (default: every pool of the club) must be replayed from
    ``from_date`` on, whatever its sessions say.

    For changes the update cannot see in the sessions themselves; the next update (or the
    reconcile job, which looks for marked pools) does the replay.
    """
    codes = [game] if game is not None else (club_games(club_id) or [DEFAULT_GAME])
    with transaction.atomic():
        _lock(club_id)
        key = day_key(from_date)
        for code in codes:
            pool, _ = RatingPool.objects.select_for_update().get_or_create(
                club_id=club_id, game=code
            )
            if not pool.dirty_from or key < pool.dirty_from:
                pool.dirty_from = key
                pool.save(update_fields=["dirty_from"])


def _lock(club_id: int) -> None:
    advisory_lock(RATINGS_LOCK, club_id)


def _sync(club_id: int, game: str, *, rebuild: bool) -> RatingsSync:
    with transaction.atomic():
        _lock(club_id)
        if not Club.objects.filter(pk=club_id).exists():
            return RatingsSync(club_id, "unchanged", 0, 0, game=game)  # deleted meanwhile
        RatingPool.objects.get_or_create(club_id=club_id, game=game)
        pool = RatingPool.objects.select_for_update().get(club_id=club_id, game=game)
        config = pool_config(pool)
        if rebuild or pool.applied_config != dataclasses.asdict(config):
            return _rebuild(pool, config)
        current = complete_sessions(club_id, game)
        applied = applied_sessions(pool.pk)
        start = _first_difference(pool, current, applied)
        if start is None:
            _save_bookkeeping(pool, config, current.values())
            return RatingsSync(club_id, "unchanged", 0, len(current), game=game)
        last_applied = max((a.key for a in applied.values()), default="")
        if start > last_applied:
            return _append(pool, config, current, applied, start)
        return _replay(pool, config, current, applied, start)


def _first_difference(
    pool: RatingPool, current: Mapping[int, PoolSession], applied: Mapping[int, AppliedSession]
) -> str | None:
    """The earliest order key from which the applied history is wrong, or None."""
    starts = [pool.dirty_from] if pool.dirty_from else []
    revised: dict[int, PoolSession] = {}
    for sid, now in current.items():
        then = applied.get(sid)
        if then is None:
            starts.append(now.key)
        elif then.key != now.key:
            starts.append(min(then.key, now.key))
        elif then.revision != now.revision:
            revised[sid] = now
    starts.extend(then.key for sid, then in applied.items() if sid not in current)
    if revised:
        seats, rated = seats_of(revised), rated_seats_of(pool.pk, revised)
        unchanged = []
        for sid, now in revised.items():
            if seats.get(sid) == rated.get(sid):
                unchanged.append(sid)
            else:
                starts.append(now.key)
        for sid in unchanged:  # the same players and totals: only note the new revision
            RatedSession.objects.filter(pool_id=pool.pk, session_id=sid).update(
                revision=revised[sid].revision
            )
    return min(starts) if starts else None


def _rate(
    pool_id: int,
    first_position: int,
    state: RatingState,
    sessions: Iterable[tuple[PoolSession, ScoredSession]],
    config: RatingConfig,
) -> set[PlayerId]:
    """Rate ``sessions`` in order against ``state``, store them from ``first_position`` on;
    returns the players seen.

    The cyclic garbage collector is paused as in ``ranking.arithmetic.ratings.replay``: the loop
    allocates many small objects and no cycles.
    """
    seen: set[PlayerId] = set()
    collecting = gc.isenabled()
    gc.disable()
    try:
        with history_writer(pool_id, first_position) as sink:
            for session, result in sessions:
                sink.add(session, apply_session(state, result, config))
                seen.update(result.player_ids)
    finally:
        if collecting:
            gc.enable()
    return seen


def _rebuild(pool: RatingPool, config: RatingConfig) -> RatingsSync:
    RatingHistory.objects.filter(pool_id=pool.pk).delete()
    PlayerRating.objects.filter(pool_id=pool.pk).delete()
    sessions = session_results(pool.club_id, pool.game)
    state = RatingState()
    _rate(pool.pk, 1, state, sessions, config)
    ratings_insert(pool.pk, state.players.values())
    _save_bookkeeping(pool, config, (session for session, _ in sessions))
    return RatingsSync(pool.club_id, "rebuilt", len(sessions), len(sessions), game=pool.game)


def _append(
    pool: RatingPool,
    config: RatingConfig,
    current: Mapping[int, PoolSession],
    applied: Mapping[int, AppliedSession],
    start: str,
) -> RatingsSync:
    sessions = session_results(pool.club_id, pool.game, from_key=start)
    players = {p for _, result in sessions for p in result.player_ids}
    state = RatingState(players=dict(current_ratings(pool.pk, players)))
    if applied:
        last_position, last_key, last_sid = max(
            (a.position, a.key, sid) for sid, a in applied.items()
        )
        state.sessions_applied = last_position
        state.last_played_at = played_at(key_date(last_key))
        state.last_session_id = last_sid
    _rate(pool.pk, state.sessions_applied + 1, state, sessions, config)
    ratings_upsert(pool.pk, (state.players[p] for p in players))
    _save_bookkeeping(pool, config, current.values())
    return RatingsSync(pool.club_id, "appended", len(sessions), len(current), game=pool.game)


def _replay(
    pool: RatingPool,
    config: RatingConfig,
    current: Mapping[int, PoolSession],
    applied: Mapping[int, AppliedSession],
    start: str,
) -> RatingsSync:
    # Positions follow the keys the sessions were rated with, so everything rated at or
    # after ``start`` sits at ``position`` or later.
    position = min(a.position for a in applied.values() if a.key >= start)
    before = sessions_before(pool.pk, position)
    touched = set(before)
    state = state_before(pool.pk, position, before)
    RatingHistory.objects.filter(pool_id=pool.pk, position__gte=position).delete()
    sessions = session_results(pool.club_id, pool.game, from_key=start)
    touched |= _rate(pool.pk, position, state, sessions, config)
    rated = [state.players[p] for p in touched if p in state.players]
    ratings_upsert(pool.pk, rated)
    gone = touched.difference(state.players)  # every session of theirs was taken back
    if gone:
        PlayerRating.objects.filter(pool_id=pool.pk, player_id__in=gone).delete()
    _save_bookkeeping(pool, config, current.values())
    return RatingsSync(pool.club_id, "replayed", len(sessions), len(current), start, game=pool.game)


def _save_bookkeeping(
    pool: RatingPool, config: RatingConfig, sessions: Iterable[PoolSession]
) -> None:
    count = revisions = 0
    last: PoolSession | None = None
    for session in sessions:
        count += 1
        revisions += session.revision
        if last is None or session.key > last.key:
            last = session
    pool.applied_config = dataclasses.asdict(config)
    pool.sessions_applied = count
    pool.revisions_applied = revisions
    pool.last_order_key = last.key if last else ""
    pool.last_session_id = last.session_id if last else None
    pool.last_played_on = last.played_on if last else None
    pool.dirty_from = ""
    pool.updated_at = timezone.now()
    pool.save()
