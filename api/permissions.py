"""Write permissions for the API: a role in the object's club decides."""

from typing import Any

from django.db import transaction
from django.db.models import ProtectedError
from rest_framework.exceptions import PermissionDenied

from clubs.audit import audit
from clubs.errors import Conflict
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

    def check_object_write(self, instance: Any) -> None:
        """Refuse a change to ``instance`` the actor may not make (before its input is even
        validated, so a refusal never depends on the payload)."""
        self.check_club(self.club_id_of(instance))

    def update(self, request: Any, *args: Any, **kwargs: Any) -> Any:
        self.check_object_write(self.get_object())
        return super().update(request, *args, **kwargs)

    @transaction.atomic
    def perform_create(self, serializer: Any) -> None:
        club_id = self.club_id_of_data(serializer.validated_data)
        self.check_club(club_id)
        _check_write(serializer)
        instance = serializer.save()
        if self.audit_creates:
            audit(self.request.user, "create", instance, club_id=club_id,
                  data=_loggable(serializer.data))

    @transaction.atomic
    def perform_update(self, serializer: Any) -> None:
        club_id = self.club_id_of(serializer.instance)
        self.check_club(club_id)
        self.check_club(self.club_id_of_data(serializer.validated_data))  # moved elsewhere
        _check_write(serializer)
        instance = serializer.save()
        audit(self.request.user, "update", instance, club_id=club_id,
              changed=sorted(serializer.validated_data))

    @transaction.atomic
    def perform_destroy(self, instance: Any) -> None:
        club_id = self.club_id_of(instance)
        self.check_club(club_id)
        audit(self.request.user, "delete", instance, club_id=club_id, label=str(instance))
        try:
            instance.delete()
        except ProtectedError as exc:  # nothing was deleted; the audit entry rolls back too
            raise protected_conflict(instance, exc) from exc


# What a protected object is called in the refusal, in English and Dutch.
_NAMES = {
    "club": ("club", "club"), "event": ("event", "evenement"), "round": ("round", "ronde"),
    "table": ("table", "tafel"), "player": ("player", "speler"),
}


def protected_conflict(instance: Any, exc: ProtectedError) -> Conflict:
    """A clear 409 for a delete the database refused because results or seatings refer to
    the object (``on_delete=PROTECT``)."""
    en, nl = _NAMES.get(instance._meta.model_name, ("object", "object"))
    sessions = sum(1 for obj in exc.protected_objects if obj._meta.label_lower == "games.session")
    if sessions:
        return Conflict.single(
            "has_results",
            f"This {en} has results ({sessions} table session(s)); results are evidence and "
            "are never deleted.",
            f"Deze {nl} heeft uitslagen ({sessions} tafelsessie(s)); uitslagen zijn bewijs en "
            "worden nooit verwijderd.",
        )
    return Conflict.single(
        "in_use",
        f"This {en} cannot be deleted: seatings or results refer to it.",
        f"Deze {nl} kan niet worden verwijderd: indelingen of uitslagen verwijzen ernaar.",
    )


def _check_write(serializer: Any) -> None:
    """The serializer's own limits on CRUD writes (api.serializers.GuardedWriteMixin)."""
    check = getattr(serializer, "check_write", None)
    if check is not None:
        check(serializer.validated_data)


def _loggable(data: Any) -> dict[str, Any]:
    return {k: v for k, v in dict(data).items() if isinstance(v, (str, int, bool, type(None)))}
