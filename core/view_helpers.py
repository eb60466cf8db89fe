"""What every web view needs: localized problems (on a page or a form), permission answers and
htmx detection. (Whether the user has a role in a club is ``clubs.view_helpers.has_role``.)"""

from collections.abc import Iterable
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from django_htmx.middleware import HtmxDetails

from core.errors import ServiceError
from core.errors import problem as api_problem


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


def attach_problems(form: forms.Form, errors: list[dict[str, Any]]) -> None:
    """Show the service's problems on the form: on their field if it has one, else on top."""
    for error in errors:
        field = error.get("field")
        form.add_error(field if field in form.fields else None, error["text"])


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """The site's 404. A table's link that leads nowhere says what probably happened (the
    seating was redone, or the link was mistyped) and whom to ask, instead of a bare "Not
    found"."""
    if request.path.startswith("/api/"):  # the API's one error shape, not a page
        return JsonResponse({"errors": [api_problem("not_found", _("Not found."))]}, status=404)
    template = "stale_link.html" if request.path.startswith("/t/") else "404.html"
    return render(request, template, status=404)


def refused_or_told(request: HttpRequest, exc: ServiceError) -> HttpResponse | None:
    """A command the service turned down: the 403 page (or the sign-in page) when the user may
    not do it; otherwise its problems become messages on the next page and None is returned
    (the caller redirects)."""
    if exc.status_code == 403:
        return refused(request, exc)
    for problem in problems(exc.errors):
        messages.error(request, problem["text"])
    return None


def refused_or_on_form(
    request: HttpRequest, exc: ServiceError, form: forms.Form
) -> HttpResponse | None:
    """A form's write the service turned down: the 403 page when the user may not make it;
    otherwise its problems are shown on the form and None is returned (the caller renders)."""
    if exc.status_code == 403:
        return refused(request, exc)
    attach_problems(form, problems(exc.errors))
    return None


def short_names(names: list[str]) -> list[str]:
    """First names where they tell the players at a table apart, full names otherwise."""
    first = [name.split()[0] if name.split() else name for name in names]
    return first if len(set(first)) == len(first) else names
