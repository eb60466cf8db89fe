"""An organizer's correction of one part of a saved session (a Bonken game, a Jonkler round, a
Bonanza hand) or of some of its document's keys (a Bonko table's scores, a paper sheet's rows):
the rest of the document stays exactly as it was stored (counts, doubles, notes, the first
dealer, the end of the session), and the whole goes through the one session write
(``results.services.session_submit``) as a new revision with the reason, so the history keeps
the earlier one and the standings follow. The new revision's stored result notes which part
was corrected (``CORRECTED``: its number, as the game's ``correction_choices`` count), so the
table's history says "Game 3 corrected: <reason>".

The reason is asked first, before anything else, and only an organizer of the event's club
may correct. The stored document is read here and written back under the table's lock with
the revision it was read at: a write in between is a conflict, never silently overwritten."""

from typing import Any

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from clubs.selectors import ORGANIZER, require_role
from core.errors import NotFound, ServiceError, Text
from games.registry import get_game
from results.models import Session, SessionRevision
from results.services import Actor, session_submit
from tournaments.models import Table

# The key of a revision's stored result naming the part a correction changed (its number).
CORRECTED = "corrected_part"


def require_reason(reason: str) -> str:
    """The reason, trimmed; refused when empty (it is kept with the revision)."""
    if not reason.strip():
        raise ServiceError.single(
            "reason_required",
            _("Say why the result changes: the reason is kept with the revision."),
            field="reason",
        )
    return reason.strip()


def session_correct_part(
    *,
    table: Table,
    submitted_by: Actor,
    number: int,
    part: Any,
    reason: str,
    expected_revision: int | None = None,
) -> Session:
    """Replace part ``number`` (from 1) of the game's parts list (``parts_key``) with ``part``;
    every other part and key of the document is kept as stored."""
    reason = require_reason(reason)
    session = _stored(table, submitted_by)
    key = get_game(table.round.event.game).parts_key
    parts = session.document.get(key) if key else None
    if key is None or not isinstance(parts, list) or not 1 <= number <= len(parts):
        raise ServiceError.single(
            "part_not_found",
            Text(_("This session has no part %(number)s to correct."), number=number),
            field="number",
        )
    changed = [*parts[: number - 1], part, *parts[number:]]
    return _submit(table, submitted_by, session, {key: changed}, reason, expected_revision, number)


def session_correct_keys(
    *,
    table: Table,
    submitted_by: Actor,
    keys: dict[str, Any],
    reason: str,
    expected_revision: int | None = None,
    number: int = 1,
) -> Session:
    """Replace the document's top-level ``keys`` (a value None takes the key out); every
    other key is kept as stored (a game entered whole, such as a Bonko table's round; a
    paper sheet's row ``number``)."""
    reason = require_reason(reason)
    session = _stored(table, submitted_by)
    return _submit(table, submitted_by, session, keys, reason, expected_revision, number)


def _stored(table: Table, actor: Actor) -> Session:
    require_role(actor, table.round.event.club_id, ORGANIZER, _("correct a result"))
    session = Session.objects.filter(table_id=table.pk).first()
    if session is None or not isinstance(session.document, dict):
        raise NotFound.single(
            "session_not_found",
            Text(_("Table %(table)s has no result to correct."), table=table.number),
        )
    return session


def _submit(
    table: Table,
    actor: Actor,
    session: Session,
    keys: dict[str, Any],
    reason: str,
    expected_revision: int | None,
    number: int,
) -> Session:
    document = {name: value for name, value in session.document.items() if name not in keys}
    document.update({name: value for name, value in keys.items() if value is not None})
    with transaction.atomic():
        # The revision the page showed, else the one read here: a write since then (the
        # page's revision is never newer than the one read) is refused as a conflict under
        # the lock.
        saved = session_submit(
            table=table,
            submitted_by=actor,
            document=document,
            expected_revision=session.revision if expected_revision is None else expected_revision,
            reason=reason,
        )
        if saved.revision > session.revision:  # an unchanged document makes no revision
            SessionRevision.objects.filter(session_id=saved.pk, number=saved.revision).update(
                result={**saved.result, CORRECTED: number}
            )
    return saved
