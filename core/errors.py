"""Errors that services raise and both doors (HTML forms and the API) show the same way.

Every error carries a list of problems in the one shape the API uses everywhere:
``{"code", "message", "message_nl", "game", "field"}``.
"""

from typing import Any, Self

from django.db import models, transaction
from django.db.models import ProtectedError
from django.utils import translation
from django.utils.functional import Promise


class Text:
    """A message written once, in the gettext catalogue, with its values: rendered in English
    for ``message`` and in Dutch for ``message_nl``.

    ``Text(_("Table %(table)s is closed."), table=3)``, with ``_`` being ``gettext_lazy``; a
    value may itself be a ``Text`` or a lazy string (then it is translated too), and a plural
    is an ``ngettext_lazy(singular, plural, "count")`` with ``count`` among the values.
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


def _rendered(value: Any, language: str) -> Any:
    if isinstance(value, Text):
        return value.render(language)
    if isinstance(value, Promise):
        with translation.override(language):
            return str(value)
    return value


Message = str | Promise | Text


def problem(
    code: str, message: Message, message_nl: str | None = None, *, field: str | None = None,
    game: int | None = None,
) -> dict[str, Any]:
    """One problem in the API's shape. ``message`` is a catalogue message (a ``Text`` or a lazy
    string), rendered in both languages; an English/Dutch pair passed as two strings is kept
    as it is."""
    if message_nl is None:
        text = message if isinstance(message, Text) else Text(message)
        english, dutch = text.render("en"), text.render("nl")
    else:
        english, dutch = str(message), message_nl
    return {"code": code, "message": english, "message_nl": dutch, "game": game, "field": field}


class ServiceError(Exception):
    status_code = 400

    def __init__(self, errors: list[dict[str, Any]]):
        super().__init__("; ".join(e["message"] for e in errors))
        self.errors = errors

    @classmethod
    def single(
        cls, code: str, message: Message, message_nl: str | None = None, *,
        field: str | None = None,
    ) -> Self:
        return cls([problem(code, message, message_nl, field=field)])


class NotAllowed(ServiceError):
    status_code = 403


class NotFound(ServiceError):
    status_code = 404


class Conflict(ServiceError):
    status_code = 409


# What a protected object is called in a refusal, in English and Dutch.
_NAMES = {
    "club": ("club", "club"), "event": ("event", "evenement"), "round": ("round", "ronde"),
    "table": ("table", "tafel"), "player": ("player", "speler"), "seat": ("seat", "stoel"),
}


def protected_conflict(instance: models.Model, exc: ProtectedError) -> Conflict:
    """A clear 409 for a delete the database refused because results or seatings refer to
    the object (``on_delete=PROTECT``)."""
    en, nl = _NAMES.get(instance._meta.model_name or "", ("object", "object"))
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


def delete_unless_protected(instance: models.Model) -> None:
    """Delete ``instance``, or raise the conflict that says which results protect it. Called
    inside the service's transaction: a refusal rolls back its audit entry too."""
    try:
        with transaction.atomic():
            instance.delete()
    except ProtectedError as exc:
        raise protected_conflict(instance, exc) from exc
