"""The game an event plays, named for a page: ``{{ event|game_name }}`` (the registry's name of
the event's game, in the page's language), ``{{ event|game_beside }}`` (the same beside the
event's name in a header: nothing where the event is called after its game, an event named
"Jonkler") and ``{{ event|rules_note }}`` (its built-in ruleset's name, or a house ruleset's
label; nothing where that only says the game's name again, as Jonkler's, Bonko's and
Bonanza's own rules do): a header names the game once, never
"Jonkler (Jonkler)"; ``{{ contract|named }}`` (what a game's rules name in English and Dutch,
``name`` and ``name_nl``, or another pair: ``|named:"unit_name"``)."""

from typing import Any

from django import template

from core.view_helpers import dutch
from games.registry import find_game

register = template.Library()


def _named(thing: Any) -> str:
    return str(thing.name_nl if dutch() else thing.name)


@register.filter
def named(thing: Any, field: str = "name") -> str:
    """``thing``'s ``field`` in the page's language (its ``<field>_nl`` on a Dutch page, when
    it has one)."""
    english = getattr(thing, field, "")
    return str((getattr(thing, f"{field}_nl", "") if dutch() else "") or english or "")


@register.filter
def game_name(event: Any) -> str:
    """The name of ``event``'s game (or of the game whose code is given); its code if the
    registry does not know it."""
    code = getattr(event, "game", event)
    game = find_game(code)
    return _named(game) if game is not None else str(code or "")


@register.filter
def game_beside(event: Any) -> str:
    """The game's name beside the event's, or "" when the event's name is the game's own (in
    either language): the header names it once."""
    game = find_game(getattr(event, "game", None))
    name = str(getattr(event, "name", "") or "").strip().casefold()
    if game is not None and name in (str(game.name).casefold(), str(game.name_nl).casefold()):
        return ""
    return game_name(event)


@register.filter
def rules_note(event: Any) -> str:
    """The name of the event's ruleset (a built-in one's name, a house ruleset's label), or ""
    when it is the game's own name: the game is named once."""
    game = find_game(getattr(event, "game", None))
    ruleset = game.rulesets.get(event.ruleset) if game is not None else None
    name = _named(ruleset) if ruleset is not None else str(getattr(event, "ruleset", ""))
    return "" if name.casefold() == game_name(event).casefold() else name
