"""The round's timer on the room's screen: the organizer (or a scorer of the club) starts it
with a number of minutes, pauses it and resets it; the screen counts down from what is stored.

The state is three fields on the round: ``timer_minutes`` (how long the round is meant to
last), ``timer_started_at`` (when the running timer last started; empty while paused or
reset) and ``timer_elapsed_seconds`` (what it ran before that). ``timer_state`` is what the
screen reads; ``round_timer`` is the one write, with its permission check, the round's lock
and an audit entry. A command that changes nothing (pausing a paused timer) writes nothing.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.audit import audit
from clubs.selectors import SCORERS, require_role
from core.errors import NotFound, ServiceError, Text
from core.parsing import whole_number
from tournaments.models import Round
from tournaments.rounds.tables import lock_round, refuse_finished

Actor = User | AnonymousUser | None
ACTIONS = ("start", "pause", "reset")
MAX_MINUTES = 600


def elapsed_seconds(round_: Round, now: datetime | None = None) -> int:
    """Seconds the timer has run so far, the running stretch included."""
    elapsed = round_.timer_elapsed_seconds
    if round_.timer_started_at is not None:
        now = now or timezone.now()
        elapsed += max(int((now - round_.timer_started_at).total_seconds()), 0)
    return elapsed


def timer_state(round_: Round, now: datetime | None = None) -> dict[str, Any]:
    """What the screen shows of the timer: running or not, the minutes, the seconds left
    (negative once the time is up) as of ``now``."""
    now = now or timezone.now()
    elapsed = elapsed_seconds(round_, now)
    total = round_.timer_minutes * 60
    return {
        "running": round_.timer_started_at is not None,
        "minutes": round_.timer_minutes,
        "elapsed": elapsed,
        "remaining": total - elapsed if total else None,
    }


def clock_text(remaining: int | None) -> str:
    """Seconds left as the screen shows them (``25:00``; ``0:00`` once the time is up)."""
    if remaining is None:
        return ""
    left = max(remaining, 0)
    return f"{left // 60}:{left % 60:02d}"


def _minutes(value: object) -> int | None:
    if value is None or value == "":
        return None
    number = whole_number(value, maximum=MAX_MINUTES)
    if not number:
        raise ServiceError.single(
            "bad_minutes",
            Text(
                _(
                    "The timer's minutes must be a whole number from 1 to %(highest)s; got "
                    "%(value)s."
                ),
                highest=MAX_MINUTES,
                value=repr(value),
            ),
            field="minutes",
        )
    return number


def round_timer(*, actor: Actor, round_: Round | int, action: str, minutes: object = None) -> Round:
    """Start (optionally with new minutes), pause or reset (optionally with new minutes) the
    round's timer."""
    if action not in ACTIONS:
        raise ServiceError.single(
            "bad_action",
            Text(
                _("The timer's action must be one of start, pause, reset; got %(action)s."),
                action=repr(action),
            ),
            field="action",
        )
    round_id = round_ if isinstance(round_, int) else round_.pk
    club_id = Round.objects.filter(pk=round_id).values_list("event__club_id", flat=True).first()
    if club_id is None:
        raise NotFound.single("not_found", _("No such round."))
    require_role(actor, club_id, SCORERS, _("run a round's timer"))
    wanted = _minutes(minutes)
    with transaction.atomic():
        locked = lock_round(round_id)
        refuse_finished(locked.event_id)
        before = (locked.timer_minutes, locked.timer_started_at, locked.timer_elapsed_seconds)
        now = timezone.now()
        if wanted is not None:
            locked.timer_minutes = wanted
        if action == "start":
            _start(locked, now)
        elif action == "pause" and locked.timer_started_at is not None:
            locked.timer_elapsed_seconds = elapsed_seconds(locked, now)
            locked.timer_started_at = None
        elif action == "reset":
            locked.timer_started_at, locked.timer_elapsed_seconds = None, 0
        after = (locked.timer_minutes, locked.timer_started_at, locked.timer_elapsed_seconds)
        if after == before:
            return locked
        locked.save(update_fields=["timer_minutes", "timer_started_at", "timer_elapsed_seconds"])
        audit(
            actor,
            "round.timer",
            locked,
            club_id=locked.event.club_id,
            command=action,
            minutes=locked.timer_minutes,
            elapsed=locked.timer_elapsed_seconds,
        )
        return locked


def _start(round_: Round, now: datetime) -> None:
    if round_.status != Round.Status.PLAYING:
        raise ServiceError.single(
            "round_not_playing",
            Text(
                _("Round %(round)s is not being played, so its timer cannot start."),
                round=round_.number,
            ),
        )
    if not round_.timer_minutes:
        raise ServiceError.single(
            "no_minutes",
            _("Say how many minutes the round lasts to start its timer."),
            field="minutes",
        )
    if round_.timer_started_at is None:
        round_.timer_started_at = now
