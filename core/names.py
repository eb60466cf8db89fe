"""One rule for every name and title a person types: a player's, club's, event's, team's,
house rules' or API token's name, a club's city, a planned night's place, a webhook's
description. (How two names are *compared* is ``clubs.names``.)

A name is one line of visible text:

- it is kept normalized: NFC, trimmed (spaces and line breaks at either end go), every run of
  spaces inside (any Unicode space) one plain space;
- inside, it may not contain a line break or another control character (Unicode Cc: tab, CR,
  LF, vertical tab, form feed, NEL ...), a line or paragraph separator (U+2028, U+2029), a mark
  or override of the text's direction (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to
  U+2069), or an invisible character (every other format character, Cf: zero-width spaces and
  joiners, the byte order mark, the word joiner, the soft hyphen ...; a lone surrogate; the
  letters that show nothing: the Hangul fillers, the combining grapheme joiner ...). Such a
  character breaks pictures, e-mail headers and calendars, or lets one name pass for another
  in the standings. A name that has one is refused, naming the character and where it is,
  never silently changed.

The models declare such fields as :class:`NameField` with the words that name them in a
message (``label``: "The player's name"); the services apply the rule with :func:`typed` (or
:func:`typed_problems`, to report every problem of a form at once), and the field applies it
again on every save, so no door (API, page, admin, import, command) can store a name the rule
refuses. :func:`cleaned_name` is what text that did not come from a person's typing becomes
(a login's full name, an imported game's name, what the data migrations made of names stored
before the rule: :func:`clean_stored`), and what output that needs one line makes of any
stored text (an e-mail's subject, a picture's line).
"""

from __future__ import annotations

import unicodedata
from typing import Any

from django.db import models
from django.utils.translation import gettext_lazy as _

from core.errors import Message, ServiceError, Text, problem

LINE_BREAK, CONTROL, DIRECTION, INVISIBLE = "line_break", "control", "direction", "invisible"

# What ``str.splitlines`` (and so many a reader of text) takes for the end of a line.
LINE_BREAKS = frozenset("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")
DIRECTION_MARKS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
# Letters and marks that are drawn as nothing, though Unicode does not count them as format
# characters (its Default_Ignorable_Code_Point, without the variation selectors an emoji needs).
INVISIBLE_LETTERS = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180f\u3164\uffa0")

_WHAT = {
    LINE_BREAK: _("a line break"),
    CONTROL: _("a control character"),
    DIRECTION: _("a text direction mark"),
    INVISIBLE: _("an invisible character"),
}


def refused_kind(char: str) -> str | None:
    """Why the rule refuses ``char`` in a name (one of the kinds above), or None."""
    if char in LINE_BREAKS:
        return LINE_BREAK
    category = unicodedata.category(char)
    if category == "Cc":
        return CONTROL
    if char in DIRECTION_MARKS:
        return DIRECTION
    if category in ("Cf", "Cs") or char in INVISIBLE_LETTERS:
        return INVISIBLE
    return None


def normalized(value: str) -> str:
    """NFC, trimmed, every run of spaces one space. (Says nothing about refused characters.)"""
    return " ".join(unicodedata.normalize("NFC", value).split())


def first_refused(value: str) -> tuple[int, str] | None:
    """The first character the rule refuses in ``value`` as it is kept (NFC, trimmed: a line
    break at either end goes with the spaces), as (its index there, the character)."""
    for index, char in enumerate(unicodedata.normalize("NFC", value).strip()):
        if refused_kind(char) is not None:
            return index, char
    return None


def name_problems(value: str, *, field: str, label: Message) -> list[dict[str, Any]]:
    """The problem with ``value`` as a name (none, or one naming its first refused character
    and where it is), in the API's shape; ``label`` names the field in a message ("The
    player's name")."""
    found = first_refused(value)
    if found is None:
        return []
    index, char = found
    kind = refused_kind(char)
    assert kind is not None
    return [
        problem(
            "invalid_name",
            Text(
                _(
                    "%(label)s contains %(what)s (U+%(code)s) at position %(position)s: a name "
                    "is one line of visible text."
                ),
                label=label,
                what=_WHAT[kind],
                code=f"{ord(char):04X}",
                position=index + 1,
            ),
            field=field,
        )
    ]


def typed_name(value: str, *, field: str, label: Message) -> str:
    """``value`` normalized, or a ``ServiceError`` that says which character the rule refuses
    and where it is."""
    problems = name_problems(value, field=field, label=label)
    if problems:
        raise ServiceError(problems)
    return normalized(value)


def cleaned_name(value: str) -> str:
    """``value`` made a name without asking: a line break or another control character
    becomes a space, a direction mark or an invisible character goes, and the rest is
    normalized. Never fails (and may be empty)."""
    kept = []
    for char in value:
        kind = refused_kind(char)
        if kind in (LINE_BREAK, CONTROL):
            kept.append(" ")
        elif kind is None:
            kept.append(char)
    return normalized("".join(kept))


class NameField(models.CharField):
    """A name or title a person types. Every save applies the rule (``typed_name``): the value
    is stored normalized, and one with a refused character is not stored at all (a
    ``ServiceError`` whose message names the field by ``label``).

    The services apply the rule first (``typed``, with the field as their request calls it);
    this is the guarantee that a path they do not know stores nothing else. (``label`` is not
    part of the migrations: a change of words changes no table.)"""

    def __init__(self, *args: Any, label: Message | None = None, **kwargs: Any) -> None:
        self.label = label
        super().__init__(*args, **kwargs)

    def words(self) -> Message:
        """How a message names the field: its ``label``, else "The field '<its name>'"."""
        return self.label or Text(_("The field '%(field)s'"), field=self.verbose_name)

    def pre_save(self, model_instance: models.Model, add: bool) -> Any:
        value = getattr(model_instance, self.attname)
        if isinstance(value, str):
            value = typed_name(value, field=self.name, label=self.words())
            setattr(model_instance, self.attname, value)
        return value


def _name_field(model: type[models.Model], name: str) -> NameField:
    found = model._meta.get_field(name)
    if not isinstance(found, NameField):
        raise TypeError(f"{model.__name__}.{name} is not a NameField")
    return found


def typed_problems(
    model: type[models.Model], name: str, value: str, *, field: str | None = None
) -> list[dict[str, Any]]:
    """The problem with ``value`` for ``model``'s name field ``name`` (none or one), reported
    on ``field`` (the field as the request calls it; ``name`` by default)."""
    return name_problems(value, field=field or name, label=_name_field(model, name).words())


def typed(model: type[models.Model], name: str, value: str, *, field: str | None = None) -> str:
    """``value`` as ``model``'s name field ``name`` keeps it (normalized), or a
    ``ServiceError`` naming the character the rule refuses (on ``field``, ``name`` by
    default)."""
    problems = typed_problems(model, name, value, field=field)
    if problems:
        raise ServiceError(problems)
    return normalized(value)


def clean_stored(model: type[models.Model], names: list[str], fallback: Any = None) -> int:
    """Clean the fields ``names`` of every row of ``model`` (a data migration's historical
    model) as ``cleaned_name`` does, and write the rows that change; a name that would be left
    empty where the field needs one (not ``blank``) becomes ``fallback(row)``. Returns the
    rows written."""
    fields = {name: model._meta.get_field(name) for name in names}
    written = 0
    for row in model._default_manager.order_by("pk").iterator():
        changed = []
        for name, field in fields.items():
            value = getattr(row, name)
            clean = cleaned_name(value)
            if not clean and not getattr(field, "blank", False) and fallback is not None:
                clean = str(fallback(row))[: getattr(field, "max_length", None) or None]
            if clean != value:
                setattr(row, name, clean)
                changed.append(name)
        if changed:
            model._default_manager.filter(pk=row.pk).update(
                **{name: getattr(row, name) for name in changed}
            )
            written += 1
    return written
