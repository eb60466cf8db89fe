"""The API speaks English in ``message``; Dutch goes in ``message_nl`` (see web.api.errors); it
answers times in UTC (``2026-11-27T19:00:00Z``), whatever the site's zone; and every error it
answers names a problem's game by its number (``game_number``), whoever made the problem."""

import datetime
import json
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import timezone, translation

from web.api.errors import numbered


class ApiLanguageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path.startswith("/api/"):
            translation.activate("en")
            request.LANGUAGE_CODE = "en"
            timezone.activate(datetime.UTC)
            try:
                return _numbered_errors(self.get_response(request))
            finally:
                timezone.deactivate()
        return self.get_response(request)


def _numbered_errors(response: HttpResponse) -> HttpResponse:
    """An error answer in the API's one shape: the services, the rules and the framework name
    a problem's game ``game`` (its number in the document); the API calls it ``game_number``
    (``game`` is a game's code everywhere in the API)."""
    if (
        response.status_code < 400
        or getattr(response, "streaming", False)
        or not response.get("Content-Type", "").startswith("application/json")
    ):
        return response
    try:
        body = json.loads(response.content)
    except ValueError:
        return response
    if not isinstance(body, dict) or not isinstance(body.get("errors"), list):
        return response
    errors = numbered(body["errors"])
    if errors == body["errors"]:
        return response
    body["errors"] = errors
    response.content = json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()
    if response.has_header("Content-Length"):  # set by an inner middleware for the old body
        response["Content-Length"] = str(len(response.content))
    return response
