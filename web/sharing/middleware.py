"""``?lang=nl`` or ``?lang=en`` on a page's address shows it in that language for that
request (nothing is remembered): a shared link keeps the language it was shared in, and a chat
app's robot, which sends no cookie, sees the page and its preview as the sharer did. The parts
htmx fetches for such a page (the standings refreshing themselves) follow the page's address,
which htmx sends along (``HX-Current-URL``)."""

from collections.abc import Callable
from urllib.parse import parse_qs, urlsplit

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation


def wanted_language(request: HttpRequest) -> str:
    wanted = request.GET.get("lang", "")
    if not wanted and "HX-Current-URL" in request.headers:
        query = parse_qs(urlsplit(request.headers["HX-Current-URL"]).query)
        wanted = (query.get("lang") or [""])[0]
    return wanted if wanted in dict(settings.LANGUAGES) else ""


class LanguageParameterMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        wanted = wanted_language(request)
        if wanted and not request.path.startswith("/api/"):
            translation.activate(wanted)
            request.LANGUAGE_CODE = wanted
        return self.get_response(request)
