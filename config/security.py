"""A Content-Security-Policy on every response.

The pages load scripts and styles from the site itself only (htmx is vendored, nothing comes
from a CDN) and have no inline script, inline style or event-handler attribute, so the policy
is strict. The Django admin and the API's documentation page (Swagger UI, which sets styles
from its scripts) also may use inline styles; nothing may post elsewhere, and nothing may be
framed except a club's embeds (``web.embeds.views.frames``), by the origins the club listed: such a
response names them in ``response.frame_ancestors`` and gets them as its ``frame-ancestors``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from django.http import HttpRequest, HttpResponse

STRICT = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
WITH_INLINE_STYLES = STRICT.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
INLINE_STYLE_PATHS = ("/admin/", "/api/docs/")


NOT_FRAMED = "frame-ancestors 'none'"


def framed_by(policy: str, origins: Sequence[str]) -> str:
    """``policy`` letting ``origins`` (checked origins, none: nobody) frame the page."""
    return policy.replace(NOT_FRAMED, "frame-ancestors " + " ".join(origins)) if origins else policy


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if "Content-Security-Policy" not in response:
            relaxed = request.path.startswith(INLINE_STYLE_PATHS)
            policy = WITH_INLINE_STYLES if relaxed else STRICT
            response["Content-Security-Policy"] = framed_by(
                policy, getattr(response, "frame_ancestors", ())
            )
        return response
