"""Table sign-off: the players at a table confirm its complete session, one write each.

A player signs with their personal code on the scorer's phone (``sign_with_code``: whoever
may write the table's session holds the phone), from their own signed-in phone
(``sign_as_player``), or an organizer signs for them with a reason (``sign_for_player``). A
player may instead dispute the result with a short reason (``dispute_raise``), which flags the
table for the organizer until they resolve it (``dispute_resolve``).

Every write takes the table's lock, the one the session write takes (``results.store.table_lock``),
so a signature and a change of the session are ordered, never interleaved: a signature names
the revision it confirms and is refused (409) once the session has moved on, and a write of
the session deletes the signatures in its own transaction (``results.services``). A session is
signed (``Session.signed_at``) when every player seated at the table has signed its current
revision and no dispute is open. In an event whose standings count signed sessions only
(``Event.standings_count``), a session becoming signed or unsigned moves the results on like a
result does: the standings and ratings are recomputed after commit.

Once the table's round is closed (and so once its event is finished), the players' sign-off is
over: nobody signs with a code, as themselves or disputes any more, and a table's link refuses
before it checks a code (it cannot be asked whether a code is right). Only an organizer of the
club signs for a player (with a reason) or resolves a dispute (saying how it was settled), both
in the audit log, as they correct a closed round's result (``results.services``).
"""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.access.codes import player_code_check
from clubs.audit import audit
from clubs.models import Player
from clubs.selectors import MEMBERS, ORGANIZER, require_role, user_has_role
from core.errors import Conflict, NotAllowed, NotFound, ServiceError, Text
from results import store
from results.models import Dispute, Session, Signature
from results.services import results_changed
from results.signoff.steps import (
    TableRef,
    clean_reason,
    own_player,
    require_open,
    seated_player,
    signable_session,
    signoff_lock,
    signoff_table,
)
from results.writers import require_session_writer, require_table_seen
from tournaments.models import Round
from tournaments.models.counted import SIGNED

Actor = User | AnonymousUser | None
Method = Signature.Method


def sign_with_code(
    *,
    table: TableRef,
    actor: Actor,
    player_id: int,
    code: object,
    revision: int | None,
    table_token: str | None = None,
    address: str = "",
) -> Signature:
    """``player_id`` signs with their personal code on the phone of someone who may write the
    table's session (its scoring link, a scorer, an organizer). The code is checked before the
    table is locked (its hash is slow on purpose), the rest under the lock."""
    found = signoff_table(table)
    require_session_writer(found, actor, table_token)
    require_open(found)
    player = seated_player(found, player_id)
    player_code_check(player=player, code=code, address=address, table_id=found.pk, actor=actor)
    with transaction.atomic():
        locked = signoff_lock(found.pk, actor)
        require_session_writer(locked.table, actor, table_token, actor_role=locked.actor_role)
        return _sign(locked, actor, player, revision, Method.CODE)


def sign_as_player(*, table: TableRef, actor: Actor, revision: int | None) -> Signature:
    """The signed-in player confirms their own table's session from their own phone."""
    player = own_player(actor)
    with transaction.atomic():
        locked = signoff_lock(table if isinstance(table, int) else table.pk, actor)
        return _sign(locked, actor, player, revision, Method.ACCOUNT)


def sign_for_player(
    *,
    table: TableRef,
    actor: Actor,
    player_id: int,
    revision: int | None,
    reason: str,
) -> Signature:
    """An organizer of the club signs for a player (who left, lost their phone, forgot their
    code), saying why."""
    reason = clean_reason(reason)
    with transaction.atomic():
        locked = signoff_lock(table if isinstance(table, int) else table.pk, actor)
        require_table_seen(locked.table, actor)
        require_role(actor, locked.table.round.event.club_id, ORGANIZER, _("sign for a player"))
        player = seated_player(locked.table, player_id)
        return _sign(locked, actor, player, revision, Method.ORGANIZER, reason)


def dispute_raise(
    *,
    table: TableRef,
    actor: Actor,
    player_id: int,
    reason: str,
    revision: int | None = None,
    code: object = None,
    table_token: str | None = None,
    address: str = "",
) -> Dispute:
    """``player_id`` disputes the table's result: with their personal code on the scorer's
    phone, or as themselves from their own signed-in phone. Their signature, if any, is
    withdrawn, and the table is flagged for the organizer."""
    reason = clean_reason(reason)
    found = signoff_table(table)
    if code not in (None, ""):
        require_session_writer(found, actor, table_token)
        require_open(found)
        player = seated_player(found, player_id)
        player_code_check(player=player, code=code, address=address, table_id=found.pk, actor=actor)
    else:
        require_open(found)
        player = own_player(actor)
        if player.pk != player_id:
            raise NotAllowed.single(
                "not_your_player",
                Text(
                    _("Only %(player)s, or their personal code, can dispute for them."),
                    player=seated_player(found, player_id).name,
                ),
            )
    with transaction.atomic():
        locked = signoff_lock(found.pk, actor)
        require_open(locked.table)
        session = signable_session(locked, revision)
        seated_player(locked.table, player.pk)
        Signature.objects.filter(session=session, player=player).delete()
        dispute = Dispute.objects.create(
            session=session,
            revision=session.revision,
            player=player,
            reason=reason,
            at=timezone.now(),
        )
        audit(
            actor,
            "session.dispute",
            session,
            club_id=locked.table.round.event.club_id,
            label=_label(actor),
            player=player.name,
            revision=session.revision,
            reason=reason,
        )
        _refresh(locked, session, actor)
    return dispute


def dispute_resolve(*, dispute_id: int, actor: Actor, resolution: str = "") -> Dispute:
    """An organizer of the club resolves a dispute (saying how, if they like; once the round is
    closed they must); the table is signed once every player has signed. Someone of no role in
    the club learns nothing: its disputes answer 404 like a missing one (a member who is not an
    organizer: 403)."""
    found = (
        Dispute.objects.filter(pk=dispute_id)
        .values_list("session__table_id", "session__table__round__event__club_id")
        .first()
    )
    if found is None or not user_has_role(actor, found[1], MEMBERS):
        # Another club's dispute is answered like a missing one: its existence is not told.
        raise NotFound.single(
            "dispute_not_found", Text(_("There is no dispute %(id)s."), id=dispute_id)
        )
    table_id = found[0]
    with transaction.atomic():
        locked = signoff_lock(table_id, actor)
        require_role(actor, locked.table.round.event.club_id, ORGANIZER, _("resolve a dispute"))
        dispute = Dispute.objects.select_related("player").get(pk=dispute_id)
        if dispute.resolved_at is not None:
            raise Conflict.single(
                "dispute_resolved",
                Text(
                    _("The dispute of %(player)s was already resolved."), player=dispute.player.name
                ),
            )
        resolution = (resolution or "").strip()
        if locked.table.round.status == Round.Status.CLOSED and not resolution:
            raise ServiceError.single(
                "reason_required",
                Text(
                    _(
                        "Round %(round)s is closed: say how the dispute of %(player)s was "
                        "settled (it "
                        "is kept in the log)."
                    ),
                    round=locked.table.round.number,
                    player=dispute.player.name,
                ),
                field="resolution",
            )
        dispute.resolved_at = timezone.now()
        dispute.resolved_by = actor if isinstance(actor, User) else None
        dispute.resolution = resolution[:300]
        dispute.save(update_fields=["resolved_at", "resolved_by", "resolution"])
        session = store.table_session(table_id)
        audit(
            actor,
            "session.dispute_resolve",
            session,
            club_id=locked.table.round.event.club_id,
            player=dispute.player.name,
            resolution=dispute.resolution,
        )
        if session is not None:
            _refresh(locked, session, actor)
    return dispute


# --- signing, and the session signed or not (the checks: results.signoff.steps) -----------


def _sign(
    locked: store.LockedTable,
    actor: Actor,
    player: Player,
    revision: int | None,
    method: str,
    reason: str = "",
) -> Signature:
    if revision is None:
        raise ServiceError.single(
            "revision_required",
            _("Say which revision of the result you confirm."),
            field="revision",
        )
    if method != Method.ORGANIZER:
        require_open(locked.table)
    session = signable_session(locked, revision)
    seated_player(locked.table, player.pk)
    signature = Signature.objects.filter(session=session, player=player).first()
    if signature is not None:
        signature.created_now = False  # type: ignore[attr-defined]
        return signature  # signed already: the same answer again
    signature = Signature.objects.create(
        session=session,
        revision=session.revision,
        player=player,
        method=method,
        reason=reason,
        signed_by=actor if isinstance(actor, User) else None,
        at=timezone.now(),
    )
    signature.created_now = True  # type: ignore[attr-defined]
    audit(
        actor,
        "session.sign",
        session,
        club_id=locked.table.round.event.club_id,
        label=_label(actor),
        player=player.name,
        revision=session.revision,
        method=method,
        reason=reason,
    )
    _refresh(locked, session, actor)
    return signature


def _refresh(locked: store.LockedTable, session: Session, actor: Actor) -> None:
    """Whether the session is signed now; when that changes in an event whose standings count
    signed sessions, the results move on."""
    seated = {s.player.pk for s in store.table_players(locked.table.pk)}
    signed_by = set(
        Signature.objects.filter(session=session, revision=session.revision).values_list(
            "player_id", flat=True
        )
    )
    disputed = Dispute.objects.filter(session=session, resolved_at__isnull=True).exists()
    signed = bool(session.complete and seated and seated <= signed_by and not disputed)
    if signed == (session.signed_at is not None):
        return
    session.signed_at = timezone.now() if signed else None
    Session.objects.filter(pk=session.pk).update(signed_at=session.signed_at)
    event = locked.table.round.event
    audit(
        actor,
        "session.signed" if signed else "session.unsigned",
        session,
        club_id=event.club_id,
        label=_label(actor),
        revision=session.revision,
    )
    if event.standings_count == SIGNED:
        results_changed(event)


def _label(actor: Actor) -> str:
    return "" if isinstance(actor, User) and actor.is_authenticated else "table link"
