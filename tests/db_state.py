"""The whole state of the service's tables, to judge "nothing changed" by the database itself
(not only by the audit log)."""

from django.contrib.auth.models import User

from clubs.models import ApiToken, AuditEntry, Club, Membership, Player, PlayerCode
from results.models import (
    Dispute,
    IdempotencyRecord,
    Part,
    Session,
    SessionRevision,
    SessionSeat,
    Signature,
)
from tournaments.models import (
    Bye,
    Event,
    EventPlayer,
    EventScorer,
    Round,
    Seat,
    Standing,
    StandingsComputation,
    Table,
)

# Everything a write could change.
MODELS = [
    User,
    Club,
    Player,
    Membership,
    ApiToken,
    AuditEntry,
    Event,
    EventPlayer,
    EventScorer,
    Round,
    Table,
    Seat,
    Bye,
    Standing,
    StandingsComputation,
    Session,
    SessionRevision,
    Part,
    SessionSeat,
    IdempotencyRecord,
    PlayerCode,
    Signature,
    Dispute,
]


def database_state() -> dict[str, list[tuple]]:
    """Every row of every model above, in primary key order."""
    return {m._meta.label: list(m.objects.order_by("pk").values_list()) for m in MODELS}


def changed_tables(before: dict[str, list[tuple]], after: dict[str, list[tuple]]) -> list[str]:
    return [label for label in before if before[label] != after[label]]
