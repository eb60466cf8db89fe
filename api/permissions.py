"""Write permissions for the API: a role in the object's club decides."""

from typing import Any

from django.db import transaction
from rest_framework.exceptions import PermissionDenied

from clubs.audit import audit
from clubs.selectors import ORGANIZER, user_has_role


class ClubWriteMixin:
    """Checks the actor's role in the club an object belongs to before every write.

    Subclasses name the roles that may write (``write_roles``) and how to find the club id of an
    instance (``club_id_of``) and of a write's validated data (``club_id_of_data``, None when the
    data does not name a parent, as in a partial update).
    """

    write_roles: frozenset[str] = ORGANIZER
    # False where the create goes through a service that writes its own audit entry.
    audit_creates = True

    def club_id_of(self, instance: Any) -> int:
        raise NotImplementedError

    def club_id_of_data(self, data: dict[str, Any]) -> int | None:
        raise NotImplementedError

    def check_club(self, club_id: int | None) -> None:
        if club_id is None:
            return
        if not user_has_role(self.request.user, club_id, self.write_roles):
            who = "an organizer" if self.write_roles == ORGANIZER else "an organizer or scorer"
            raise PermissionDenied(f"Only {who} of this club may change this.")

    @transaction.atomic
    def perform_create(self, serializer: Any) -> None:
        club_id = self.club_id_of_data(serializer.validated_data)
        self.check_club(club_id)
        instance = serializer.save()
        if self.audit_creates:
            audit(self.request.user, "create", instance, club_id=club_id,
                  data=_loggable(serializer.data))

    @transaction.atomic
    def perform_update(self, serializer: Any) -> None:
        club_id = self.club_id_of(serializer.instance)
        self.check_club(club_id)
        self.check_club(self.club_id_of_data(serializer.validated_data))  # moved elsewhere
        instance = serializer.save()
        audit(self.request.user, "update", instance, club_id=club_id,
              changed=sorted(serializer.validated_data))

    @transaction.atomic
    def perform_destroy(self, instance: Any) -> None:
        club_id = self.club_id_of(instance)
        self.check_club(club_id)
        audit(self.request.user, "delete", instance, club_id=club_id, label=str(instance))
        instance.delete()


def _loggable(data: Any) -> dict[str, Any]:
    return {k: v for k, v in dict(data).items() if isinstance(v, (str, int, bool, type(None)))}
