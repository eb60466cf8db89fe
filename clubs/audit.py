"""The audit log: every write, with its actor and time. Services call ``audit`` inside their
transaction, so an entry exists exactly when the write it describes was saved.

Written with one plain INSERT (the table is ``AuditEntry``'s): every write of the service,
every game entered at every table among them, adds a line, and the ORM's insert machinery
cost more than the statement itself.
"""

import json
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db import connection, models
from django.utils import timezone


def audit(
    actor: User | AnonymousUser | None,
    action: str,
    obj: models.Model | None = None,
    *,
    club_id: int | None = None,
    label: str = "",
    **details: Any,
) -> None:
    user = actor if actor is not None and actor.is_authenticated else None
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO clubs_auditentry "
            "(at, actor_id, actor_label, club_id, action, object_type, object_id, details) "
            "VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
            [
                connection.ops.adapt_datetimefield_value(timezone.now()),
                user.pk if user else None,
                (user.get_username() if user else label or "anonymous")[:150],
                club_id,
                action,
                obj._meta.label_lower if obj is not None else "",
                str(obj.pk) if obj is not None and obj.pk is not None else "",
                json.dumps(details),
            ],
        )
