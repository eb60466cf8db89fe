"""The site header's name: the club a page belongs to, else the service
(``{% site_brand %}``). A club's night never shows another game's name in the header."""

from typing import Any

from django import template
from django.utils.translation import gettext as _

register = template.Library()


@register.simple_tag(takes_context=True)
def site_brand(context: Any) -> str:
    event = context.get("event")
    club = getattr(event, "club", None) if event is not None else context.get("club")
    name = getattr(club, "name", None)
    return str(name) if isinstance(name, str) and name else _("Club games")
