"""Who may still change the results of a finished event or a closed round, and how: only an
organizer, as a correction with its reason (a new revision; the old one stays in the history).
The session write (``results.services``) asks before it writes."""

from django.utils.translation import gettext_lazy as _

from core.errors import ServiceError


def finished_event(organizer: bool, reason: str) -> None:
    """A finished event takes no results, only an organizer's correction of a whole session
    with its reason (a new revision: the old one stays in the history)."""
    if not organizer:
        raise ServiceError.single(
            "event_finished",
            _(
                "This event is finished; results can no longer be entered. Ask the organizer: "
                "they can correct a result or reopen the event."
            ),
        )
    if not reason.strip():
        raise ServiceError.single(
            "reason_required",
            _(
                "This event is finished: say why the result changes (the reason is kept with the "
                "revision)."
            ),
            field="reason",
        )


def closed_round(organizer: bool, reason: str) -> None:
    """A closed round's results change only as an organizer's correction, with its reason
    (a new revision: the old one stays in the history)."""
    if not organizer:
        raise ServiceError.single(
            "round_closed",
            _(
                "This round is closed; results can no longer be entered here. Ask the organizer: "
                "they can correct a result or reopen the round."
            ),
        )
    if not reason.strip():
        raise ServiceError.single(
            "reason_required",
            _(
                "This round is closed: say why the result changes (the reason is kept with the "
                "revision)."
            ),
            field="reason",
        )
