"""Writes for events and their entries (the standings are computed by ``standings``)."""

import datetime
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from clubs.audit import audit
from clubs.models import Club, Membership, Player
from clubs.selectors import ORGANIZER, SCORERS, require_role
from clubs.services import player_register
from core.errors import Conflict, ServiceError, Text, delete_unless_protected, problem
from core.names import normalized
from games.registry import DEFAULT_GAME, find_game
from tournaments import announce
from tournaments.events.fields import check_event_fields
from tournaments.models import Event, EventPlayer
from tournaments.models.counted import COMPLETE
from tournaments.rounds.substitutes import event_recredit
from tournaments.tasks import enqueue_evening, enqueue_ratings, enqueue_standings

Actor = User | AnonymousUser | None
# --- Events: create, check in, publish, close (the web interface's writes) -------------------


def event_create(
    *,
    club: Club,
    actor: Actor,
    name: str,
    date: datetime.date,
    kind: str = Event.Kind.CLUB_NIGHT,
    game: str = DEFAULT_GAME,
    ruleset: str | None = None,
    planned_rounds: int = 1,
    seating_method: str = "balanced",
    substitute_counts: str = "starter",
    standings_count: str = COMPLETE,
) -> Event:
    """A new club night or tournament of ``club``, as a draft that is not yet published. It
    plays ``game`` (a code of the registry) under ``ruleset`` (the game's default if none)."""
    require_role(actor, club.pk, ORGANIZER, _("create an event"))
    known = find_game(game)
    if not ruleset and known is not None:
        ruleset = known.default_ruleset
    check_event_fields(
        game=game,
        club_id=club.pk,
        name=name,
        kind=kind,
        ruleset=ruleset,
        planned_rounds=planned_rounds,
        seating_method=seating_method,
        substitute_counts=substitute_counts,
        standings_count=standings_count,
    )
    # The check refused an unknown game, so a ruleset was given or is the game's default.
    with transaction.atomic():
        event = Event.objects.create(
            club=club,
            name=normalized(name),
            date=date,
            kind=kind,
            game=game,
            ruleset=ruleset or "",
            planned_rounds=planned_rounds,
            seating_method=seating_method,
            substitute_counts=substitute_counts,
            standings_count=standings_count,
            status=Event.Status.DRAFT,
            published=False,
        )
        audit(actor, "event.create", event, club_id=club.pk, name=event.name)
    return event


EVENT_FIELDS = (
    "name",
    "kind",
    "date",
    "game",
    "ruleset",
    "planned_rounds",
    "seating_method",
    "substitute_counts",
    "standings_count",
)


def event_update(*, event: Event, actor: Actor, **changes: Any) -> Event:
    """Change an event's name, kind, date, ruleset, planned rounds or seating method (its
    club's organizers). The ruleset stays once sessions were played under it; its status and
    visibility change only through their commands (start a round, close, publish)."""
    require_role(actor, event.club_id, ORGANIZER, _("change an event"))
    unknown = sorted(set(changes) - set(EVENT_FIELDS))
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
        event = Event.objects.select_for_update().get(pk=event.pk)
        if "game" in changes and "ruleset" not in changes and changes["game"] != event.game:
            played = find_game(changes["game"])  # another game: its default ruleset
            changes["ruleset"] = played.default_ruleset if played else event.ruleset
        check_event_fields(
            game=changes.get("game", event.game),
            club_id=event.club_id,
            **{name: value for name, value in changes.items() if name != "game"},
        )
        if isinstance(changes.get("name"), str):
            changes["name"] = normalized(changes["name"])
        changed = [name for name, value in changes.items() if value != getattr(event, name)]
        if {"game", "ruleset"} & set(changed) and event.sessions.exists():
            raise Conflict.single(
                "ruleset_in_use",
                _("Sessions were already played under the current ruleset."),
                field="ruleset",
            )
        old_date = event.date
        previous = {name: getattr(event, name) for name in changed}
        for name in changed:
            setattr(event, name, changes[name])
        if changed:
            event.save(update_fields=changed)
            audit(actor, "event.update", event, club_id=event.club_id, changed=sorted(changed))
            announce.event_changed(event, previous)  # a published event's pages changed
        if event.date != old_date and event.sessions.exists():
            enqueue_ratings(event.club_id)  # ratings follow the play order, dates first
        if "substitute_counts" in changed:
            event_recredit(event)
        if "standings_count" in changed:  # other sessions count now: as when a result changes
            Event.objects.filter(pk=event.pk).update(results_version=F("results_version") + 1)
            enqueue_standings(event.pk)
            enqueue_ratings(event.club_id)
    return event


def event_delete(*, event: Event, actor: Actor) -> None:
    """Delete an event without results (its club's organizers); results are evidence."""
    require_role(actor, event.club_id, ORGANIZER, _("delete an event"))
    with transaction.atomic():
        event = Event.objects.select_for_update().filter(pk=event.pk).first() or event
        audit(actor, "event.delete", event, club_id=event.club_id, name=event.name)
        if event.published:  # its pages are gone: told after commit, not if the delete fails
            announce.event_withdrawn(event, announce.WITHDRAWN_DELETED)
        delete_unless_protected(event)


def entry_set_present(
    *, event: Event, actor: Actor, player: Player, present: bool, new: bool = False
) -> EventPlayer:
    """Register a club member for the event and check them in (or out). A player checked out
    is left out of the next seating; their earlier results stay. Only members are checked in;
    a player who left the club may still be checked out. ``new``: refuse a player already on
    the list (an entry added rather than a check-in)."""
    require_role(actor, event.club_id, SCORERS, _("check players in"))
    with transaction.atomic():
        _check_event_open(event)
        if present and not Membership.objects.filter(club_id=event.club_id, player=player).exists():
            raise ServiceError.single(
                "not_a_member",
                Text(
                    _("%(player)s is not a member of this club."),
                    player=player.name,
                ),
                field="player",
            )
        entry, created = EventPlayer.objects.get_or_create(
            event=event, player=player, defaults={"present": present}
        )
        if new and not created:  # an entry added as new (the API's create), not a check-in
            raise ServiceError.single(
                "already_entered",
                Text(
                    _("%(player)s is already on the event's list."),
                    player=player.name,
                ),
                field="player",
            )
        if not created and entry.present != present:
            entry.present = present
            entry.save(update_fields=["present"])
        audit(
            actor,
            "entry.present" if present else "entry.absent",
            entry,
            club_id=event.club_id,
            player=player.pk,
        )
    return entry


def entry_check_in_last_time(*, event: Event, actor: Actor) -> list[EventPlayer]:
    """Check in everyone who was here at the club's previous event (and is still a member):
    the usual start of a club night. Returns the entries checked in now."""
    require_role(actor, event.club_id, SCORERS, _("check players in"))
    with transaction.atomic():
        _check_event_open(event)
    previous = (
        Event.objects.filter(club_id=event.club_id, entries__present=True)
        .filter(Q(date__lt=event.date) | Q(date=event.date, pk__lt=event.pk))
        .order_by("-date", "-pk")
        .first()
    )
    if previous is None:
        raise ServiceError.single(
            "no_previous_event", _("The club has no earlier event with players checked in.")
        )
    here = set(
        EventPlayer.objects.filter(event=event, present=True).values_list("player_id", flat=True)
    )
    players = (
        Player.objects.filter(
            entries__event=previous,
            entries__present=True,
            memberships__club_id=event.club_id,
        )
        .distinct()
        .order_by("name", "pk")
    )
    with transaction.atomic():
        return [
            entry_set_present(event=event, actor=actor, player=player, present=True)
            for player in players
            if player.pk not in here
        ]


def entry_remove(*, entry: EventPlayer, actor: Actor) -> None:
    """Take a player off the event's list (their earlier results stay: they are evidence)."""
    require_role(actor, entry.event.club_id, SCORERS, _("check players in"))
    with transaction.atomic():
        _check_event_open(entry.event)
        audit(actor, "entry.remove", entry, club_id=entry.event.club_id, player=entry.player_id)
        entry.delete()


def event_walk_in(*, event: Event, actor: Actor, name: str) -> EventPlayer:
    """A player who walks in tonight: a new club member, registered and checked in at once."""
    require_role(actor, event.club_id, SCORERS, _("register a walk-in"))
    with transaction.atomic():
        _check_event_open(event)
        player = player_register(club=event.club, name=name, actor=actor)
        return EventPlayer.objects.create(event=event, player=player, present=True)


def event_publish(*, event: Event, actor: Actor, published: bool = True) -> Event:
    """Show the event's standings and sessions to everyone (or hide them again). The club's
    webhooks hear of it once, after commit: ``event.published``, or ``event.withdrawn`` when a
    published event is hidden again."""
    require_role(actor, event.club_id, ORGANIZER, _("publish an event"))
    with transaction.atomic():
        # Read under the event's lock: of two requests that both publish, one changes it.
        event.published = (
            Event.objects.select_for_update().values_list("published", flat=True).get(pk=event.pk)
        )
        if event.published == published:
            return event
        event.published = published
        event.save(update_fields=["published"])
        audit(
            actor,
            "event.publish" if published else "event.unpublish",
            event,
            club_id=event.club_id,
        )
        if event.sessions.filter(complete=True).exists():
            # Ratings count published events only: its sessions enter (or leave) them.
            enqueue_ratings(event.club_id)
        if published:
            announce.event_published(event)
        else:
            announce.event_withdrawn(event, announce.WITHDRAWN_UNPUBLISHED)
        if published and event.status == Event.Status.FINISHED:
            enqueue_evening(event.pk)  # a finished event shown now: its evenings go out
    return event


def _check_event_open(event: Event) -> None:
    """Refuse to change the entries of a finished event. Inside a transaction the event row is
    locked as ``event_close`` locks it, so the event cannot finish in between."""
    status = Event.objects.select_for_update().values_list("status", flat=True).get(pk=event.pk)
    if status == Event.Status.FINISHED:
        raise ServiceError.single("event_finished", _("This event is finished."))
