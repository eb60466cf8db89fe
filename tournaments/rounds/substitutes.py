"""Substitutes: a player who leaves mid-session is replaced at the table by another.

The substitute plays the seat from a given part on (a Bonken game, a Jonkler round, a Bonanza
hand); the session document does not change, so the game's rotation checks work as before.
Whose result the seat's session is follows the event's ``substitute_counts``:

* ``starter``: the player who started the session (the substitute stands in);
* ``most_parts``: whoever played more of its parts (the starter on a tie).

That player holds the seat's per-seat result row, which standings and ratings read, so both
count a substituted seat the same way. ``credited_players`` is the one rule; the session
write and ``table_substitute`` (and a change of the event's setting) apply it.
"""

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext_lazy as _

from clubs.audit import audit
from clubs.models import Membership, Player
from clubs.selectors import SCORERS, require_role
from core.errors import Conflict, ServiceError, Text
from tournaments import provided
from tournaments.models import Event, Round, Seat, Substitution, Table
from tournaments.rounds.tables import lock_tables, refuse_finished
from tournaments.tasks import enqueue_ratings, enqueue_standings

Actor = User | AnonymousUser | None


def credited_players(
    table_id: int, seated: dict[int, int], parts_played: int, counts: str
) -> dict[int, int]:
    """Per seat position, the player whose result the seat's session is (``seated``: the
    players seated, by position; ``parts_played``: how many parts the session has)."""
    credited = dict(seated)
    if counts != "most_parts":
        return credited
    for position, player_id, from_part in Substitution.objects.filter(
        table_id=table_id
    ).values_list("position", "player_id", "from_part"):
        starter_parts = min(from_part - 1, parts_played)
        if parts_played - starter_parts > starter_parts and position in credited:
            credited[position] = player_id
    return credited


def table_substitute(
    *, table: Table, actor: Actor, position: int, player: Player, from_part: int, reason: str = ""
) -> Substitution:
    """``player`` takes over seat ``position`` (counted from 0) of ``table`` from part
    ``from_part`` on. The club's scorers and organizers, while the round is played."""
    event = table.round.event
    require_role(actor, event.club_id, SCORERS, _("seat a substitute"))
    with transaction.atomic():
        table = lock_tables([table.pk])[table.pk]
        refuse_finished(table.round.event_id)
        if table.round.status != Round.Status.PLAYING:
            raise ServiceError.single(
                "round_not_playing", _("A substitute joins a table while its round is played.")
            )
        seat = Seat.objects.filter(table=table, position=position).select_related("player")
        starter = seat.first()
        if starter is None:
            raise ServiceError.single(
                "no_such_seat",
                Text(
                    _("Table %(table)s has no seat %(seat)s."),
                    table=table.number,
                    seat=position + 1,
                ),
                field="position",
            )
        _check_player(table, player, event)
        parts = _parts_played(table)
        if not 1 <= from_part <= parts + 1:
            raise ServiceError.single(
                "bad_from_part",
                Text(
                    _("The substitute starts at part 1 to %(last)s (the session has %(parts)s)."),
                    last=parts + 1,
                    parts=parts,
                ),
                field="from_part",
            )
        if Substitution.objects.filter(table=table, position=position).exists():
            raise Conflict.single(
                "seat_substituted",
                Text(
                    _("%(player)s's seat already has a substitute."),
                    player=starter.player.name,
                ),
                field="position",
            )
        substitution = Substitution.objects.create(
            table=table,
            position=position,
            player=player,
            from_part=from_part,
            reason=reason.strip()[:200],
            created_by=actor if isinstance(actor, User) else None,
        )
        audit(
            actor,
            "table.substitute",
            table,
            club_id=event.club_id,
            position=position,
            left=starter.player.name,
            substitute=player.name,
            from_part=from_part,
        )
        recredit(table.pk, event)
    return substitution


def _check_player(table: Table, player: Player, event: Event) -> None:
    if not Membership.objects.filter(club_id=event.club_id, player=player).exists():
        raise ServiceError.single(
            "not_a_member",
            Text(_("%(player)s is not a member of this club."), player=player.name),
            field="player",
        )
    busy = (
        Seat.objects.filter(round=table.round, player=player).exists()
        or Substitution.objects.filter(table__round=table.round, player=player).exists()
    )
    if busy:
        raise Conflict.single(
            "already_playing",
            Text(_("%(player)s already plays in this round."), player=player.name),
            field="player",
        )
    # A player who sits the round out (a bye) may stand in.


def _parts_played(table: Table) -> int:
    return Table.objects.filter(pk=table.pk, session__parts__isnull=False).count()


def recredit(table_id: int, event: Event) -> None:
    """Bring the table's per-seat result rows in line with ``credited_players``; when a row
    changes hands, standings and ratings follow."""
    table = Table.objects.get(pk=table_id)
    session = getattr(table, "session", None)
    if session is None:
        return
    seated = dict(Seat.objects.filter(table=table).values_list("position", "player_id"))
    credited = credited_players(table.pk, seated, _parts_played(table), event.substitute_counts)
    changed = False
    for row in session.seat_results.all():
        wanted = credited.get(row.position, row.player_id)
        if row.player_id != wanted:
            row.player_id = wanted
            row.save(update_fields=["player"])
            changed = True
    if changed:
        Event.objects.filter(pk=event.pk).update(results_version=F("results_version") + 1)
        enqueue_standings(event.pk)
        provided.ratings_replay_from(club_id=event.club_id, from_date=event.date, game=event.game)
        enqueue_ratings(event.club_id)


def event_recredit(event: Event) -> None:
    """After the event's ``substitute_counts`` changed: every substituted table again."""
    for table_id in (
        Substitution.objects.filter(table__round__event=event)
        .values_list("table_id", flat=True)
        .distinct()
    ):
        recredit(table_id, event)
