"""``?lang=nl`` or ``?lang=en`` on a page's address shows it in that language for that
request (nothing is remembered): a shared link keeps the language it was shared in, and a chat
app's robot, which sends no cookie, sees the page and its preview as the sharer did."""

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation


class LanguageParameterMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        wanted = request.GET.get("lang", "")
        if wanted in dict(settings.LANGUAGES) and not request.path.startswith("/api/"):
            translation.activate(wanted)
            request.LANGUAGE_CODE = wanted
        return self.get_response(request)
