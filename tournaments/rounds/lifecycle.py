"""Closing and reopening rounds and events, and what an unfinished table counts as.

A round may close while a table has not finished its session. The organizer then says, per
unfinished table, what it counts as (``Table.unfinished``):

* ``partial``: the session counts as played so far (its totals, its places by those totals);
* ``not_played``: it does not count at all;
* ``paper``: the organizer enters the totals from the table's paper sheet; until then it
  does not count.

Standings, progressive seating and ratings all ask ``results.counted`` which sessions count,
so they treat an unfinished table the same way. ("Wait" is no choice here: a table that is
still playing keeps its round open.)

A closed round or a finished event can be reopened by an organizer, with the reason in the
audit log; an organizer can also correct a closed round's result with a reason, as a new
revision (``results.services``), without reopening it.
"""

from collections.abc import Mapping

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext_lazy as _

from clubs.audit import audit
from clubs.selectors import ORGANIZER, require_role
from core.errors import ServiceError, Text, problem
from tournaments.models import Event, Round, Table
from tournaments.models.counted import PARTIAL, UNFINISHED_CHOICES
from tournaments.rounds.tables import lock_round, lock_tables
from tournaments.tasks import enqueue_evening, enqueue_ratings, enqueue_standings

Actor = User | AnonymousUser | None

CHOICES = UNFINISHED_CHOICES


def unfinished_tables(round_: Round) -> list[Table]:
    """The round's tables without a complete session, in table order."""
    return list(
        round_.tables.exclude(session__complete=True)
        .prefetch_related("seats__player")
        .order_by("number")
    )


def table_names(table: Table) -> str:
    return ", ".join(seat.player.name for seat in table.seats.all())


@transaction.atomic
def round_close(
    *, round_: Round, actor: Actor, unfinished: Mapping[int, str] | None = None
) -> Round:
    """Close a round. Every table without a complete session needs a choice in
    ``unfinished`` (table number → ``partial`` / ``not_played`` / ``paper``); without one the
    round stays open and the error lists those tables."""
    require_role(actor, round_.event.club_id, ORGANIZER, _("close a round"))
    round_ = _lock_round_and_tables(round_.pk)
    if round_.status == Round.Status.PLANNED:
        raise ServiceError.single(
            "not_started", _("This round has not started yet; start it or seat it again.")
        )
    if round_.status == Round.Status.CLOSED:
        return round_
    choices = _choices(round_, unfinished or {})
    for table in round_.tables.all():
        choice = choices.get(table.number, "")
        if table.unfinished != choice:
            table.unfinished = choice
            table.save(update_fields=["unfinished"])
    round_.status = Round.Status.CLOSED
    round_.save(update_fields=["status"])
    audit(
        actor,
        "round.close",
        round_,
        club_id=round_.event.club_id,
        unfinished={str(number): choice for number, choice in sorted(choices.items())},
    )
    if any(choice == PARTIAL for choice in choices.values()):
        _results_changed(round_.event)
    return round_


def _lock_round_and_tables(round_id: int) -> Round:
    """The round, then every table of it, locked until the transaction ends (the order every
    write that takes both takes them in). A session write holds its table's lock while it
    writes and reads the round again once it has it: so a close waits for a write already
    under way and then sees what it saved (which tables finished), and a write that comes
    later waits for the close and is refused by it."""
    round_ = lock_round(round_id)
    lock_tables(Table.objects.filter(round_id=round_id).values_list("pk", flat=True))
    return round_


def _choices(round_: Round, given: Mapping[int, str]) -> dict[int, str]:
    """The choice for every unfinished table, or an error naming each table without one."""
    tables = unfinished_tables(round_)
    numbers = {table.number for table in round_.tables.all()}
    errors = [
        problem(
            "unknown_table",
            Text(_("Round %(round)s has no table %(number)s."), round=round_.number, number=number),
            field=f"unfinished.{number}",
        )
        for number in sorted(given)
        if number not in numbers
    ]
    errors += [
        problem(
            "unknown_choice",
            Text(
                _(
                    "Table %(number)s: '%(choice)s' is not a choice; choose partial, not_played "
                    "or paper."
                ),
                number=number,
                choice=choice,
            ),
            field=f"unfinished.{number}",
        )
        for number, choice in sorted(given.items())
        if choice not in CHOICES
    ]
    chosen: dict[int, str] = {}
    for table in tables:
        choice = given.get(table.number)
        if choice is None:
            names = table_names(table)
            errors.append(
                problem(
                    "unfinished_table",
                    Text(
                        _(
                            "Table %(table)s (%(names)s) has not finished: say whether it counts "
                            "as "
                            "played so far, as not played, or by the totals of its paper sheet, "
                            "or wait "
                            "until it finishes."
                        ),
                        table=table.number,
                        names=names,
                    ),
                    field=f"unfinished.{table.number}",
                )
            )
        elif choice in CHOICES:
            chosen[table.number] = choice
    if errors:
        raise ServiceError(errors)
    return chosen


def _reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise ServiceError.single(
            "reason_required", _("Say why (the reason is kept in the log)."), field="reason"
        )
    return reason[:500]


@transaction.atomic
def round_reopen(*, round_: Round, actor: Actor, reason: str) -> Round:
    """A closed round plays again: its tables take results from their links once more, and
    what its unfinished tables counted as is undone (they are unfinished again)."""
    require_role(actor, round_.event.club_id, ORGANIZER, _("reopen a round"))
    reason = _reason(reason)
    round_ = _lock_round_and_tables(round_.pk)
    if round_.status != Round.Status.CLOSED:
        raise ServiceError.single("not_closed", _("This round is not closed."))
    status = (
        Event.objects.select_for_update().values_list("status", flat=True).get(pk=round_.event_id)
    )
    if status == Event.Status.FINISHED:
        raise ServiceError.single(
            "event_finished", _("The event is finished: reopen the event first, then the round.")
        )
    counted = round_.tables.filter(unfinished=PARTIAL).exists()
    round_.tables.exclude(unfinished="").update(unfinished="")
    round_.status = Round.Status.PLAYING
    round_.save(update_fields=["status"])
    audit(actor, "round.reopen", round_, club_id=round_.event.club_id, reason=reason)
    if counted:
        _results_changed(round_.event)
    return round_


def event_close(
    *, event: Event, actor: Actor, unfinished: Mapping[int, Mapping[int, str]] | None = None
) -> Event:
    """The evening is over: every round still open closes (its unfinished tables need a
    choice, per round number and table number, as ``round_close`` asks) and the event is
    finished. Results can still be corrected by an organizer with a reason."""
    require_role(actor, event.club_id, ORGANIZER, _("close an event"))
    given = unfinished or {}
    with transaction.atomic():
        # The rounds being played and their tables first, then the event: a session write
        # holds its table and then moves the event's results on, so the event's lock taken
        # first would have the two wait on each other.
        playing = event.rounds.filter(status=Round.Status.PLAYING).order_by("number")
        for round_id in playing.values_list("pk", flat=True):
            _lock_round_and_tables(round_id)
        event = Event.objects.select_for_update().get(pk=event.pk)
        errors = []
        for round_ in event.rounds.exclude(status=Round.Status.CLOSED).order_by("number"):
            if round_.status == Round.Status.PLANNED:
                round_.status = Round.Status.CLOSED  # a preview nobody played
                round_.save(update_fields=["status"])
                continue
            try:
                round_close(round_=round_, actor=actor, unfinished=given.get(round_.number))
            except ServiceError as exc:
                errors += [
                    {**e, "field": f"rounds.{round_.number}.{e.get('field') or ''}"}
                    for e in exc.errors
                ]
        if errors:
            raise ServiceError(errors)
        if event.status != Event.Status.FINISHED:
            event.status = Event.Status.FINISHED
            event.save(update_fields=["status"])
            audit(actor, "event.close", event, club_id=event.club_id)
            enqueue_evening(event.pk)  # the players' evenings by e-mail, after commit
    return event


@transaction.atomic
def event_reopen(*, event: Event, actor: Actor, reason: str) -> Event:
    """A finished event runs again (its rounds stay closed until reopened one by one)."""
    require_role(actor, event.club_id, ORGANIZER, _("reopen an event"))
    reason = _reason(reason)
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.status != Event.Status.FINISHED:
        raise ServiceError.single("not_finished", _("This event is not finished."))
    event.status = Event.Status.RUNNING
    event.save(update_fields=["status"])
    audit(actor, "event.reopen", event, club_id=event.club_id, reason=reason)
    return event


def _results_changed(event: Event) -> None:
    """What counts changed: standings and ratings follow."""
    Event.objects.filter(pk=event.pk).update(results_version=F("results_version") + 1)
    enqueue_standings(event.pk)  # both queue once the transaction commits
    enqueue_ratings(event.club_id)
