"""Writes on an event's rounds, tables and seats by hand (the API's plain CRUD and the admin).

Seating services (``tournaments.rounds.services``) make whole rounds; these functions add,
renumber or remove one round, table or seat, with the same rules at every door:

* organizers of the event's club only;
* a table's seats are what its session's per-seat results refer to: once the table has a
  session, or its round is closed, they stay as they are (a conflict);
* only members of the club sit at its tables, and a player sits once per round.

Locks: a write that changes seats locks the rows of the tables it touches (``lock_tables``,
ascending id) before it looks at them, as a session write locks its table before it reads the
seats. So a seat change and a table's first result are ordered: either the result sees the
new seats, or the seat change sees the result and is refused.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.db.models import QuerySet
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from clubs.audit import audit
from clubs.models import Membership, Player
from clubs.selectors import ORGANIZER, require_role
from core.errors import Conflict, ServiceError, Text, delete_unless_protected
from games.registry import find_game
from tournaments.models import Event, Round, Seat, Table

Actor = User | AnonymousUser | None


def seat_positions(event: Event) -> range:
    """The positions a table of the event's game may have (0..k-1 for its largest tables)."""
    game = find_game(event.game)
    return range(max(game.table_sizes) if game is not None else 4)


def lock_round(round_id: int) -> Round:
    """The round with its event, the round's row locked until the transaction ends (only the
    round's: its event row stays free for the session writes that update it)."""
    return Round.objects.select_for_update(of=("self",)).select_related("event").get(pk=round_id)


def lock_tables(table_ids: Iterable[int]) -> dict[int, Table]:
    """The tables, their rows locked until the transaction ends, in ascending id order (the
    order every seat-changing write takes them in, so two never wait on each other)."""
    ids = sorted(set(table_ids))
    tables = (
        Table.objects.select_for_update(of=("self",))
        .select_related("round")
        .filter(pk__in=ids)
        .order_by("pk")
    )
    return {table.pk: table for table in tables}


def refuse_finished(event_id: int) -> None:
    """Refuse a change to a finished event: it takes no new round, table, seat, timer or bell
    until an organizer reopens it (a result is still corrected by an organizer with a reason:
    ``results.services``). Called under the round's or the tables' lock, or the event's:
    ``event_close`` closes every round under the round's lock, so an event finishing meanwhile
    is seen."""
    if Event.objects.filter(pk=event_id, status=Event.Status.FINISHED).exists():
        raise event_finished()


def event_finished() -> ServiceError:
    return ServiceError.single("event_finished", _("This event is finished."))


def refuse_seat_change(table: Table) -> None:
    """Refuse to change the seats of a locked ``table`` that has results, whose round is
    closed or whose event is finished."""
    refuse_finished(table.round.event_id)
    if table.round.status == Round.Status.CLOSED:
        raise Conflict.single("round_closed", _("This round is closed."))
    if table_has_session(table.pk):
        raise table_has_results(table)


def table_has_session(table_id: int) -> bool:
    """Whether the table has a session (through the reverse relation: sessions are the layer
    above, which this one never imports)."""
    return Table.objects.filter(pk=table_id, session__isnull=False).exists()


def table_has_results(table: Table) -> Conflict:
    return Conflict.single(
        "table_has_results",
        Text(_("Table %(table)s already has results; it cannot be changed."), table=table.number),
    )


def _number(siblings: QuerySet, number: int | None, taken: Promise) -> int:
    """The number asked for (free, at least 1), or the next one after the last."""
    if number is None:
        last = siblings.order_by("-number").values_list("number", flat=True).first()
        return (last or 0) + 1
    if number < 1 or number > 10_000:
        raise ServiceError.single(
            "number_range",
            _("A number from 1 to 10000."),
            field="number",
        )
    if siblings.filter(number=number).exists():
        raise ServiceError.single("number_taken", Text(taken, number=number), field="number")
    return number


# --- Rounds ------------------------------------------------------------------------------------


@transaction.atomic
def round_create(*, event: Event, actor: Actor, number: int | None = None) -> Round:
    """A round seated by hand (tables and seats added one by one), being played at once."""
    require_role(actor, event.club_id, ORGANIZER, _("add a round"))
    event = Event.objects.select_for_update().get(pk=event.pk)
    refuse_finished(event.pk)
    number = _number(event.rounds.all(), number, _("Round %(number)s already exists."))
    round_ = Round.objects.create(event=event, number=number, status=Round.Status.PLAYING)
    audit(actor, "round.create", round_, club_id=event.club_id, number=number)
    return round_


@transaction.atomic
def round_renumber(*, round_: Round, actor: Actor, number: int) -> Round:
    require_role(actor, round_.event.club_id, ORGANIZER, _("change a round"))
    round_ = lock_round(round_.pk)
    refuse_finished(round_.event_id)
    if number != round_.number:
        others = round_.event.rounds.exclude(pk=round_.pk)
        round_.number = _number(others, number, _("Round %(number)s already exists."))
        round_.save(update_fields=["number"])
        audit(actor, "round.renumber", round_, club_id=round_.event.club_id, number=number)
    return round_


@transaction.atomic
def round_delete(*, round_: Round, actor: Actor) -> None:
    """Delete a round whose tables have no results (its seats and byes go with it)."""
    require_role(actor, round_.event.club_id, ORGANIZER, _("delete a round"))
    round_ = lock_round(round_.pk)
    refuse_finished(round_.event_id)
    audit(actor, "round.delete", round_, club_id=round_.event.club_id, number=round_.number)
    delete_unless_protected(round_)


# --- Tables ------------------------------------------------------------------------------------


@transaction.atomic
def table_create(*, round_: Round, actor: Actor, number: int | None = None) -> Table:
    require_role(actor, round_.event.club_id, ORGANIZER, _("add a table"))
    round_ = lock_round(round_.pk)
    refuse_finished(round_.event_id)
    if round_.status == Round.Status.CLOSED:
        raise Conflict.single("round_closed", _("This round is closed."))
    number = _number(round_.tables.all(), number, _("Table %(number)s already exists."))
    table = Table.objects.create(round=round_, number=number)
    audit(actor, "table.create", table, club_id=round_.event.club_id, number=number)
    return table


@transaction.atomic
def table_renumber(*, table: Table, actor: Actor, number: int) -> Table:
    require_role(actor, table.round.event.club_id, ORGANIZER, _("change a table"))
    table = lock_tables([table.pk])[table.pk]
    refuse_finished(table.round.event_id)
    if number != table.number:
        others = Table.objects.filter(round_id=table.round_id).exclude(pk=table.pk)
        table.number = _number(others, number, _("Table %(number)s already exists."))
        table.save(update_fields=["number"])
        audit(actor, "table.renumber", table, club_id=table.round.event.club_id, number=number)
    return table


@transaction.atomic
def table_delete(*, table: Table, actor: Actor) -> None:
    """Delete a table without results (its seats go with it)."""
    require_role(actor, table.round.event.club_id, ORGANIZER, _("delete a table"))
    table = lock_tables([table.pk])[table.pk]
    refuse_finished(table.round.event_id)
    audit(actor, "table.delete", table, club_id=table.round.event.club_id, number=table.number)
    delete_unless_protected(table)


# --- Seats -------------------------------------------------------------------------------------


def _check_seat(
    table: Table, position: int, player: Player, seat_id: int | None, *, newly_seated: bool
) -> None:
    """The seat's rules, every problem at once: a free position, once per round, and a member
    of the club for a player newly put on a seat (one who left the club since may still
    move)."""
    problems = []
    positions = seat_positions(table.round.event)
    if position not in positions:
        last = len(positions) - 1
        problems.append(
            ServiceError.single(
                "seat_range",
                Text(
                    _("Seat positions are numbered 0 to %(last)s in this game."),
                    last=last,
                ),
                field="position",
            )
        )
    others = Seat.objects.all() if seat_id is None else Seat.objects.exclude(pk=seat_id)
    if others.filter(table=table, position=position).exists():
        problems.append(
            ServiceError.single(
                "seat_taken",
                Text(
                    _("Seat %(position)s at table %(table)s is already taken."),
                    position=position,
                    table=table.number,
                ),
                field="position",
            )
        )
    if others.filter(round_id=table.round_id, player=player).exists():
        problems.append(
            ServiceError.single(
                "seated_twice",
                Text(
                    _("%(player)s already sits at a table in this round."),
                    player=player.name,
                ),
                field="player",
            )
        )
    club_id = table.round.event.club_id
    if newly_seated and not Membership.objects.filter(club_id=club_id, player=player).exists():
        problems.append(
            ServiceError.single(
                "not_a_member",
                Text(_("%(player)s is not a member of this club."), player=player.name),
                field="player",
            )
        )
    if problems:
        raise ServiceError([error for found in problems for error in found.errors])


@transaction.atomic
def seat_create(*, table: Table, actor: Actor, position: int, player: Player) -> Seat:
    """Put a player on a seat of a table."""
    require_role(actor, table.round.event.club_id, ORGANIZER, _("seat players"))
    table = lock_tables([table.pk])[table.pk]
    refuse_seat_change(table)
    _check_seat(table, position, player, None, newly_seated=True)
    seat = Seat.objects.create(
        table=table, round_id=table.round_id, player=player, position=position
    )
    audit(
        actor,
        "seat.create",
        seat,
        club_id=table.round.event.club_id,
        table=table.pk,
        position=position,
        player=player.pk,
    )
    return seat


@transaction.atomic
def seat_update(
    *, seat: Seat, actor: Actor, position: int | None = None, player: Player | None = None
) -> Seat:
    """Move a seat to another position at its table, or seat another player on it."""
    require_role(actor, seat.table.round.event.club_id, ORGANIZER, _("seat players"))
    table = lock_tables([seat.table_id])[seat.table_id]
    seat = Seat.objects.select_related("player").get(pk=seat.pk)
    position = seat.position if position is None else position
    player = seat.player if player is None else player
    if (position, player.pk) == (seat.position, seat.player_id):
        return seat
    refuse_seat_change(table)
    _check_seat(table, position, player, seat.pk, newly_seated=player.pk != seat.player_id)
    seat.position, seat.player = position, player
    seat.save(update_fields=["position", "player"])
    audit(
        actor,
        "seat.update",
        seat,
        club_id=table.round.event.club_id,
        table=table.pk,
        position=position,
        player=player.pk,
    )
    return seat


@transaction.atomic
def seat_delete(*, seat: Seat, actor: Actor) -> None:
    require_role(actor, seat.table.round.event.club_id, ORGANIZER, _("seat players"))
    table = lock_tables([seat.table_id])[seat.table_id]
    refuse_seat_change(table)
    audit(
        actor,
        "seat.delete",
        seat,
        club_id=table.round.event.club_id,
        table=table.pk,
        position=seat.position,
        player=seat.player_id,
    )
    seat.delete()
