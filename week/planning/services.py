"""Writes of the club's calendar: plan nights (once or a series, some dates of a series
skipped), change or cancel one, answer "I'm coming / not / maybe", personal links and the club's
feed link, and opening a night as an event whose check-in starts from the answers.

Who may answer for a player: the player themselves (signed in: from their account or the club
page; without an account: with their personal link), or an organizer of the club.
"""

from __future__ import annotations

import datetime
import logging
import uuid
from collections.abc import Collection
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.audit import audit
from clubs.models import Club, Membership, Player
from clubs.selectors import (
    MEMBERS,
    ORGANIZER,
    player_for_user,
    require_role,
)
from core import club_events
from core.errors import NotFound, ServiceError, Text, problem
from core.times import utc_z
from week.planning import links
from week.planning.models import (
    Answer,
    PlannedNight,
    Recurrence,
    Rsvp,
    SkippedDate,
    Via,
)
from week.planning.night_rules import (
    DEFAULT_ROUNDS,
    check_ahead,
    check_horizon,
    check_night,
    check_same_time,
    check_series,
    check_skip,
    local_zone,
    night_end,
)
from week.planning.recurrence import occurrence_dates

logger = logging.getLogger(__name__)
Actor = User | AnonymousUser | None
NIGHT_FIELDS = ("starts_at", "ends_at", "game", "ruleset", "planned_rounds", "place", "notes")


def night_plan(
    *,
    club: Club,
    actor: Actor,
    starts_at: datetime.datetime,
    game: str,
    ends_at: datetime.datetime | None = None,
    ruleset: str = "",
    planned_rounds: int = DEFAULT_ROUNDS,
    place: str = "",
    notes: str = "",
    recurrence: str = Recurrence.ONCE,
    count: int = 1,
    skip: Collection[datetime.date] = (),
    confirm_same_time: bool = False,
) -> list[PlannedNight]:
    """Plan a club night (its club's organizers): once, or a series of ``count`` dates every
    week, fortnight or month at the same local time, of ``planned_rounds`` rounds under
    ``ruleset`` (the game's usual rules if empty). The dates of the series in ``skip`` get
    no night: the series keeps them as skipped dates. A night starting when another night of
    the club starts is refused, naming that night, unless ``confirm_same_time``. Returns the
    nights planned."""
    require_role(actor, club.pk, ORGANIZER, _("plan club nights"))
    count = check_series(recurrence, count)
    check_horizon(starts_at)
    fields: dict[str, Any] = {
        "starts_at": starts_at,
        "ends_at": night_end(starts_at, ends_at),
        "game": game,
        "ruleset": ruleset.strip(),
        "planned_rounds": planned_rounds,
        "place": place.strip(),
        "notes": notes.strip(),
    }
    check_night(club.pk, fields)
    check_ahead(fields["ends_at"])
    zone = local_zone()
    start_local, end_local = starts_at.astimezone(zone), fields["ends_at"].astimezone(zone)
    length_days = (end_local.date() - start_local.date()).days
    dates = occurrence_dates(start_local.date(), recurrence, count)
    skipped = check_skip(dates, recurrence, skip)
    series = uuid.uuid4() if recurrence != Recurrence.ONCE else None
    planned = []
    with transaction.atomic():
        # The club's row orders two plans of one club (no series is planned twice at once).
        Club.objects.select_for_update().filter(pk=club.pk).first()
        starts = [
            datetime.datetime.combine(day, start_local.time(), zone)
            for day in dates
            if day not in skipped
        ]
        check_same_time(club.pk, starts, confirmed=confirm_same_time)
        for day in dates:
            if day in skipped:
                assert series is not None  # a night planned once skips nothing (_check_skip)
                SkippedDate.objects.create(club=club, series=series, date=day)
                continue
            night = PlannedNight.objects.create(
                club=club,
                series=series,
                recurrence=recurrence,
                starts_at=datetime.datetime.combine(day, start_local.time(), zone),
                ends_at=datetime.datetime.combine(
                    day + datetime.timedelta(days=length_days), end_local.time(), zone
                ),
                game=game,
                ruleset=fields["ruleset"],
                planned_rounds=planned_rounds,
                place=fields["place"],
                notes=fields["notes"],
                created_by=actor if isinstance(actor, User) else None,
            )
            planned.append(night)
            _announce_planned(night)
        _audit_planned(actor, planned, skipped=skipped, same_time=confirm_same_time)
    return planned


def _audit_planned(
    actor: Actor, planned: list[PlannedNight], *, skipped: set[datetime.date], same_time: bool
) -> None:
    """The plan's audit entry: how many nights, how they repeat, the dates skipped and whether
    the organizer confirmed a night at the time another starts."""
    first = planned[0]
    audit(
        actor,
        "night.plan",
        first,
        club_id=first.club_id,
        nights=len(planned),
        recurrence=first.recurrence,
        series=str(first.series) if first.series else None,
        game=first.game,
        ruleset=first.ruleset,
        planned_rounds=first.planned_rounds,
        skipped=[day.isoformat() for day in sorted(skipped)],
        same_time=same_time,
    )


def _announce_planned(night: PlannedNight) -> None:
    """ "A night planned", told to the club's webhooks after commit (``core.club_events``)."""
    club_events.emit(club_events.NIGHT_PLANNED, club_id=night.club_id, payload=night_data(night))


def _announce_changed(night: PlannedNight, previous: dict[str, Any]) -> None:
    """ "A night changed": the night as it is now, which of its fields ``changed`` and what
    they were (``previous``), told to the club's webhooks after commit."""
    now = night_data(night)
    changed = [name for name in now if now[name] != previous[name]]
    before = {name: previous[name] for name in changed}
    payload = {**now, "changed": changed, "previous": before}
    club_events.emit(club_events.NIGHT_CHANGED, club_id=night.club_id, payload=payload)


def night_data(night: PlannedNight) -> dict[str, Any]:
    """A night as the API and the webhooks give it."""
    return {
        "id": night.pk,
        "club": night.club_id,
        "starts_at": utc_z(night.starts_at),
        "ends_at": utc_z(night.ends_at),
        "game": night.game,
        "ruleset": night.ruleset,
        "planned_rounds": night.planned_rounds,
        "place": night.place,
        "notes": night.notes,
        "recurrence": night.recurrence,
        "series": str(night.series) if night.series else None,
        "cancelled": night.cancelled,
        "event": night.event_id,
    }


def night_update(
    *, night: PlannedNight, actor: Actor, confirm_same_time: bool = False, **changes: Any
) -> PlannedNight:
    """Change one night (its club's organizers): its times, game, ruleset, planned rounds,
    place or notes. A night moved to the time another night of the club starts is refused,
    naming that night, unless ``confirm_same_time`` (the rule of ``night_plan``)."""
    require_role(actor, night.club_id, ORGANIZER, _("change a planned night"))
    unknown = sorted(set(changes) - set(NIGHT_FIELDS))
    if unknown:
        raise ServiceError(
            [
                problem(
                    "command_only",
                    Text(_("'%(name)s' cannot be changed here."), name=name),
                    field=name,
                )
                for name in unknown
            ]
        )
    with transaction.atomic():
        if "starts_at" in changes:
            # The club's row orders a move with a plan of the club (as in night_plan).
            Club.objects.select_for_update().filter(pk=night.club_id).first()
        night = PlannedNight.objects.select_for_update().get(pk=night.pk)
        check_horizon(changes.get("starts_at"), changes.get("ends_at"))
        if "starts_at" in changes and "ends_at" not in changes:
            changes["ends_at"] = changes["starts_at"] + (night.ends_at - night.starts_at)
        fields = {name: getattr(night, name) for name in NIGHT_FIELDS}
        fields.update(
            {
                name: value.strip() if isinstance(value, str) else value
                for name, value in changes.items()
            }
        )
        check_night(night.club_id, fields)
        changed = [name for name in NIGHT_FIELDS if fields[name] != getattr(night, name)]
        if "starts_at" in changed:
            check_same_time(
                night.club_id, [fields["starts_at"]], confirmed=confirm_same_time, moving=night.pk
            )
        if changed:
            previous = night_data(night)
            for name in changed:
                setattr(night, name, fields[name])
            night.sequence += 1
            night.save(update_fields=[*changed, "sequence", "updated_at"])
            same_time = confirm_same_time and "starts_at" in changed
            audit(
                actor,
                "night.update",
                night,
                club_id=night.club_id,
                changed=changed,
                same_time=same_time,
            )
            _announce_changed(night, previous)
    return night


def night_cancel(*, night: PlannedNight, actor: Actor, cancelled: bool = True) -> PlannedNight:
    """Cancel one night (of a series or not), or take the cancellation back."""
    require_role(actor, night.club_id, ORGANIZER, _("cancel a planned night"))
    with transaction.atomic():
        night = PlannedNight.objects.select_for_update().get(pk=night.pk)
        if night.cancelled != cancelled:
            if cancelled and night.event_id is not None:
                raise ServiceError.single(
                    "night_opened",
                    _("This night is already open as an event; close or delete the event."),
                )
            previous = night_data(night)
            night.cancelled_at = timezone.now() if cancelled else None
            night.sequence += 1
            night.save(update_fields=["cancelled_at", "sequence", "updated_at"])
            if cancelled:
                club_events.emit(
                    club_events.NIGHT_CANCELLED, club_id=night.club_id, payload=night_data(night)
                )
            else:
                _announce_changed(night, previous)  # on the calendar again
            audit(
                actor,
                "night.cancel" if cancelled else "night.uncancel",
                night,
                club_id=night.club_id,
            )
    return night


def rsvp_answer(
    *,
    night: PlannedNight,
    player: Player,
    answer: str,
    actor: Actor,
    via: str = Via.ACCOUNT,
    token: str = "",
) -> Rsvp:
    """A player's answer to a night: by the player (``via`` account or club page, signed in;
    or with their personal link ``token``) or by an organizer of the club for any member."""
    if token:
        link = links.link_for_token(token)
        if link.club_id != night.club_id or link.player_id != player.pk:
            raise NotFound.single("night_not_found", _("No such night at this club."))
        via = Via.LINK
    else:
        own = player_for_user(actor)
        if own is not None and own.pk == player.pk and via in (Via.ACCOUNT, Via.CLUB):
            require_role(actor, night.club_id, MEMBERS, _("answer for a club night"))
        else:
            require_role(actor, night.club_id, ORGANIZER, _("answer for another player"))
            via = Via.ORGANIZER
    if answer not in Answer.values:
        raise ServiceError.single(
            "unknown_answer",
            Text(_("'%(value)s' is not a choice; choose yes, no or maybe."), value=answer),
            field="answer",
        )
    with transaction.atomic():
        night = PlannedNight.objects.select_for_update().get(pk=night.pk)
        if not Membership.objects.filter(club_id=night.club_id, player=player).exists():
            raise ServiceError.single(
                "not_a_member",
                Text(_("%(player)s is not a member of this club."), player=player.name),
                field="player",
            )
        if night.cancelled:
            raise ServiceError.single("night_cancelled", _("This night is cancelled."))
        if night.ends_at < timezone.now():
            raise ServiceError.single("night_over", _("This night is over."))
        rsvp, _created = Rsvp.objects.update_or_create(
            night=night,
            player=player,
            defaults={"answer": answer, "via": via, "answered_at": timezone.now()},
        )
        audit(
            actor,
            "rsvp.answer",
            rsvp,
            club_id=night.club_id,
            label="link",
            player=player.pk,
            answer=answer,
            via=via,
        )
    return rsvp
