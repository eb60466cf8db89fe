"""A planned night opened as its event (through tournaments' event_create: the night's game,
ruleset and planned rounds; named as a person names it, ``naming.night_name``) and the players
who said they are coming checked in at once (through entry_set_present). Opening a night days
early is allowed; the page asks first (``days_ahead``) and the audit entry says how early it
was."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.audit import audit
from clubs.models import Player
from clubs.selectors import (
    ORGANIZER,
    SCORERS,
    require_role,
)
from core.errors import ServiceError
from tournaments.events import services as events
from tournaments.models import Event, EventPlayer
from week.planning.models import (
    Answer,
    PlannedNight,
)
from week.planning.naming import night_name
from week.planning.night_rules import local_zone

Actor = User | AnonymousUser | None


def days_ahead(night: PlannedNight) -> int:
    """How many days before the night's (local) date today is: 0 on the night itself, 1 the
    day before, negative after it."""
    day = night.starts_at.astimezone(local_zone()).date()
    return (day - timezone.localdate(timezone=local_zone())).days


def night_open(*, night: PlannedNight, actor: Actor) -> Event:
    """Open the planned night as the club's event (a club night of its game, ruleset and
    planned rounds); its check-in lists those who said they are coming first. Opened once:
    the second call returns the same event."""
    require_role(actor, night.club_id, ORGANIZER, _("open a planned night"))
    with transaction.atomic():
        night = PlannedNight.objects.select_for_update().select_related("club").get(pk=night.pk)
        if night.event_id is not None and night.event is not None:
            return night.event
        if night.cancelled:
            raise ServiceError.single("night_cancelled", _("This night is cancelled."))
        day = night.starts_at.astimezone(local_zone()).date()
        event = events.event_create(
            club=night.club,
            actor=actor,
            name=night_name(club_id=night.club_id, game=night.game, day=day),
            date=day,
            game=night.game,
            ruleset=night.ruleset or None,
            planned_rounds=night.planned_rounds,
        )
        night.event = event
        night.save(update_fields=["event", "updated_at"])
        audit(
            actor,
            "night.open",
            night,
            club_id=night.club_id,
            event=event.pk,
            days_early=max(days_ahead(night), 0),
        )
    return event


def night_check_in_coming(*, event: Event, actor: Actor) -> list[EventPlayer]:
    """Check in everyone who said they are coming to the night the event was opened from (and
    is still a member), through the event's check-in. Returns the entries checked in now."""
    require_role(actor, event.club_id, SCORERS, _("check players in"))
    night = PlannedNight.objects.filter(event=event).first()
    if night is None:
        raise ServiceError.single("not_planned", _("This event was not planned ahead."))
    here = set(
        EventPlayer.objects.filter(event=event, present=True).values_list("player_id", flat=True)
    )
    players = (
        Player.objects.filter(
            rsvps__night=night,
            rsvps__answer=Answer.YES,
            memberships__club_id=event.club_id,
        )
        .exclude(pk__in=here)
        .distinct()
        .order_by("name", "pk")
    )
    with transaction.atomic():
        return [
            events.entry_set_present(event=event, actor=actor, player=player, present=True)
            for player in players
        ]
