"""The Content-Security-Policy header on every response.

Pages load scripts, styles and images from this site only (htmx is vendored), use no inline
script or style attribute, and may not be framed; ``CONTENT_SECURITY_POLICY`` says so. A view
that needs another policy sets its own header with ``content_security_policy`` (the API's
browsable documentation: Swagger UI styles its elements inline)."""

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse

HEADER = "Content-Security-Policy"


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if HEADER not in response:
            response[HEADER] = settings.CONTENT_SECURITY_POLICY
        return response


def content_security_policy(policy: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """A view whose responses carry ``policy`` instead of the site's."""

    def decorate(view: Callable[..., Any]) -> Callable[..., Any]:
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            response = view(request, *args, **kwargs)
            response[HEADER] = policy
            return response

        return wrapped

    return decorate
