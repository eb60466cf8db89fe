"""The club's embeds: small pages a club's own website shows in an iframe (its standings, its
ratings, its next nights; one event's standings), in a light layout without the site's header.

Only these pages may be framed, and only by the origins the club's organizers listed
(``web.embeds.origins``): the response names them for the site's policy middleware
(``response.frame_ancestors``, written into ``frame-ancestors``; no X-Frame-Options). They show
what an anonymous visitor sees, whoever is signed in: an unpublished event is a 404.

Query parameters: ``theme=light|dark``, ``lang=nl|en`` (else the site's language), and on the
club's embed ``game=<code>`` (one game only) and ``top=<1..100>`` (lines per list, default 10).
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import timezone, translation
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from core.errors import ServiceError, Text, problem
from core.view_helpers import problems
from tournaments.events.views.visible import game_columns
from tournaments.models import Event
from tournaments.selectors import stored_standings
from web.embeds import selectors
from web.embeds.origins import club_origins

THEMES = ("light", "dark")
LANGUAGES = ("nl", "en")
LIVE_REFRESH_SECONDS = 60
CACHE_SECONDS = 30


def _framed(response: HttpResponse, club_id: int) -> HttpResponse:
    """Let the club's own origins frame ``response`` (and nobody else)."""
    origins = club_origins(club_id)
    response.frame_ancestors = tuple(origins)  # type: ignore[attr-defined]
    response.xframe_options_exempt = bool(origins)  # type: ignore[attr-defined]
    # The same for every visitor (an anonymous visitor's view): club sites' caches may keep it.
    patch_cache_control(response, public=True, max_age=CACHE_SECONDS)
    return response


def _common(request: HttpRequest, errors: list[dict[str, Any]]) -> dict[str, Any]:
    """Theme and language from the query (the language is switched on for this request)."""
    theme = request.GET.get("theme", "light")
    if theme not in THEMES:
        errors.append(
            problem(
                "invalid_parameter",
                Text(_("theme takes %(choices)s."), choices="light, dark"),
                field="theme",
            )
        )
        theme = "light"
    lang = request.GET.get("lang", "")
    if lang and lang not in LANGUAGES:
        errors.append(
            problem(
                "invalid_parameter",
                Text(_("lang takes %(choices)s."), choices="nl, en"),
                field="lang",
            )
        )
    elif lang:
        translation.activate(lang)
        request.LANGUAGE_CODE = lang
    return {"theme": theme}


def club_embed(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    errors: list[dict[str, Any]] = []
    context = _common(request, errors)
    top = selectors.DEFAULT_TOP
    games = selectors.club_games(club)
    try:
        top = selectors.parse_top(request.GET.get("top", ""))
    except ServiceError as error:
        errors.extend(error.errors)
    if wanted := request.GET.get("game", ""):
        try:
            games = [selectors.checked_game(wanted, games)]
        except ServiceError as error:
            errors.extend(error.errors)
    context.update(
        {
            "club": club,
            "errors": problems(errors),
            "boards": []
            if errors
            else selectors.club_boards(club, games=games, today=timezone.localdate(), top=top),
            "nights": None if errors else selectors.next_nights(club),
        }
    )
    response = render(request, "embeds/club.html", context, status=400 if errors else 200)
    return _framed(response, club.pk)


def event_embed(request: HttpRequest, event_id: int) -> HttpResponse:
    event = selectors.public_event(event_id)
    errors: list[dict[str, Any]] = []
    context = _common(request, errors)
    standings = [] if errors else list(stored_standings(event))
    context.update(
        {
            "event": event,
            "club": event.club,
            "game_name": selectors.game_names(event.game),
            "errors": problems(errors),
            "standings": standings,
            "up_to_date": selectors.standings_up_to_date(event),
            "live": event.status != Event.Status.FINISHED,
            "refresh_seconds": LIVE_REFRESH_SECONDS,
        }
    )
    context.update(game_columns(event, standings))
    response = render(request, "embeds/event.html", context, status=400 if errors else 200)
    return _framed(response, event.club_id)
