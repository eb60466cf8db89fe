"""What the sign-off of a table's session stands at, for its pages and the API: every player
at the table with whether (and how) they signed the current revision, the disputes, and whether
the round is closed (then only the organizer signs for a player or resolves a dispute)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, Q, QuerySet

from results.models import Dispute, Session, Signature
from tournaments.models import Round, Table


@dataclass
class PlayerSignoff:
    player_id: int
    name: str
    signature: Signature | None = None
    open_dispute: Dispute | None = None

    @property
    def signed(self) -> bool:
        return self.signature is not None


@dataclass
class Signoff:
    session: Session
    players: list[PlayerSignoff]
    disputes: list[Dispute] = field(default_factory=list)
    closed: bool = False  # the round is closed: the players' sign-off is over

    @property
    def signed(self) -> bool:
        return self.session.signed_at is not None

    @property
    def open_disputes(self) -> list[Dispute]:
        return [d for d in self.disputes if d.resolved_at is None]


def signoff_of(session: Session, table: Table) -> Signoff:
    """The sign-off of ``session``, played at ``table`` (its seats read once)."""
    seats = sorted(table.seats.all(), key=lambda s: s.position)
    signatures = {
        s.player_id: s
        for s in Signature.objects.filter(
            session=session, revision=session.revision
        ).select_related("signed_by")
    }
    disputes = list(
        Dispute.objects.filter(session=session)
        .select_related("player", "resolved_by")
        .order_by("at", "id")
    )
    open_by = {d.player_id: d for d in disputes if d.resolved_at is None}
    players = [
        PlayerSignoff(
            s.player_id, s.player.name, signatures.get(s.player_id), open_by.get(s.player_id)
        )
        for s in seats
    ]
    return Signoff(session, players, disputes, table.round.status == Round.Status.CLOSED)


def tables_to_sign(tables: QuerySet[Table], *, disputed_only: bool = False) -> QuerySet[Table]:
    """Of ``tables``, those with a complete session not signed yet or with a dispute open (only
    the disputed ones with ``disputed_only``), annotated with ``open_disputes``, by round and
    number."""
    found = tables.filter(session__complete=True).annotate(
        open_disputes=Count(
            "session__disputes", filter=Q(session__disputes__resolved_at__isnull=True)
        )
    )
    found = (
        found.filter(open_disputes__gt=0)
        if disputed_only
        else found.filter(Q(session__signed_at__isnull=True) | Q(open_disputes__gt=0))
    )
    return found.select_related("round", "session").order_by("round__number", "number")


def state_dict(signoff: Signoff) -> dict[str, Any]:
    """The API's answer (``web.api.views.night.signoff``)."""
    session = signoff.session
    return {
        "session": session.pk,
        "revision": session.revision,
        "complete": session.complete,
        "signed": signoff.signed,
        "signed_at": session.signed_at,
        "closed": signoff.closed,
        "players": [
            {
                "player": p.player_id,
                "name": p.name,
                "signed": p.signed,
                "method": p.signature.method if p.signature else None,
                "at": p.signature.at if p.signature else None,
                "reason": p.signature.reason if p.signature else "",
                "disputed": p.open_dispute is not None,
            }
            for p in signoff.players
        ],
        "disputes": [dispute_dict(d) for d in signoff.disputes],
    }


def dispute_dict(dispute: Dispute) -> dict[str, Any]:
    return {
        "id": dispute.pk,
        "player": dispute.player_id,
        "name": dispute.player.name,
        "revision": dispute.revision,
        "reason": dispute.reason,
        "at": dispute.at,
        "resolved": dispute.resolved_at is not None,
        "resolved_at": dispute.resolved_at,
        "resolved_by": dispute.resolved_by.get_username() if dispute.resolved_by else None,
        "resolution": dispute.resolution,
    }
