"""Writes for events, rounds and their derived standings."""

import datetime
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from clubs.audit import audit
from clubs.models import Club, Membership, Player
from clubs.selectors import ORGANIZER, SCORERS, require_role
from clubs.services import player_register
from core.errors import Conflict, ServiceError, delete_unless_protected, problem
from core.locks import advisory_lock
from games.registry import DEFAULT_GAME, find_game, games
from tournaments.event_standings import STANDING_FIELDS, event_standing_lines
from tournaments.house_rules import house_ruleset_exists
from tournaments.models import (
    Event,
    EventPlayer,
    Standing,
    StandingsComputation,
)
from tournaments.rounds import GENERATED_METHODS
from tournaments.substitutes import event_recredit
from tournaments.tasks import enqueue_ratings

Actor = User | AnonymousUser | None
STANDINGS_LOCK = 0x5354  # namespace for the per-event advisory lock ("ST")


def standings_recompute(*, event_id: int, force: bool = False) -> int:
    """Recompute one event's standings from its complete sessions, its byes and its
    standings configuration (``tournaments.event_standings``).

    Idempotent: the event's rows end up as computed, whatever was stored before; only the rows
    that differ are written (a finished table moves a few players, not all 400 of a big
    tournament, so a busy evening rewrites little). One computation per event at a time:
    on PostgreSQL an advisory transaction lock (SQLite serialises writers anyway). The event
    row itself is not locked, so submissions never wait for a recompute; its results version
    is read before the results, so a write landing in between leaves the stored version behind
    the data and only causes one more run. Returns the results version the standings reflect.
    Skips the work when they already reflect the current results, unless ``force`` (a changed
    setting).
    """
    with transaction.atomic():
        advisory_lock(STANDINGS_LOCK, event_id)
        event = Event.objects.filter(pk=event_id).first()
        if event is None:
            return 0  # deleted in the meantime: nothing to compute
        done = StandingsComputation.objects.filter(event_id=event_id).first()
        if not force and done is not None and done.results_version == event.results_version:
            return done.results_version  # a burst of writes: an earlier run covered this one
        lines = event_standing_lines(event)  # the event's tie-break order, places and byes
        _standings_replace(event_id, lines)
        StandingsComputation.objects.update_or_create(
            event_id=event_id,
            defaults={"results_version": event.results_version, "computed_at": timezone.now()},
        )
        return event.results_version


def standings_recompute_as(*, event: Event, actor: Actor) -> int:
    """An organizer asks for the standings to be computed again now (the admin's action)."""
    require_role(actor, event.club_id, ORGANIZER, "compute the standings")
    version = standings_recompute(event_id=event.pk, force=True)
    audit(actor, "event.standings", event, club_id=event.club_id, results_version=version)
    return version


def _standings_replace(event_id: int, lines: list[dict[str, Any]]) -> None:
    """Make the stored standings of the event equal ``lines``, writing only what changed: the
    rows of players who left or whose line changed are deleted, the new lines inserted."""
    stored = {
        player_id: values
        for player_id, *values in Standing.objects.filter(event_id=event_id)
        .order_by()
        .values_list("player_id", *STANDING_FIELDS)
    }
    changed = [
        line for line in lines
        if stored.get(line["player_id"]) != [line[name] for name in STANDING_FIELDS]
    ]
    outdated = (stored.keys() - {line["player_id"] for line in lines}) | {
        line["player_id"] for line in changed if line["player_id"] in stored
    }
    if outdated:
        Standing.objects.filter(event_id=event_id, player_id__in=outdated).delete()
    if changed:
        Standing.objects.bulk_create(Standing(event_id=event_id, **line) for line in changed)


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
) -> Event:
    """A new club night or tournament of ``club``, as a draft that is not yet published. It
    plays ``game`` (a code of the registry) under ``ruleset`` (the game's default if none)."""
    require_role(actor, club.pk, ORGANIZER, "create an event")
    known = find_game(game)
    if not ruleset and known is not None:
        ruleset = known.default_ruleset
    _check_event_fields(game=game, club_id=club.pk, name=name, kind=kind, ruleset=ruleset,
                        planned_rounds=planned_rounds, seating_method=seating_method,
                        substitute_counts=substitute_counts)
    # The check refused an unknown game, so a ruleset was given or is the game's default.
    with transaction.atomic():
        event = Event.objects.create(
            club=club, name=name.strip(), date=date, kind=kind, game=game, ruleset=ruleset or "",
            planned_rounds=planned_rounds, seating_method=seating_method,
            substitute_counts=substitute_counts, status=Event.Status.DRAFT, published=False,
        )
        audit(actor, "event.create", event, club_id=club.pk, name=event.name)
    return event


EVENT_FIELDS = ("name", "kind", "date", "game", "ruleset", "planned_rounds", "seating_method",
                "substitute_counts")


def _check_event_fields(*, game: str, club_id: int, **fields: Any) -> None:
    """Every problem with the given event fields at once (the rules of create and update);
    ``game`` is the event's game (as it will be), which the ruleset must belong to: one of its
    built-in rulesets or a house ruleset of the club (``code@version``)."""
    problems = []
    name, kind, ruleset = fields.get("name"), fields.get("kind"), fields.get("ruleset")
    played = find_game(game)
    if played is None:
        known = ", ".join(sorted(games()))
        problems.append(("unknown_game", f"Unknown game '{game}'; known games: {known}.",
                         f"Onbekend spel '{game}'; bekende spellen: {known}.", "game"))
    if name is not None and not name.strip():
        problems.append(("name_required", "An event needs a name.",
                         "Een evenement heeft een naam nodig.", "name"))
    if kind is not None and kind not in Event.Kind.values:
        problems.append(("unknown_kind", f"Unknown kind of event '{kind}'.",
                         f"Onbekende soort evenement '{kind}'.", "kind"))
    if (ruleset is not None and played is not None and ruleset not in played.rulesets
            and not house_ruleset_exists(club_id, game, ruleset)):
        known = ", ".join(sorted(played.rulesets))
        problems.append(("unknown_ruleset",
                         f"Unknown ruleset '{ruleset}' for {played.name}; known: {known}.",
                         f"Onbekende spelregels '{ruleset}' voor {played.name_nl}; bekend: "
                         f"{known}.", "ruleset"))
    counts = fields.get("substitute_counts")
    if counts is not None and counts not in ("starter", "most_parts"):
        problems.append(("unknown_substitute_counts",
                         f"'{counts}' is not a choice; choose starter or most_parts.",
                         f"'{counts}' is geen keuze; kies starter of most_parts.",
                         "substitute_counts"))
    method = fields.get("seating_method")
    if method is not None and method not in GENERATED_METHODS:
        problems.append(("unknown_seating_method", f"Unknown seating method '{method}'.",
                         f"Onbekende indelingsmethode '{method}'.", "seating_method"))
    rounds = fields.get("planned_rounds")
    if rounds is not None and not 1 <= rounds <= 50:
        problems.append(("planned_rounds_range", "Plan 1 to 50 rounds.",
                         "Plan 1 tot 50 rondes.", "planned_rounds"))
    if problems:
        raise ServiceError([problem(c, m, nl, field=f) for c, m, nl, f in problems])


def event_update(*, event: Event, actor: Actor, **changes: Any) -> Event:
    """Change an event's name, kind, date, ruleset, planned rounds or seating method (its
    club's organizers). The ruleset stays once sessions were played under it; its status and
    visibility change only through their commands (start a round, close, publish)."""
    require_role(actor, event.club_id, ORGANIZER, "change an event")
    unknown = sorted(set(changes) - set(EVENT_FIELDS))
    if unknown:
        raise ServiceError([
            problem("command_only", f"'{name}' cannot be changed here.",
                    f"'{name}' kan hier niet worden gewijzigd.", field=name)
            for name in unknown
        ])
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if "game" in changes and "ruleset" not in changes and changes["game"] != event.game:
            played = find_game(changes["game"])  # another game: its default ruleset
            changes["ruleset"] = played.default_ruleset if played else event.ruleset
        _check_event_fields(game=changes.get("game", event.game), club_id=event.club_id,
                            **{name: value for name, value in changes.items() if name != "game"})
        changed = [name for name, value in changes.items() if value != getattr(event, name)]
        if {"game", "ruleset"} & set(changed) and event.sessions.exists():
            raise Conflict.single(
                "ruleset_in_use", "Sessions were already played under the current ruleset.",
                "Er zijn al partijen gespeeld volgens de huidige spelregels.", field="ruleset",
            )
        old_date = event.date
        for name in changed:
            setattr(event, name, changes[name].strip() if name == "name" else changes[name])
        if changed:
            event.save(update_fields=changed)
            audit(actor, "event.update", event, club_id=event.club_id, changed=sorted(changed))
        if event.date != old_date and event.sessions.exists():
            enqueue_ratings(event.club_id)  # ratings follow the play order, dates first
        if "substitute_counts" in changed:
            event_recredit(event)
    return event


def event_delete(*, event: Event, actor: Actor) -> None:
    """Delete an event without results (its club's organizers); results are evidence."""
    require_role(actor, event.club_id, ORGANIZER, "delete an event")
    with transaction.atomic():
        audit(actor, "event.delete", event, club_id=event.club_id, name=event.name)
        delete_unless_protected(event)


def entry_set_present(
    *, event: Event, actor: Actor, player: Player, present: bool, new: bool = False
) -> EventPlayer:
    """Register a club member for the event and check them in (or out). A player checked out
    is left out of the next seating; their earlier results stay. Only members are checked in;
    a player who left the club may still be checked out. ``new``: refuse a player already on
    the list (an entry added rather than a check-in)."""
    require_role(actor, event.club_id, SCORERS, "check players in")
    with transaction.atomic():
        _check_event_open(event)
        if present and not Membership.objects.filter(
            club_id=event.club_id, player=player
        ).exists():
            raise ServiceError.single(
                "not_a_member", f"{player.name} is not a member of this club.",
                f"{player.name} is geen lid van deze club.", field="player",
            )
        entry, created = EventPlayer.objects.get_or_create(
            event=event, player=player, defaults={"present": present}
        )
        if new and not created:  # an entry added as new (the API's create), not a check-in
            raise ServiceError.single(
                "already_entered", f"{player.name} is already on the event's list.",
                f"{player.name} staat al op de lijst van het evenement.", field="player",
            )
        if not created and entry.present != present:
            entry.present = present
            entry.save(update_fields=["present"])
        audit(actor, "entry.present" if present else "entry.absent", entry,
              club_id=event.club_id, player=player.pk)
    return entry


def entry_check_in_last_time(*, event: Event, actor: Actor) -> list[EventPlayer]:
    """Check in everyone who was here at the club's previous event (and is still a member):
    the usual start of a club night. Returns the entries checked in now."""
    require_role(actor, event.club_id, SCORERS, "check players in")
    previous = (
        Event.objects.filter(club_id=event.club_id, entries__present=True)
        .filter(Q(date__lt=event.date) | Q(date=event.date, pk__lt=event.pk))
        .order_by("-date", "-pk").first()
    )
    if previous is None:
        raise ServiceError.single(
            "no_previous_event", "The club has no earlier event with players checked in.",
            "De club heeft geen eerder evenement met aanwezige spelers.")
    here = set(EventPlayer.objects.filter(event=event, present=True)
               .values_list("player_id", flat=True))
    players = Player.objects.filter(
        entries__event=previous, entries__present=True, memberships__club_id=event.club_id,
    ).distinct().order_by("name", "pk")
    with transaction.atomic():
        return [entry_set_present(event=event, actor=actor, player=player, present=True)
                for player in players if player.pk not in here]


def entry_remove(*, entry: EventPlayer, actor: Actor) -> None:
    """Take a player off the event's list (their earlier results stay: they are evidence)."""
    require_role(actor, entry.event.club_id, SCORERS, "check players in")
    with transaction.atomic():
        _check_event_open(entry.event)
        audit(actor, "entry.remove", entry, club_id=entry.event.club_id, player=entry.player_id)
        entry.delete()


def event_walk_in(*, event: Event, actor: Actor, name: str) -> EventPlayer:
    """A player who walks in tonight: a new club member, registered and checked in at once."""
    require_role(actor, event.club_id, SCORERS, "register a walk-in")
    with transaction.atomic():
        _check_event_open(event)
        player = player_register(club=event.club, name=name, actor=actor)
        return EventPlayer.objects.create(event=event, player=player, present=True)


def event_publish(*, event: Event, actor: Actor, published: bool = True) -> Event:
    """Show the event's standings and sessions to everyone (or hide them again)."""
    require_role(actor, event.club_id, ORGANIZER, "publish an event")
    if event.published != published:
        with transaction.atomic():
            event.published = published
            event.save(update_fields=["published"])
            audit(actor, "event.publish" if published else "event.unpublish", event,
                  club_id=event.club_id)
            if event.sessions.filter(complete=True).exists():
                # Ratings count published events only: its sessions enter (or leave) them.
                enqueue_ratings(event.club_id)
    return event


def _check_event_open(event: Event) -> None:
    """Refuse to change the entries of a finished event. Inside a transaction the event row is
    locked as ``event_close`` locks it, so the event cannot finish in between."""
    status = Event.objects.select_for_update().values_list("status", flat=True).get(pk=event.pk)
    if status == Event.Status.FINISHED:
        raise ServiceError.single(
            "event_finished", "This event is finished.", "Dit evenement is afgelopen."
        )


def events_with_stale_standings() -> list[int]:
    """Events whose results version is newer than their last standings computation."""
    return list(
        Event.objects.filter(results_version__gt=0)
        .filter(
            Q(computation__isnull=True)
            | ~Q(computation__results_version=F("results_version"))
        )
        .order_by("id")
        .values_list("id", flat=True)
    )
