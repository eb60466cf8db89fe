"""The bell of a Bonko round: the King's table (the round's top table, normally table 1) rings
it when a team there reaches the ruleset's bell score; every table's page shows it (polling
``bell_state``), and the tables finish the roll in progress and enter their final scores.

``ring_bell`` rings it: the King's table's scorer (its scoring link, a scorer of the club or of
the event) or an organizer, only while the round is being played, once (ringing again changes
nothing), with an audit entry. ``bell_undo`` takes a bell rung by mistake back: whoever may ring
it, within ``UNDO_SECONDS`` of the ring (and a moment for the tap to arrive), and only while
nothing happened since (the round still played, no table's result saved after the bell); under
the round's lock and its tables' (so a result being saved is seen), with an audit entry. After
the window the bell stands. The King's table's result is checked against the bell score by the
rules (``games.bonko.rules``: ``king`` and ``bell`` in the document, filled in by
``table_flags`` on every session write).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.audit import audit
from clubs.selectors import ORGANIZER, SCORERS, user_has_role
from core.errors import Conflict, NotAllowed, ServiceError, Text
from core.times import utc_z
from results.models import Session
from tournaments.game_plugins import game_plugin
from tournaments.models import Event, Round, Table
from tournaments.rounds.night_sets import round_in_set, rounds_per_set
from tournaments.rounds.tables import lock_round, lock_tables, refuse_finished
from tournaments.selectors import user_may_score

Actor = User | AnonymousUser | None

UNDO_SECONDS = 10  # a bell rung by mistake may be taken back this long
UNDO_GRACE_SECONDS = 2  # and the tap that takes it back this much longer to arrive


def kings_table(round_: Round) -> Table | None:
    """The round's King's table: table 1, or the lowest numbered table it has."""
    return Table.objects.filter(round_id=round_.pk).order_by("number").first()


def is_kings_table(table: Table) -> bool:
    top = (
        Table.objects.filter(round_id=table.round_id)
        .order_by("number")
        .values_list("pk", flat=True)
        .first()
    )
    return top == table.pk


def table_flags(table: Table) -> dict[str, bool]:
    """What a Bonko document of ``table`` says about the King's table and the bell: the King's
    table's round ends only at the bell score, so its result is always checked against it."""
    king = is_kings_table(table)
    rung = Round.objects.filter(pk=table.round_id, bell_rung_at__isnull=False).exists()
    return {"king": king, "bell": king or rung}


def night_document(table: Table, document: dict[str, Any]) -> dict[str, Any]:
    """A Bonko document of ``table`` as the service knows it: the King's table and the bell
    (``table_flags``), and the set and the round of the set (the target) that the table's round
    is. A document that names another set or round is refused, naming both."""
    event = table.round.event
    per_set = rounds_per_set(event) or 1
    set_number, target = round_in_set(table.round.number, per_set)
    for key, known in (("set", set_number), ("round", target)):
        given = document.get(key)
        if given is not None and given != known:
            raise ServiceError.single(
                f"{key}_mismatch",
                Text(
                    _(
                        "Round %(round)s of %(event)s is round %(target)s of set %(set)s; the "
                        "result "
                        "says %(key)s %(given)s."
                    ),
                    round=table.round.number,
                    event=event.name,
                    target=target,
                    set=set_number,
                    key=_("set") if key == "set" else _("round"),
                    given=repr(given),
                ),
                field=key,
            )
    return {**document, **table_flags(table), "set": set_number, "round": target}


def bell_state(round_: Round) -> dict[str, Any]:
    """What a table's page shows of the bell (also its small JSON answer)."""
    rung_at = round_.bell_rung_at
    return {
        "round": round_.pk,
        "rung": rung_at is not None,
        "at": utc_z(rung_at) if rung_at else None,
        "status": round_.status,
    }


def may_ring(actor: Actor, round_: Round, king: Table, table_token: str | None) -> bool:
    """The King's table's scorer (its link, a scorer of the club or of the event) or an
    organizer of the club."""
    from results.writers import table_token_matches  # the session write path, one layer up

    club_id = round_.event.club_id
    return (
        table_token_matches(king, table_token)
        or user_has_role(actor, club_id, ORGANIZER)
        or user_has_role(actor, club_id, SCORERS)
        or user_may_score(actor, round_.event)
    )


def _bell_round(
    actor: Actor, round_id: int, table_token: str | None, *, undoing: bool = False
) -> tuple[Round, Table]:
    """The round locked, with its King's table, after the checks ringing and undoing share:
    the event not finished, a game with a bell, tables, someone who may ring, the round being
    played."""
    locked = lock_round(round_id)
    event = locked.event
    refuse_finished(event.pk)
    if not game_plugin(event.game).has_bell:
        raise ServiceError.single(
            "no_bell",
            Text(
                _("Only a Bonko round has a bell; this event plays %(game)s."),
                game=event.game,
            ),
        )
    king = kings_table(locked)
    if king is None:
        raise ServiceError.single(
            "no_tables",
            Text(
                _("Round %(round)s has no tables yet, so no King's table."),
                round=locked.number,
            ),
        )
    if not may_ring(actor, locked, king, table_token):
        raise NotAllowed.single(
            "not_kings_table",
            Text(
                _(
                    "Only the scorer of the King's table (table %(table)s) or an organizer "
                    "rings the bell."
                ),
                table=king.number,
            ),
        )
    if locked.status != Round.Status.PLAYING:
        raise ServiceError.single(
            "round_not_playing",
            Text(
                _("Round %(round)s is not being played any more, so its bell stands.")
                if undoing
                else _("Round %(round)s is not being played, so its bell cannot ring."),
                round=locked.number,
            ),
        )
    return locked, king


def ring_bell(*, actor: Actor, round_: Round | int, table_token: str | None = None) -> Round:
    """Ring the bell of a Bonko round that is being played; ringing it again changes nothing."""
    round_id = round_ if isinstance(round_, int) else round_.pk
    with transaction.atomic():
        locked, king = _bell_round(actor, round_id, table_token)
        if locked.bell_rung_at is not None:
            return locked  # rung already: once is enough
        locked.bell_rung_at = timezone.now()
        locked.bell_rung_by = actor if actor is not None and actor.is_authenticated else None
        locked.save(update_fields=["bell_rung_at", "bell_rung_by"])
        audit(
            actor,
            "round.bell",
            locked,
            club_id=locked.event.club_id,
            label="" if locked.bell_rung_by else "table link",
            table=king.number,
        )
        return locked


def undo_left(round_: Round, now: datetime | None = None) -> int:
    """Whole seconds left to take the round's bell back (0: not rung, or it stands: the
    window passed, the round is no longer played, or a table saved a result since)."""
    rung_at = round_.bell_rung_at
    if rung_at is None or round_.status != Round.Status.PLAYING:
        return 0
    if round_.event.status == Event.Status.FINISHED:
        return 0
    passed = ((now or timezone.now()) - rung_at).total_seconds()
    left = max(0, min(UNDO_SECONDS, int(UNDO_SECONDS - passed + 0.999)))
    if left and _result_since(round_.pk, rung_at) is not None:
        return 0
    return left


def _result_since(round_id: int, since: datetime) -> int | None:
    """The number of the first table of the round that saved a result at or after ``since``."""
    found: int | None = (
        Session.objects.filter(table__round_id=round_id, updated_at__gte=since)
        .order_by("table__number")
        .values_list("table__number", flat=True)
        .first()
    )
    return found


def bell_undo(*, actor: Actor, round_: Round | int, table_token: str | None = None) -> Round:
    """Take back a bell rung by mistake: by whoever may ring it, within ``UNDO_SECONDS`` of the
    ring, while the round is played and no table saved a result since. After that the bell
    stands (a clear refusal says why)."""
    round_id = round_ if isinstance(round_, int) else round_.pk
    with transaction.atomic():
        locked, king = _bell_round(actor, round_id, table_token, undoing=True)
        # The tables after the round (the order every write that takes both takes them in): a
        # result being saved at one of them is waited for and then seen below.
        lock_tables(Table.objects.filter(round_id=round_id).values_list("pk", flat=True))
        rung_at = locked.bell_rung_at
        if rung_at is None:
            raise Conflict.single(
                "bell_not_rung",
                Text(
                    _("The bell of round %(round)s has not rung, so there is nothing to undo."),
                    round=locked.number,
                ),
            )
        passed = timezone.now() - rung_at
        if passed > timedelta(seconds=UNDO_SECONDS + UNDO_GRACE_SECONDS):
            raise Conflict.single(
                "bell_stands",
                Text(
                    _(
                        "The bell rang %(seconds)s seconds ago; it can be undone only in the "
                        "first %(window)s seconds, so it stands."
                    ),
                    seconds=int(passed.total_seconds()),
                    window=UNDO_SECONDS,
                ),
            )
        since = _result_since(round_id, rung_at)
        if since is not None:
            raise Conflict.single(
                "bell_result_since",
                Text(
                    _("Table %(table)s saved a result after the bell rang, so the bell stands."),
                    table=since,
                ),
            )
        locked.bell_rung_at = None
        locked.bell_rung_by = None
        locked.save(update_fields=["bell_rung_at", "bell_rung_by"])
        audit(
            actor,
            "round.bell_undo",
            locked,
            club_id=locked.event.club_id,
            label="" if actor is not None and actor.is_authenticated else "table link",
            table=king.number,
            rung_at=rung_at.isoformat(),
            seconds=round(passed.total_seconds(), 1),
        )
        return locked
