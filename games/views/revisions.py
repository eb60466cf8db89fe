"""A session's revisions as the pages show them: a revision's reason in the page's language, and
whether the result was corrected after it was complete (every game alike)."""

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _


def revision_reason(reason: str) -> str:
    """A revision's reason in the page's language: the service's own reasons (stored in
    English: "undo last part", once "undo last game") translated, a person's as typed."""
    own = {
        "undo last part": _("the last part was taken back"),
        "undo last game": _("the last game was taken back"),
        "session ended": _("session ended"),
        "session reopened": _("session reopened"),
    }
    return own.get(reason.strip().lower(), reason)


@dataclass(frozen=True)
class Correction:
    """Whether a session changed after it was first complete, and when it last did."""

    corrected: bool
    at: Any = None


def correction_of(revisions: list[Any]) -> Correction:
    """From a session's revisions (any order): corrected when a revision follows the first
    complete one."""
    ordered = sorted(revisions, key=lambda r: r.number)
    first_complete = next((r.number for r in ordered if (r.result or {}).get("complete")), None)
    later = [r for r in ordered if first_complete is not None and r.number > first_complete]
    return Correction(corrected=bool(later), at=later[-1].created_at if later else None)
