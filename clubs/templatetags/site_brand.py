"""The site header's name: the club a page belongs to, else the service
(``{% site_brand %}``). A club's night never shows another game's name in the header.

Every page's title follows one rule (``page_title``): what the page is, then the header's name,
"Standings – Najaarstoernooi · De Zwarte Schoppen". A page's own ``{% block title %}`` says what
the page is, most particular first, its parts joined by " – " (the page, then its event), and
never names the club: the header's name is added once, here, and is the whole title of a page
that says nothing more (the club's own page)."""

from typing import Any

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

register = template.Library()

SEPARATOR = " · "


@register.simple_tag(takes_context=True)
def site_brand(context: Any) -> str:
    event = context.get("event")
    club = getattr(event, "club", None) if event is not None else context.get("club")
    name = getattr(club, "name", None)
    return str(name) if isinstance(name, str) and name else _("Club games")


@register.filter
def page_title(page: str, brand: str) -> SafeString:
    """The ``<title>``: ``page`` (the page's own title block, already rendered and escaped)
    and the header's name ``brand``; the name alone when the page says nothing more."""
    page = str(page).strip()
    name = conditional_escape(brand)
    if not page or page == name:
        return mark_safe(name)
    return mark_safe(f"{page}{SEPARATOR}{name}")
