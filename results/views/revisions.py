"""A session's revisions as the pages show them: a revision's reason in the page's language, and
whether the result was corrected after it was complete, and which part an organizer's
correction of one part changed (every game alike)."""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from results.part_correction import CORRECTED


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


def corrected_part(revision: Any, titles: Callable[[dict[str, Any]], Sequence[Any]]) -> str:
    """The part a correction of one part changed, as the game calls it ("Game 3"; ``titles``:
    the game's ``correction_choices`` of a result), or "" for any other revision."""
    result = revision.result if isinstance(revision.result, dict) else {}
    number = result.get(CORRECTED)
    if not isinstance(number, int):
        return ""
    title = next((c.title for c in titles(result) if c.number == number), None)
    return str(title) if title else _("Part %(n)s") % {"n": number}
