"""What the API's serializers share: the limits of a plain CRUD write, numbers as JSON keys,
the reason a command gives."""

from typing import Any

from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy
from rest_framework import serializers

from core.errors import ServiceError, Text, problem
from core.parsing import whole_number

# The marker a session document's schema carries until ``web.api.openapi.schema.game_documents``
# replaces it with each game's document.
GAME_DOCUMENT = "x-game-document"


class GuardedWriteMixin:
    """What a plain CRUD write may not change, checked by
    ``web.api.access.permissions.ClubWriteMixin`` once the actor's roles are (a refusal answers
    first):

    - ``fixed_on_update``: what an object belongs to (an event's club, a table's round, ...).
      Moving it would carry its results or roles along behind the services' back; create a new
      one instead.
    - ``command_fields``: a status that changes only through its command endpoint (named in
      the refusal). Read-only in the schema; sending it unchanged (a PUT of what a GET gave)
      is fine, sending another value is refused rather than silently ignored.
    """

    fixed_on_update: tuple[str, ...] = ()
    command_fields: dict[str, Promise] = {}

    def check_write(self, attrs: dict[str, Any]) -> None:
        instance = getattr(self, "instance", None)
        errors = []
        if instance is not None:
            errors += [
                problem(
                    "cannot_move",
                    Text(
                        gettext_lazy(
                            "'%(name)s' cannot be changed once created; create a new one instead."
                        ),
                        name=name,
                    ),
                    field=name,
                )
                for name in self.fixed_on_update
                if name in attrs and attrs[name] != getattr(instance, name)
            ]
        sent = getattr(self, "initial_data", None)
        for name, how in self.command_fields.items():
            if not isinstance(sent, dict) or name not in sent:
                continue
            current = (
                getattr(instance, name)
                if instance is not None
                else self.Meta.model._meta.get_field(name).get_default()  # type: ignore[attr-defined]
            )
            if not _same_value(sent[name], current):
                errors.append(
                    problem(
                        "command_only",
                        Text(
                            gettext_lazy("'%(name)s' cannot be set here: %(how)s."),
                            name=name,
                            how=how,
                        ),
                        field=name,
                    )
                )
        if errors:
            raise ServiceError(errors)


def _same_value(sent: Any, current: Any) -> bool:
    if isinstance(current, bool):
        try:
            return serializers.BooleanField().to_internal_value(sent) == current
        except serializers.ValidationError:
            return False
    return str(sent) == str(current)


def numbered(data: dict[str, Any], field: str) -> dict[int, Any]:
    """A mapping keyed by numbers as JSON sends them (strings of digits)."""
    result: dict[int, Any] = {}
    for key, value in data.items():
        number = whole_number(key, maximum=99_999) if isinstance(key, str) else None
        if number is None:
            raise ServiceError(
                [
                    problem(
                        "not_a_number",
                        Text(gettext_lazy("'%(key)s' is not a number."), key=key),
                        field=field,
                    )
                ]
            )
        result[number] = value
    return result


class ReasonSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=500, help_text="Why (kept in the audit log).")


def staff_link(
    serializer: serializers.Serializer, club_id: int, name: str, token: str
) -> str | None:
    """The absolute address of a link only the club's organizers and scorers see (a table's
    scoring link, an event's door link); None for anyone else."""
    from clubs.selectors import SCORERS, user_has_role

    request = serializer.context.get("request")
    if request is None or not user_has_role(request.user, club_id, SCORERS):
        return None
    return str(request.build_absolute_uri(reverse(name, args=[token])))
