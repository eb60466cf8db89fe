"""The checks every sign-off write (``results.signoff``) makes: the table found and locked (the
session write's lock), the round still open for the players, the player signed in or seated
at the table, a reason given, and the session complete and still at the revision the player
looked at."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.utils.translation import gettext_lazy as _

from clubs.models import Player
from clubs.selectors import player_for_user
from core.errors import Conflict, NotAllowed, NotFound, ServiceError, Text
from results import store
from results.models import Session
from tournaments.models import Round, Table

Actor = User | AnonymousUser | None
TableRef = Table | int
REASON_LENGTH = 200


def signoff_table(table: TableRef) -> Table:
    if isinstance(table, Table) and "round" in table._state.fields_cache:
        return table
    found = (
        Table.objects.select_related("round__event")
        .filter(pk=table if isinstance(table, int) else table.pk)
        .first()
    )
    if found is None:
        raise NotFound.single(
            "table_not_found", Text(_("There is no table %(table)s."), table=table)
        )
    return found


def signoff_lock(table_id: int, actor: Actor) -> store.LockedTable:
    user = actor if isinstance(actor, User) and actor.is_authenticated else None
    locked = store.table_lock(table_id, user_id=user.pk if user else None)
    if locked is None:
        raise NotFound.single(
            "table_not_found", Text(_("There is no table %(table)s."), table=table_id)
        )
    return locked


def require_open(table: Table) -> None:
    """Refuse a player's signature or dispute once the table's round is closed."""
    if table.round.status == Round.Status.CLOSED:
        raise ServiceError.single(
            "signoff_closed",
            Text(
                _(
                    "Round %(round)s is closed: the players of table %(table)s no longer sign or "
                    "dispute its result. If something is wrong, ask the organizer: they can sign "
                    "for a "
                    "player or settle a dispute, with a reason."
                ),
                round=table.round.number,
                table=table.number,
            ),
        )


def own_player(actor: Actor) -> Player:
    player = player_for_user(actor)
    if player is None:
        raise NotAllowed.single(
            "no_player",
            _("Sign in with the account of a player at this table to confirm as yourself."),
        )
    return player


def seated_player(table: Table, player_id: int) -> Player:
    for seated in store.table_players(table.pk):
        if seated.player.pk == player_id:
            return seated.player
    raise ServiceError.single(
        "not_at_table",
        Text(_("That player does not sit at table %(table)s."), table=table.number),
        field="player",
    )


def clean_reason(reason: str) -> str:
    text = (reason or "").strip()
    if not text:
        raise ServiceError.single("reason_required", _("Say why, in a few words."), field="reason")
    if len(text) > REASON_LENGTH:
        raise ServiceError.single(
            "reason_too_long",
            Text(_("Keep the reason to %(n)s characters."), n=REASON_LENGTH),
            field="reason",
        )
    return text


def signable_session(locked: store.LockedTable, revision: int | None) -> Session:
    """The table's session, complete and still at ``revision`` (None: whatever it is at)."""
    table = locked.table
    session = store.table_session(table.pk)
    if session is None:
        raise NotFound.single(
            "no_session", Text(_("Table %(table)s has no result to sign yet."), table=table.number)
        )
    if revision is not None and revision != session.revision:
        raise Conflict.single(
            "revision_moved",
            Text(
                _(
                    "The result of table %(table)s changed while you were looking at it (it is now "
                    "revision %(now)s, not %(given)s). Look at it again and confirm it anew."
                ),
                table=table.number,
                now=session.revision,
                given=revision,
            ),
            field="revision",
        )
    if not session.complete:
        raise ServiceError.single(
            "session_not_complete",
            Text(
                _(
                    "Table %(table)s has not finished its session; it is signed once it is "
                    "complete."
                ),
                table=table.number,
            ),
        )
    return session
