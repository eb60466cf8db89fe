"""Why a league is computed again: a service notes its reason on the league's row (locked by
the service) and the computation runs after commit (``leagues.recompute``), taking every reason
noted meanwhile into its new version."""

from core.after_commit import queue
from leagues.models import League

RECOMPUTE_TASK = "leagues.recompute"

# The reasons a version names (the pages say them in words: ``leagues.words.REASONS``).
RESULTS = "results"
CORRECTION = "correction"
CLUB_JOINED = "club_joined"
CLUB_LEFT = "club_left"
NIGHT_MARKED = "night_marked"
NIGHT_UNMARKED = "night_unmarked"
LINKED = "linked"
CONSENT_WITHDRAWN = "consent_withdrawn"
RULES = "rules"
REASONS = (
    RESULTS,
    CORRECTION,
    CLUB_JOINED,
    CLUB_LEFT,
    NIGHT_MARKED,
    NIGHT_UNMARKED,
    LINKED,
    CONSENT_WITHDRAWN,
    RULES,
)


def note(league: League, reason: str, detail: str = "") -> None:
    """Note ``reason`` on ``league`` (its row locked by the caller) and queue its computation
    once the transaction commits."""
    assert reason in REASONS, reason
    league.pending = [*league.pending, {"reason": reason, "detail": detail[:200]}]
    League.objects.filter(pk=league.pk).update(pending=league.pending)
    queue(RECOMPUTE_TASK, (league.pk,), label=f"league {league.pk}")


def locked(league: League) -> League:
    """The league's row as saved, locked until the transaction ends: one writer per league."""
    return League.objects.select_for_update().get(pk=league.pk)
