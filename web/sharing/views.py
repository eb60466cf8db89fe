"""The previews' pictures: PNG, in the language of the URL, for what the public may see only
(404 otherwise, whoever asks: a preview is what a chat app's robot sees). Conditional GETs
answer 304 for a picture the client has."""

from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.views.decorators.http import require_safe

from web.sharing import cards
from web.sharing.store import picture

MAX_AGE = 300


def _language(code: str) -> str:
    if code not in dict(settings.LANGUAGES):
        raise Http404
    return code


def _answer(
    request: HttpRequest, kind: str, key: str, language: str, shown: cards.Shown | None
) -> HttpResponse:
    if shown is None:
        raise Http404
    png, digest = picture(kind, key, language, shown)
    etag = f'"{digest[:32]}"'
    if etag in request.headers.get("If-None-Match", ""):
        response: HttpResponse = HttpResponseNotModified()
    else:
        response = HttpResponse(png, content_type="image/png")
    response["ETag"] = etag
    response["Cache-Control"] = f"public, max-age={MAX_AGE}"
    response["Content-Language"] = language
    return response


@require_safe
def event_picture(request: HttpRequest, event_id: int, language: str) -> HttpResponse:
    language = _language(language)
    return _answer(
        request, "event", str(event_id), language, cards.event_preview(event_id, language)
    )


@require_safe
def evening_picture(
    request: HttpRequest, event_id: int, player_id: int, language: str
) -> HttpResponse:
    language = _language(language)
    return _answer(
        request,
        "evening",
        f"{event_id}:{player_id}",
        language,
        cards.evening_preview(event_id, player_id, language),
    )


@require_safe
def rating_picture(
    request: HttpRequest, player_id: int, club_id: int, game: str, language: str
) -> HttpResponse:
    language = _language(language)
    return _answer(
        request,
        "rating",
        f"{player_id}:{club_id}:{game}",
        language,
        cards.rating_preview(player_id, club_id, game, language),
    )
