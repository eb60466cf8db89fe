"""The audit log: every write, with its actor and time. Services call ``audit`` inside their
transaction, so an entry exists exactly when the write it describes was saved."""

from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db import models

from clubs.models import AuditEntry


def audit(
    actor: User | AnonymousUser | None,
    action: str,
    obj: models.Model | None = None,
    *,
    club_id: int | None = None,
    label: str = "",
    **details: Any,
) -> AuditEntry:
    user = actor if actor is not None and actor.is_authenticated else None
    return AuditEntry.objects.create(
        actor=user,
        actor_label=(user.get_username() if user else label or "anonymous")[:150],
        club_id=club_id,
        action=action,
        object_type=obj._meta.label_lower if obj is not None else "",
        object_id=str(obj.pk) if obj is not None and obj.pk is not None else "",
        details=details,
    )
