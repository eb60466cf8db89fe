"""A Content-Security-Policy on every response.

The pages load scripts and styles from the site itself only (htmx is vendored, nothing comes
from a CDN) and have no inline script, inline style or event-handler attribute, so the policy
is strict. The Django admin and the API's documentation page (Swagger UI, which sets styles
from its scripts) also may use inline styles; nothing may be framed or post elsewhere.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

STRICT = "; ".join([
    "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:",
    "font-src 'self'", "connect-src 'self'", "object-src 'none'", "base-uri 'self'",
    "form-action 'self'", "frame-ancestors 'none'",
])
WITH_INLINE_STYLES = STRICT.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
INLINE_STYLE_PATHS = ("/admin/", "/api/docs/")


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if "Content-Security-Policy" not in response:
            relaxed = request.path.startswith(INLINE_STYLE_PATHS)
            response["Content-Security-Policy"] = WITH_INLINE_STYLES if relaxed else STRICT
        return response
