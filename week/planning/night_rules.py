"""The rules a club night's fields keep (``week.planning.services`` checks a plan and a change
with them): its game and ruleset, its rounds, its times and length, how far ahead, its place and
notes; a series' number of nights and the dates it skips."""

from __future__ import annotations

import datetime
from collections.abc import Collection
from typing import Any
from zoneinfo import ZoneInfo

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.errors import Conflict, Named, ServiceError, Text, problem
from core.names import normalized, typed_problems
from games.registry import find_game, games
from tournaments.house_rules.services import house_ruleset_exists
from week.planning.models import PlannedNight, Recurrence
from week.planning.naming import same_time_message

MAX_NIGHTS = 52
MAX_HOURS = 24
MAX_YEARS_AHEAD = 5
DEFAULT_HOURS = 4
MAX_ROUNDS = 50  # as an event plans (tournaments.events.services)
DEFAULT_ROUNDS = 3


def local_zone() -> ZoneInfo:
    return ZoneInfo(settings.TIME_ZONE)


def check_horizon(*moments: datetime.datetime | None) -> None:
    """A night is planned at most ``MAX_YEARS_AHEAD`` years ahead (a series included)."""
    limit = datetime.datetime.now(datetime.UTC) + datetime.timedelta(days=366 * MAX_YEARS_AHEAD)
    for moment in moments:
        if moment is not None and timezone.is_aware(moment) and moment > limit:
            raise ServiceError.single(
                "night_too_far",
                Text(_("Plan nights at most %(n)s years ahead."), n=MAX_YEARS_AHEAD),
                field="starts_at",
            )


def check_night(club_id: int, fields: dict[str, Any]) -> None:
    """Every problem with a night's fields at once; then the place in ``fields`` is made what
    the rule for names keeps (normalized)."""
    problems: list[dict[str, Any]] = []
    game = find_game(fields["game"])
    if game is None:
        problems.append(
            problem(
                "unknown_game",
                Text(
                    _("Unknown game '%(game)s'; known games: %(known)s."),
                    game=fields["game"],
                    known=", ".join(sorted(games())),
                ),
                field="game",
            )
        )
    ruleset = fields.get("ruleset")
    if (
        ruleset
        and game is not None
        and ruleset not in game.rulesets
        and not house_ruleset_exists(club_id, game.code, ruleset)
    ):
        problems.append(
            problem(
                "unknown_ruleset",
                Text(
                    _("Unknown ruleset '%(ruleset)s' for %(game)s; known: %(known)s."),
                    ruleset=ruleset,
                    game=Named(game),
                    known=", ".join(sorted(game.rulesets)),
                ),
                field="ruleset",
            )
        )
    rounds = fields.get("planned_rounds", DEFAULT_ROUNDS)
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
        problems.append(
            problem(
                "planned_rounds_range",
                Text(_("Plan 1 to %(n)s rounds."), n=MAX_ROUNDS),
                field="planned_rounds",
            )
        )
    starts, ends = fields["starts_at"], fields["ends_at"]
    if timezone.is_naive(starts) or timezone.is_naive(ends):
        problems.append(
            problem("naive_time", _("Give the time with its time zone."), field="starts_at")
        )
    elif not starts < ends <= starts + datetime.timedelta(hours=MAX_HOURS):
        problems.append(
            problem(
                "night_length", _("A night ends after it starts, within a day."), field="ends_at"
            )
        )
    problems += typed_problems(PlannedNight, "place", fields.get("place") or "")
    if len(fields.get("place", "")) > 200:
        problems.append(
            problem("place_too_long", _("The place is at most 200 characters."), field="place")
        )
    if len(fields.get("notes", "")) > 2000:
        problems.append(
            problem("notes_too_long", _("The notes are at most 2000 characters."), field="notes")
        )
    if problems:
        raise ServiceError(problems)
    fields["place"] = normalized(fields.get("place") or "")


def check_series(recurrence: str, count: int) -> int:
    """The number of nights a plan makes: 1 for a night once, ``count`` (1 to ``MAX_NIGHTS``)
    for a series of a known recurrence."""
    if recurrence not in Recurrence.values:
        raise ServiceError.single(
            "unknown_recurrence",
            Text(
                _("'%(value)s' is not a choice; choose once, weekly, fortnightly or monthly."),
                value=recurrence,
            ),
            field="recurrence",
        )
    count = 1 if recurrence == Recurrence.ONCE else count
    if not 1 <= count <= MAX_NIGHTS:
        raise ServiceError.single(
            "night_count", Text(_("Plan 1 to %(n)s nights at once."), n=MAX_NIGHTS), field="count"
        )
    return count


def check_skip(
    dates: list[datetime.date], recurrence: str, skip: Collection[datetime.date]
) -> set[datetime.date]:
    """The dates of the series to skip: each one of its dates, and at least one date left."""
    chosen = set(skip)
    if not chosen:
        return chosen
    if recurrence == Recurrence.ONCE:
        raise ServiceError.single("skip_once", _("Only a series skips dates."), field="skip")
    strangers = sorted(chosen - set(dates))
    if strangers:
        raise ServiceError(
            [
                problem(
                    "skip_not_in_series",
                    Text(
                        _("%(date)s is not a date of this series."),
                        date=day.strftime("%d-%m-%Y"),
                    ),
                    field="skip",
                )
                for day in strangers
            ]
        )
    if chosen >= set(dates):
        raise ServiceError.single(
            "every_date_skipped",
            _("Every date of the series is skipped: leave at least one night."),
            field="skip",
        )
    return chosen


def night_end(starts_at: datetime.datetime, ends_at: datetime.datetime | None) -> datetime.datetime:
    """When a night ends: as given, or ``DEFAULT_HOURS`` after it starts."""
    if ends_at is None and timezone.is_aware(starts_at):
        return starts_at + datetime.timedelta(hours=DEFAULT_HOURS)
    return ends_at or starts_at


def check_ahead(ends_at: datetime.datetime) -> None:
    """A night is planned ahead, not after it."""
    if ends_at < timezone.now():
        raise ServiceError.single(
            "night_in_past", _("A night is planned ahead, not after it."), field="starts_at"
        )


def check_same_time(
    club_id: int,
    starts: list[datetime.datetime],
    *,
    confirmed: bool,
    moving: int | None = None,
) -> None:
    """A night planned (or a night ``moving`` moved) to the very moment another night of the
    club starts (not cancelled) is planned only when the organizer confirms it
    (``confirmed``): each such night is named."""
    if confirmed or not starts:
        return
    others = PlannedNight.objects.filter(
        club_id=club_id, starts_at__in=starts, cancelled_at__isnull=True
    )
    if moving is not None:
        others = others.exclude(pk=moving)
    taken = others.select_related("event").order_by("starts_at", "pk")
    problems = [
        problem(
            "night_same_time",
            same_time_message(night, night.starts_at.astimezone(local_zone())),
            field="starts_at",
        )
        for night in taken
    ]
    if problems:
        raise Conflict(problems)
