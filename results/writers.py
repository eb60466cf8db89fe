"""Who may write a table's session, and when it may be written: the table's own scoring link,
the club's scorers and organizers or a scorer of the event; never over someone else's change,
and after the round closed or the event finished only as an organizer's correction. The
session write (``results.services``) and the sign-off (``results.signoff``) check through here."""

import secrets

from django.contrib.auth.models import AnonymousUser, User
from django.utils.translation import gettext_lazy as _

from clubs.selectors import SCORERS, require_role
from core.errors import Conflict, NotFound, ServiceError, Text
from results import corrections
from results.models import Session
from tournaments.models import Event, Round, Table
from tournaments.selectors import event_visible_to, user_may_score

Actor = User | AnonymousUser | None


def require_session_writer(
    table: Table, actor: Actor, table_token: str | None, *, actor_role: str | None = None
) -> None:
    """Refuse unless ``actor`` may write ``table``'s session: its own scoring link, an
    organizer or scorer of the club (``actor_role`` when the caller read it already), or a
    scorer of this event."""
    event = table.round.event
    if not (
        table_token_matches(table, table_token)
        or actor_role in SCORERS
        or user_may_score(actor, event)
    ):
        require_table_seen(table, actor)
        require_role(actor, event.club_id, SCORERS, _("enter results"))  # raises, saying who


def table_visible(table: Table, actor: Actor, table_token: str | None = None) -> bool:
    """Whether someone may see ``table``, its session and everything about it: with the
    table's own scoring link, or when they may see its event (published, or of a club they
    have a role in: ``tournaments.selectors.event_visible_to``). The one rule: the API's
    table endpoints (``web.api.access.table_scope``) and the writes here ask it."""
    return table_token_matches(table, table_token) or event_visible_to(actor, table.round.event)


def require_table_seen(table: Table, actor: Actor, table_token: str | None = None) -> None:
    """Someone who may not see the table (``table_visible``) learns nothing of it: it answers
    like a table that does not exist (404), not with a refusal that tells it is there."""
    if table_visible(table, actor, table_token):
        return
    raise NotFound.single(
        "table_not_found", Text(_("There is no table %(table)s."), table=table.pk)
    )


def table_token_matches(table: Table, token: str | None) -> bool:
    """Whether ``token`` is this table's scoring link (compared in constant time)."""
    return bool(token) and secrets.compare_digest(table.scoring_token, str(token))


def check_writable(
    table: Table,
    session: Session | None,
    expected_revision: int | None,
    reason: str,
    *,
    organizer: bool,
) -> None:
    """Refuse a write over someone else's change, to a finished event or a closed round (but
    an organizer's correction) or to a round that has not started."""
    current_revision = session.revision if session else 0
    if expected_revision is not None and expected_revision != current_revision:
        raise Conflict.single(
            "revision_conflict",
            Text(
                _(
                    "The session is at revision %(current_revision)s, not %(expected_revision)s: "
                    "someone else changed it. Reload and apply your change again."
                ),
                current_revision=current_revision,
                expected_revision=expected_revision,
            ),
            field="expected_revision",
        )
    if table.round.event.status == Event.Status.FINISHED:
        corrections.finished_event(organizer, reason)
    if table.round.status == Round.Status.CLOSED:
        corrections.closed_round(organizer, reason)
    if table.round.status == Round.Status.PLANNED:  # its seating may still change
        raise ServiceError.single(
            "round_not_started",
            _("This round has not started yet; results can be entered once it starts."),
        )
