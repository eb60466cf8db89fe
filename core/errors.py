"""Errors that services raise and both doors (HTML forms and the API) show the same way.

Every error carries a list of problems in the one shape the API uses everywhere:
``{"code", "message", "message_nl", "game", "field"}``.
"""

from typing import Any, Self

from django.db import models, transaction
from django.db.models import ProtectedError
from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy


class Text:
    """A message written once, in the gettext catalogue, with its values: rendered in English
    for ``message`` and in Dutch for ``message_nl``.

    ``Text(_("Table %(table)s is closed."), table=3)``, with ``_`` being ``gettext_lazy``; a
    value may itself be a ``Text``, a lazy string or a ``Named`` (then it is translated too),
    and a plural is an ``ngettext_lazy(singular, plural, "count")`` with ``count`` among the
    values.
    """

    def __init__(self, msgid: str | Promise, /, **values: Any):
        self.msgid = msgid
        self.values = values

    def render(self, language: str) -> str:
        with translation.override(language):
            values = {key: _rendered(value, language) for key, value in self.values.items()}
            return str(self.msgid % values if values else self.msgid)

    def __str__(self) -> str:
        return self.render(translation.get_language() or "en")


class Named:
    """A value in a message that a pure package names in both languages itself: a game's,
    ruleset's or contract's ``name`` and ``name_nl`` (those packages import no Django, so
    their names are not in the catalogue)."""

    def __init__(self, thing: Any):
        self.en, self.nl = str(thing.name), str(thing.name_nl)

    def __str__(self) -> str:
        return self.nl if (translation.get_language() or "").startswith("nl") else self.en


def _rendered(value: Any, language: str) -> Any:
    if isinstance(value, Text):
        return value.render(language)
    if isinstance(value, Named):
        return value.nl if language.startswith("nl") else value.en
    if isinstance(value, Promise):
        with translation.override(language):
            return str(value)
    return value


Message = str | Promise | Text


def problem(
    code: str,
    message: Message,
    *,
    field: str | None = None,
    game: int | None = None,
) -> dict[str, Any]:
    """One problem in the API's shape. ``message`` is a catalogue message (a ``Text`` or a lazy
    string), rendered in English for ``message`` and in Dutch for ``message_nl``."""
    text = message if isinstance(message, Text) else Text(message)
    return {
        "code": code,
        "message": text.render("en"),
        "message_nl": text.render("nl"),
        "game": game,
        "field": field,
    }


class ServiceError(Exception):
    status_code = 400

    def __init__(self, errors: list[dict[str, Any]]):
        super().__init__("; ".join(e["message"] for e in errors))
        self.errors = errors

    @classmethod
    def single(cls, code: str, message: Message, *, field: str | None = None) -> Self:
        return cls([problem(code, message, field=field)])


class NotAllowed(ServiceError):
    status_code = 403


class NotFound(ServiceError):
    status_code = 404


class Conflict(ServiceError):
    status_code = 409


# What a protected object is called in a refusal, with its article ("This event", "Dit
# evenement").
_THIS = {
    "club": _("This club"),
    "event": _("This event"),
    "round": _("This round"),
    "table": _("This table"),
    "player": _("This player"),
    "seat": _("This seat"),
}


def protected_conflict(instance: models.Model, exc: ProtectedError) -> Conflict:
    """A clear 409 for a delete the database refused because results or seatings refer to
    the object (``on_delete=PROTECT``)."""
    this = _THIS.get(instance._meta.model_name or "", _("This object"))
    sessions = sum(1 for obj in exc.protected_objects if obj._meta.label_lower == "games.session")
    if sessions:
        return Conflict.single(
            "has_results",
            Text(
                ngettext_lazy(
                    "%(this)s has results (%(sessions)s table session); results are evidence "
                    "and are never deleted.",
                    "%(this)s has results (%(sessions)s table sessions); results are evidence "
                    "and are never deleted.",
                    "sessions",
                ),
                this=this,
                sessions=sessions,
            ),
        )
    return Conflict.single(
        "in_use", Text(_("%(this)s cannot be deleted: seatings or results refer to it."), this=this)
    )


def delete_unless_protected(instance: models.Model) -> None:
    """Delete ``instance``, or raise the conflict that says which results protect it. Called
    inside the service's transaction: a refusal rolls back its audit entry too."""
    try:
        with transaction.atomic():
            instance.delete()
    except ProtectedError as exc:
        raise protected_conflict(instance, exc) from exc


class TooManyAttempts(ServiceError):
    """Too many wrong guesses at a secret: try again after ``retry_after`` seconds (the API
    answers 429 with ``Retry-After``)."""

    status_code = 429

    def __init__(self, errors: list[dict[str, Any]], retry_after: int):
        super().__init__(errors)
        self.retry_after = retry_after
