"""Write permissions for the API: a role in the object's club decides, and the services write."""

from typing import TYPE_CHECKING, Any

from django.contrib.auth.models import User
from django.utils.translation import gettext_lazy as _
from rest_framework.exceptions import NotAuthenticated
from rest_framework.generics import GenericAPIView
from rest_framework.request import Request

from clubs.selectors import ORGANIZER, require_role
from core.parsing import whole_number

if TYPE_CHECKING:  # a mixin of DRF views: the type checker sees what it is mixed into
    _View = GenericAPIView
else:
    _View = object


class ClubWriteMixin(_View):
    """Plain CRUD writes that go through the services, with the actor's role checked first.

    Every write is the call of a service function (``create_object``, ``update_object``,
    ``delete_object``, which each viewset implements): the service owns the rule, the
    permission check, the locks and the audit entry, as it does for the pages and the admin.
    Before the input is even validated, the actor's role in the club is checked here with the
    same selector the service uses, so a refusal never depends on the payload (an outsider
    learns nothing about the club's data from validation messages).

    Subclasses name the roles that may write (``write_roles``), how to find the club id of an
    instance (``club_id_of``), and the parent a create names in its data
    (``parent_field``; its club is read by ``parent_club_id``).
    """

    write_roles: frozenset[str] = ORGANIZER
    parent_field = ""

    def club_id_of(self, instance: Any) -> int:
        raise NotImplementedError

    def parent_club_id(self, parent_pk: int) -> int | None:
        """The club id of the parent named in a create's data (None if there is no such)."""
        raise NotImplementedError

    def check_club(self, club_id: int | None) -> None:
        if club_id is None:
            return
        require_role(self.request.user, club_id, self.write_roles, _("change this"))

    def check_object_write(self, instance: Any) -> None:
        """Refuse a change to ``instance`` the actor may not make (before its input is even
        validated, so a refusal never depends on the payload)."""
        self.check_club(self.club_id_of(instance))

    def check_parent_named(self, data: Any) -> None:
        """The role in the club of the parent a write names (a create's, or the one an update
        would move the object to)."""
        if self.parent_field and isinstance(data, dict):
            parent = whole_number(data.get(self.parent_field))
            if parent is not None:
                self.check_club(self.parent_club_id(parent))

    def create(self, request: Any, *args: Any, **kwargs: Any) -> Any:
        self.check_parent_named(request.data)
        return super().create(request, *args, **kwargs)  # type: ignore[misc]

    def update(self, request: Any, *args: Any, **kwargs: Any) -> Any:
        self.check_object_write(self.get_object())
        self.check_parent_named(request.data)
        return super().update(request, *args, **kwargs)  # type: ignore[misc]

    def destroy(self, request: Any, *args: Any, **kwargs: Any) -> Any:
        self.check_object_write(self.get_object())
        return super().destroy(request, *args, **kwargs)  # type: ignore[misc]

    def perform_create(self, serializer: Any) -> None:
        _check_write(serializer)
        serializer.instance = self.create_object(serializer.validated_data)

    def perform_update(self, serializer: Any) -> None:
        _check_write(serializer)
        serializer.instance = self.update_object(serializer.instance, serializer.validated_data)

    def perform_destroy(self, instance: Any) -> None:
        self.delete_object(instance)

    def create_object(self, data: dict[str, Any]) -> Any:
        raise NotImplementedError

    def update_object(self, instance: Any, data: dict[str, Any]) -> Any:
        raise NotImplementedError

    def delete_object(self, instance: Any) -> None:
        raise NotImplementedError


def _check_write(serializer: Any) -> None:
    """The serializer's own limits on CRUD writes (web.api.serializers.base.GuardedWriteMixin)."""
    check = getattr(serializer, "check_write", None)
    if check is not None:
        check(serializer.validated_data)


def signed_in_user(request: Request) -> User:
    """The user of a view that lets only signed-in users in (``IsAuthenticated``)."""
    user = request.user
    if not isinstance(user, User):
        raise NotAuthenticated()
    return user
