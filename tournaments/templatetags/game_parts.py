"""``{% game_part event.game "sheet" %}``: include a game's part of a core page (its plug-in's
``parts``, ``tournaments.game_plugins``), with the page's context; nothing where the game has none,
or ``missing`` (a template name) for a part every game should give."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import SafeString, mark_safe

from tournaments.game_plugins import game_plugin

register = template.Library()


@register.simple_tag(takes_context=True)
def game_part(context: Any, code: str, part: str, missing: str = "") -> SafeString:
    name = game_plugin(code).parts.get(part) or missing
    if not name:
        return mark_safe("")
    return context.template.engine.get_template(name).render(context)


@register.filter
def game_has_part(code: str, part: str) -> bool:
    return bool(game_plugin(code).parts.get(part))


@register.inclusion_tag("games/_stylesheets.html")
def game_stylesheets(code: str) -> dict[str, tuple[str, ...]]:
    """The game's stylesheets, for a page that shows its parts (a sheet, its cards)."""
    return {"stylesheets": game_plugin(code).stylesheets}


@register.simple_tag
def game_assets(code: str) -> dict[str, tuple[str, ...]]:
    """The static paths of the game's scripts and stylesheets for its table page."""
    plugin = game_plugin(code)
    return {"scripts": plugin.scripts, "stylesheets": plugin.stylesheets}
