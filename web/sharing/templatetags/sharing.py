"""``{% preview_tags "event" event.pk %}``, ``{% preview_tags "evening" event.pk player.pk %}``,
``{% preview_tags "rating" player.pk club_id game %}``: the Open Graph and Twitter card tags of
a page, in the page's language, with absolute addresses. Nothing for what the public may not
see (an unpublished event shows no preview, even to the members who see its page)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django import template
from django.conf import settings
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from web.sharing import cards
from web.sharing.drawing import HEIGHT, WIDTH
from web.sharing.store import digest

register = template.Library()

LOCALES = {"nl": "nl_NL", "en": "en_GB"}


def _shown(kind: str, args: tuple[Any, ...], language: str) -> tuple[cards.Shown | None, str]:
    if kind == "event":
        (event_id,) = args
        return (
            cards.event_preview(int(event_id), language),
            reverse("sharing:event_picture", args=[event_id, language]),
        )
    if kind == "evening":
        event_id, player_id = args
        return (
            cards.evening_preview(int(event_id), int(player_id), language),
            reverse("sharing:evening_picture", args=[event_id, player_id, language]),
        )
    player_id, club_id, game = args
    if club_id in (None, "") or not game:
        return None, ""
    return (
        cards.rating_preview(int(player_id), int(club_id), str(game), language),
        reverse("sharing:rating_picture", args=[player_id, club_id, game, language]),
    )


@register.simple_tag(takes_context=True)
def preview_tags(context: dict[str, Any], kind: str, *args: Any) -> SafeString:
    request = context.get("request")
    if request is None:
        return mark_safe("")
    language = (translation.get_language() or settings.LANGUAGE_CODE)[:2]
    if language not in LOCALES:
        language = settings.LANGUAGE_CODE
    shown, image = _shown(kind, args, language)
    if shown is None:
        return mark_safe("")
    # The page's own address with its language, so a shared link opens (and previews) in it.
    query = {key: value for key, value in request.GET.items() if key != "lang"}
    query["lang"] = language
    page = request.build_absolute_uri(f"{request.path}?{urlencode(query)}")
    return render_to_string(
        "sharing/_tags.html",
        {
            "title": shown.title,
            "site": shown.site or _("Club games"),
            "description": shown.description,
            "image": request.build_absolute_uri(f"{image}?v={digest(shown)[:12]}"),
            "image_alt": shown.card.title,
            "width": WIDTH,
            "height": HEIGHT,
            "url": page,
            "locale": LOCALES[language],
            "alternates": [code for lang, code in LOCALES.items() if lang != language],
        },
    )
