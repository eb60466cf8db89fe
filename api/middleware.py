"""The API speaks English in ``message``; Dutch goes in ``message_nl`` (see api.errors); and it
answers times in UTC (``2026-11-27T19:00:00Z``), whatever the site's zone."""

import datetime
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import timezone, translation


class ApiLanguageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path.startswith("/api/"):
            translation.activate("en")
            request.LANGUAGE_CODE = "en"
            timezone.activate(datetime.UTC)
            try:
                return self.get_response(request)
            finally:
                timezone.deactivate()
        return self.get_response(request)
