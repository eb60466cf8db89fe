"""Writes of the stored standings: an event's rows computed again from its sessions, and the
events whose standings are behind their results (for the reconcile job and ``/healthz``)."""

from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.audit import audit
from clubs.selectors import ORGANIZER, require_role
from core.locks import advisory_lock
from ranking.standings.event_standings import STANDING_FIELDS, computed_standing_lines
from tournaments import announce
from tournaments.models import Event, Standing, StandingsComputation

Actor = User | AnonymousUser | None
STANDINGS_LOCK = 0x5354  # namespace for the per-event advisory lock ("ST")


def standings_recompute(*, event_id: int, force: bool = False) -> int:
    """Recompute one event's standings from its complete sessions, its byes and its
    standings configuration (``ranking.standings.event_standings``).

    Idempotent: the event's rows end up as computed, whatever was stored before; only the rows
    that differ are written (a finished table moves a few players, not all 400 of a big
    tournament, so a busy evening rewrites little). One computation per event at a time:
    on PostgreSQL an advisory transaction lock (SQLite serialises writers anyway). The event
    row itself is not locked, so submissions never wait for a recompute; its results version
    is read before the results, so a write landing in between leaves the stored version behind
    the data and only causes one more run. Returns the results version the standings reflect.
    Skips the work when they already reflect the current results, unless ``force`` (a changed
    setting).
    """
    with transaction.atomic():
        advisory_lock(STANDINGS_LOCK, event_id)
        event = Event.objects.filter(pk=event_id).first()
        if event is None:
            return 0  # deleted in the meantime: nothing to compute
        done = StandingsComputation.objects.filter(event_id=event_id).first()
        if not force and done is not None and done.results_version == event.results_version:
            return done.results_version  # a burst of writes: an earlier run covered this one
        lines = computed_standing_lines(event)  # the event's tie-break order, places and byes
        if _standings_replace(event_id, lines):
            announce.standings_changed(event, lines, event.results_version)
        StandingsComputation.objects.update_or_create(
            event_id=event_id,
            defaults={"results_version": event.results_version, "computed_at": timezone.now()},
        )
        return event.results_version


def standings_recompute_as(*, event: Event, actor: Actor) -> int:
    """An organizer asks for the standings to be computed again now (the admin's action)."""
    require_role(actor, event.club_id, ORGANIZER, _("compute the standings"))
    version = standings_recompute(event_id=event.pk, force=True)
    audit(actor, "event.standings", event, club_id=event.club_id, results_version=version)
    return version


def _standings_replace(event_id: int, lines: list[dict[str, Any]]) -> bool:
    """Make the stored standings of the event equal ``lines``, writing only what changed: the
    rows of players who left or whose line changed are deleted, the new lines inserted.
    Whether anything changed."""
    stored = {
        player_id: values
        for player_id, *values in Standing.objects.filter(event_id=event_id)
        .order_by()
        .values_list("player_id", *STANDING_FIELDS)
    }
    changed = [
        line
        for line in lines
        if stored.get(line["player_id"]) != [line[name] for name in STANDING_FIELDS]
    ]
    outdated = (stored.keys() - {line["player_id"] for line in lines}) | {
        line["player_id"] for line in changed if line["player_id"] in stored
    }
    if outdated:
        Standing.objects.filter(event_id=event_id, player_id__in=outdated).delete()
    if changed:
        Standing.objects.bulk_create(Standing(event_id=event_id, **line) for line in changed)
    return bool(outdated or changed)


def events_with_stale_standings() -> list[int]:
    """Events whose results version is newer than their last standings computation."""
    return list(
        Event.objects.filter(results_version__gt=0)
        .filter(Q(computation__isnull=True) | ~Q(computation__results_version=F("results_version")))
        .order_by("id")
        .values_list("id", flat=True)
    )
