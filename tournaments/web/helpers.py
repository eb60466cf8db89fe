"""What every web view needs: localized problems, permission answers and htmx detection."""

from collections.abc import Iterable
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language
from django_htmx.middleware import HtmxDetails

from clubs.errors import NotAllowed, ServiceError
from clubs.selectors import user_has_role


def dutch() -> bool:
    return (get_language() or "nl").startswith("nl")


def problems(errors: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The service's problems with ``text`` in the page's language (message_nl in Dutch)."""
    use_nl = dutch()
    return [
        {**error, "text": (error.get("message_nl") if use_nl else None) or error["message"]}
        for error in errors
    ]


def is_htmx(request: HttpRequest) -> bool:
    """Whether htmx sent the request (a fragment is wanted, not the whole page)."""
    return bool(getattr(request, "htmx", None) or HtmxDetails(request))


def refused(request: HttpRequest, exc: ServiceError | None = None) -> HttpResponse:
    """The answer to a request its user may not make: sign in first, or a 403 page."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    errors = problems(exc.errors) if exc is not None else []
    return render(request, "403.html", {"errors": errors}, status=403)


def service_failed(
    request: HttpRequest, exc: ServiceError, template: str, context: dict[str, Any]
) -> HttpResponse:
    """Re-render ``template`` with the service's problems (or refuse, for NotAllowed)."""
    if isinstance(exc, NotAllowed):
        return refused(request, exc)
    context = {**context, "errors": problems(exc.errors)}
    return render(request, template, context, status=exc.status_code)


def has_role(request: HttpRequest, club_id: int, roles: frozenset[str]) -> bool:
    return user_has_role(request.user, club_id, roles)
